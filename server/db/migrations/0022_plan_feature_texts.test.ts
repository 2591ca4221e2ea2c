import { openTestDatabase } from '../../test/testApp';
import type { DatabaseHandle } from '../index';
import { PLAN_CATALOG } from '../reference/billingCatalog';
import { up } from './0022_plan_feature_texts';

describe('0022 plan feature texts', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it("rewrites a shop database's stored feature lists with the catalog's wording, every plan and language", async () => {
    const old = {
      ...PLAN_CATALOG[1].featuredText,
      fr: 'Images shoppables avec repères produits;Remises groupées et booster de panier',
    };
    await handle.db
      .updateTable('plans')
      .set({ featuredText: JSON.stringify(old) })
      .where('name', 'in', ['monthly', 'yearly'])
      .execute();

    await up(handle.db);

    const plans = await handle.db.selectFrom('plans').select(['name', 'featuredText']).orderBy('sortOrder').execute();
    expect(plans.map((p) => p.name)).toEqual(PLAN_CATALOG.map((p) => p.name));
    for (const plan of plans)
      expect(plan.featuredText).toEqual(PLAN_CATALOG.find((p) => p.name === plan.name)!.featuredText);
    expect(plans.find((p) => p.name === 'monthly')!.featuredText.fr).toContain('Réductions groupées');
  });
});
