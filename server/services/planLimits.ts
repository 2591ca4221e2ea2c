import type { Db } from '../db';

/** SPEC §9: the free plan includes 1 bundle (usageLimit default 1). */
export const FREE_PLAN_USAGE_LIMIT = 1;

/**
 * How many active looks the shop's current plan allows (null = unlimited).
 * Billing (issue 6) makes this read the shop's confirmed plan.
 */
export async function activeLookLimit(_db: Db, _shopId: number): Promise<number | null> {
  return FREE_PLAN_USAGE_LIMIT;
}

export async function countActiveLooks(db: Db, shopId: number): Promise<number> {
  const row = await db
    .selectFrom('productLooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('shopId', '=', shopId)
    .where('active', '=', true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** True when the shop uses all the active looks its plan allows. */
export async function shouldUpgradeToPaidPlan(db: Db, shopId: number): Promise<boolean> {
  const limit = await activeLookLimit(db, shopId);
  if (limit === null) return false;
  return (await countActiveLooks(db, shopId)) >= limit;
}
