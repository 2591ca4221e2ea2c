import type { Db } from '../../db';
import type { SubscriptionEndReason } from '../../../src/contracts/billing';
import { switchToFree } from './billing';

/** app_subscriptions/update as the platform sends it (REST-shaped; the status in capitals, e.g. `FROZEN`). */
export interface SubscriptionUpdate {
  /** The subscription's gid (`admin_graphql_api_id`). */
  id: string;
  status: string;
}

const ENDED: Record<string, SubscriptionEndReason> = {
  CANCELLED: 'cancelled',
  DECLINED: 'declined',
  FROZEN: 'frozen',
  EXPIRED: 'expired',
};

export type SubscriptionOutcome = 'ended' | 'reactivated' | 'unchanged';

/**
 * The platform changed a subscription of the shop. When it is the shop's current plan and it was
 * cancelled, declined, frozen or expired, the shop moves to free at once (the charge keeps the reason,
 * named by the free plan for the plans page); when the subscription that ended the plan is active again
 * (a frozen store paid), its plan comes back. Anything else (a subscription the app already replaced or
 * cancelled itself, an unknown one) changes nothing. Idempotent: a repeated delivery finds it done.
 */
export async function applySubscriptionUpdate(
  deps: { db: Db; now: () => Date },
  shopId: number,
  update: SubscriptionUpdate,
): Promise<SubscriptionOutcome> {
  const { db, now } = deps;
  const charge = await db
    .selectFrom('charges')
    .selectAll()
    .where('shopId', '=', shopId)
    .where('purpose', '=', 'plan')
    .where('kind', '=', 'subscription')
    .where('platformChargeId', '=', update.id)
    .executeTakeFirst();
  if (!charge) return 'unchanged';
  const current = await db.selectFrom('shopPlans').selectAll().where('shopId', '=', shopId).executeTakeFirst();
  const status = update.status.toUpperCase();
  const reason = ENDED[status];
  if (reason) {
    if (current?.chargeId !== charge.id || current.planName === 'free') return 'unchanged';
    await db.updateTable('charges').set({ status: reason, decidedAt: now() }).where('id', '=', charge.id).execute();
    await switchToFree(deps, shopId, { chargeId: charge.id });
    return 'ended';
  }
  if (
    status === 'ACTIVE' &&
    current?.planName === 'free' &&
    current.chargeId === charge.id &&
    charge.status !== 'active'
  ) {
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('charges')
        .set({ status: 'active', decidedAt: now() })
        .where('id', '=', charge.id)
        .execute();
      await trx
        .updateTable('shopPlans')
        .set({
          planName: charge.reference as 'monthly' | 'yearly',
          discountPercentage: charge.discountPercentage,
          discountCode: charge.discountCode,
          activatedAt: now(),
        })
        .where('shopId', '=', shopId)
        .where('chargeId', '=', charge.id)
        .execute();
    });
    return 'reactivated';
  }
  return 'unchanged';
}
