import { openTestDatabase } from '../../test/testApp';
import type { DatabaseHandle } from '../index';
import { up } from './0023_checkout_switch';

describe('0023 checkout switch', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it('marks the config of every installed shop, once, and of no uninstalled one', async () => {
    const { db } = handle;
    const [installed, marked, uninstalled] = await db
      .insertInto('shops')
      .values([
        { domain: 'm23-installed.myshopify.com', locale: 'en', email: '', settings: '{}', installedAt: new Date() },
        { domain: 'm23-marked.myshopify.com', locale: 'en', email: '', settings: '{}', installedAt: new Date() },
        { domain: 'm23-uninstalled.myshopify.com', locale: 'en', email: '', settings: '{}', installedAt: null },
      ])
      .returning('id')
      .execute();
    await db.insertInto('storefrontChanges').values({ shopId: marked.id, target: 'config' }).execute();

    await up(db);

    const rows = await db.selectFrom('storefrontChanges').select(['shopId', 'target', 'generation']).where('shopId', 'in', [installed.id, marked.id, uninstalled.id]).orderBy('shopId').execute();
    expect(rows).toEqual([
      { shopId: installed.id, target: 'config', generation: 1 },
      { shopId: marked.id, target: 'config', generation: 2 },
    ]);
  });
});
