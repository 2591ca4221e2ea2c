import type { SeedContext } from './context';
import { seedBillingCatalog } from '../db/reference/billingCatalog';

/** The demo shop starts on the free plan. */
export async function seedBilling({ db, shop, now }: SeedContext): Promise<void> {
  await seedBillingCatalog(db);
  await db
    .insertInto('shopPlans')
    .values({
      shopId: shop.id,
      planName: 'free',
      chargeId: null,
      discountPercentage: null,
      discountCode: null,
      activatedAt: now,
    })
    .onConflict((oc) => oc.column('shopId').doNothing())
    .execute();
}
