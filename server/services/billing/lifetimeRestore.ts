import type { Db } from '../../db';
import type { ShopRow } from '../shop/shops';
import { BILLING_CURRENCY } from './charges';
import { findPlan, getShopPlan } from './plans';
import type { ShopifyBilling } from './platformBilling';

/** The name a Lifetime purchase is created with (selectPlan), how the platform reports it back. */
export const planChargeName = (title: string) => `Shoppable Looks ${title}`;

/**
 * After a (re)install: the uninstall moved the shop to free (endShopPlan), but a one-time purchase stays
 * the shop's. When the platform still reports an ACTIVE Lifetime purchase in
 * `currentAppInstallation.oneTimePurchases` — one this app recorded, or one named as the app names
 * Lifetime — the shop is on Lifetime again. Nothing is assumed beyond what the platform reports.
 * True when it restored the plan.
 */
export async function restoreLifetime(
  deps: { db: Db; now: () => Date },
  billing: Pick<ShopifyBilling, 'installation'>,
  shop: ShopRow,
): Promise<boolean> {
  const { db, now } = deps;
  const [current, plan] = await Promise.all([getShopPlan(db, shop.id), findPlan(db, 'lifetime')]);
  if (current.planName === 'lifetime' || !plan) return false;
  const known = await db
    .selectFrom('charges')
    .select(['id', 'platformChargeId'])
    .where('shopId', '=', shop.id)
    .where('purpose', '=', 'plan')
    .where('kind', '=', 'one_time')
    .where('reference', '=', 'lifetime')
    .where('platformChargeId', 'is not', null)
    .execute();
  const knownIds = new Map(known.map((c) => [c.platformChargeId!, c.id]));
  const { oneTimePurchases } = await billing.installation(shop);
  const purchase = oneTimePurchases.find(
    (p) => p.status === 'ACTIVE' && (knownIds.has(p.id) || p.name === planChargeName(plan.title)),
  );
  if (!purchase) return false;
  await db.transaction().execute(async (trx) => {
    let chargeId = knownIds.get(purchase.id);
    if (chargeId === undefined) {
      const row = await trx
        .insertInto('charges')
        .values({
          shopId: shop.id,
          kind: 'one_time',
          purpose: 'plan',
          reference: 'lifetime',
          name: purchase.name,
          amount: plan.price,
          currency: BILLING_CURRENCY,
          interval: null,
          confirmTokenHash: null,
          platformChargeId: purchase.id,
          returnUrl: '',
          status: 'active',
          decidedAt: now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      chargeId = row.id;
    } else {
      await trx.updateTable('charges').set({ status: 'active', decidedAt: now() }).where('id', '=', chargeId).execute();
    }
    const values = {
      planName: 'lifetime' as const,
      chargeId,
      discountPercentage: null,
      discountCode: null,
      activatedAt: now(),
    };
    await trx
      .insertInto('shopPlans')
      .values({ shopId: shop.id, ...values })
      .onConflict((oc) => oc.column('shopId').doUpdateSet(values))
      .execute();
  });
  return true;
}
