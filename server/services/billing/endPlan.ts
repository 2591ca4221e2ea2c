import type { Db } from '../../db';

/**
 * app/uninstalled: the platform ends the app's charges with the install, so the shop's plan
 * charges (active or still pending) are cancelled and the shop is on the free plan when it
 * comes back. Looks and every other row stay until shop/redact.
 */
export async function endShopPlan(db: Db, shopId: number, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('charges')
      .set({ status: 'cancelled', decidedAt: now })
      .where('shopId', '=', shopId)
      .where('purpose', '=', 'plan')
      .where('status', 'in', ['active', 'pending'])
      .execute();
    const free = {
      planName: 'free' as const,
      chargeId: null,
      discountPercentage: null,
      discountCode: null,
      activatedAt: now,
    };
    await trx
      .insertInto('shopPlans')
      .values({ shopId, ...free })
      .onConflict((oc) => oc.column('shopId').doUpdateSet(free))
      .execute();
  });
}
