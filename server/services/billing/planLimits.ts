import type { Db } from '../../db';

/** SPEC §9: the free plan includes 1 bundle (usageLimit default 1). */
export const FREE_PLAN_USAGE_LIMIT = 1;

/**
 * How many active looks the shop's CONFIRMED plan allows (null = unlimited):
 * free (or no plan row) → the free plan's usageLimit (default 1); a paid plan → null.
 */
export async function activeLookLimit(db: Db, shopId: number): Promise<number | null> {
  const current = await db.selectFrom('shopPlans').select('planName').where('shopId', '=', shopId).executeTakeFirst();
  const name = current?.planName ?? 'free';
  const plan = await db.selectFrom('plans').select('usageLimit').where('name', '=', name).executeTakeFirst();
  if (name === 'free') return plan?.usageLimit ?? FREE_PLAN_USAGE_LIMIT;
  return plan ? plan.usageLimit : null;
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
