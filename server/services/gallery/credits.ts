import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Config } from '../../config';
import type { ShopRow } from '../shop/shops';
import { createCharge, findReturnedCharge, type PlatformBilling } from '../billing/charges';
import { chargeReturnUrl } from '../billing/returnUrls';
import { badRequest, notFound, paymentRequired, conflict } from '../../http/errors';
import {
  FREE_CREDITS,
  isLowCredit,
  type ClaimFreeResponse,
  type CreditPackage,
  type Credits,
  type VerifyPurchaseResponse,
} from '../../../src/contracts/credits';

/** The shop's credit account row (created on first use). */
async function ensureAccount(db: Db, shopId: number): Promise<void> {
  await db
    .insertInto('shopCredits')
    .values({ shopId })
    .onConflict((oc) => oc.column('shopId').doNothing())
    .execute();
}

export async function getCredits(db: Db, shopId: number): Promise<Credits> {
  const row = await db.selectFrom('shopCredits').selectAll().where('shopId', '=', shopId).executeTakeFirst();
  const creditsRemaining = row?.balance ?? 0;
  return {
    creditsRemaining,
    creditsUsed: row?.used ?? 0,
    freeCreditsClaimedFlag: row?.freeClaimed ?? false,
    lowCreditWarning: isLowCredit(creditsRemaining),
  };
}

/** Adds credits once per (reason, reference); a replay adds nothing. Returns true when credited. */
export async function creditOnce(
  db: Db,
  shopId: number,
  amount: number,
  reason: 'free' | 'purchase' | 'refund',
  reference: string,
): Promise<boolean> {
  await ensureAccount(db, shopId);
  const inserted = await db
    .insertInto('creditLedger')
    .values({ shopId, delta: amount, reason, reference })
    .onConflict((oc) => oc.columns(['shopId', 'reason', 'reference']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return false;
  await db
    .updateTable('shopCredits')
    .set({
      balance: sql`balance + ${amount}`,
      used: reason === 'refund' ? sql`greatest(used - ${amount}, 0)` : sql`used`,
      freeClaimed: reason === 'free' ? true : sql`free_claimed`,
      updatedAt: new Date(),
    })
    .where('shopId', '=', shopId)
    .execute();
  return true;
}

/**
 * Debits one credit atomically (conditional UPDATE … WHERE balance > 0), so
 * concurrent starts never overdraw. Must run inside the caller's transaction
 * with the job start; throws 402 when no credit is left.
 */
export async function debitOne(db: Db, shopId: number, reference: string): Promise<void> {
  const row = await db
    .updateTable('shopCredits')
    .set({ balance: sql`balance - 1`, used: sql`used + 1`, updatedAt: new Date() })
    .where('shopId', '=', shopId)
    .where('balance', '>', 0)
    .returning('balance')
    .executeTakeFirst();
  if (!row) throw paymentRequired('Credits.errors.insufficient', 'insufficient_credits');
  await db.insertInto('creditLedger').values({ shopId, delta: -1, reason: 'generation', reference }).execute();
}

/** Free credits, once per shop. */
export async function claimFreeCredits(db: Db, shopId: number): Promise<ClaimFreeResponse> {
  const credited = await db.transaction().execute((trx) => creditOnce(trx, shopId, FREE_CREDITS, 'free', 'free'));
  if (!credited) throw conflict('Credits.errors.alreadyClaimed', 'free_credits_claimed');
  const credits = await getCredits(db, shopId);
  return { credits: credits.creditsRemaining, message: 'Credits.claim.success' };
}

const toPackage = (row: { id: number; name: string; price: string; credits: number }): CreditPackage => {
  const price = Number(row.price);
  return {
    id: row.id,
    name: row.name,
    price,
    credits: row.credits,
    pricePerCredit: Math.round((price / row.credits) * 10000) / 10000,
  };
};

export async function listPackages(db: Db): Promise<CreditPackage[]> {
  const rows = await db
    .selectFrom('creditPackages')
    .selectAll()
    .where('active', '=', true)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map(toPackage);
}

async function findPackage(db: Db, packageId: number): Promise<CreditPackage> {
  if (!Number.isSafeInteger(packageId) || packageId <= 0) throw notFound('Credits.errors.packageNotFound');
  const row = await db
    .selectFrom('creditPackages')
    .selectAll()
    .where('id', '=', packageId)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!row) throw notFound('Credits.errors.packageNotFound');
  return toPackage(row);
}

/** Creates the platform one-time charge of a package; the merchant confirms it at confirmationUrl. */
export async function purchasePackage(
  db: Db,
  config: Config,
  shop: ShopRow,
  packageId: number,
  platform?: PlatformBilling,
  /** The origin the merchant opened the app at (standalone returns there). */
  origin?: string,
): Promise<{ confirmationUrl: string }> {
  const pkg = await findPackage(db, packageId);
  const { confirmationUrl } = await createCharge(
    db,
    config,
    shop,
    {
      kind: 'one_time',
      purpose: 'credits',
      reference: String(pkg.id),
      name: `${pkg.credits} image credits (${pkg.name})`,
      amount: pkg.price,
      returnUrl: chargeReturnUrl(config, shop.domain, `/gallery/new?page=thankYou&package_id=${pkg.id}`, origin),
    },
    platform,
  );
  return { confirmationUrl };
}

/**
 * Credits an approved purchase exactly once: the charge must be active, the
 * shop's own and for this package. Replaying it adds nothing.
 */
export async function verifyPurchase(
  db: Db,
  config: Config,
  shop: ShopRow,
  packageId: number,
  chargeIdParam: string,
  now: Date,
  platform?: PlatformBilling,
): Promise<VerifyPurchaseResponse> {
  const shopId = shop.id;
  const pkg = await findPackage(db, packageId);
  // The standalone id or the platform's id (status refreshed from the platform in shopify mode).
  const charge = await findReturnedCharge(db, config, shop, 'credits', chargeIdParam, now, platform);
  if (!charge || charge.reference !== String(pkg.id)) throw notFound('Credits.errors.chargeNotFound');
  if (charge.status !== 'active') throw badRequest('Credits.errors.chargeNotActive', 'charge_not_active');
  await db.transaction().execute((trx) => creditOnce(trx, shopId, pkg.credits, 'purchase', String(charge.id)));
  const credits = await getCredits(db, shopId);
  return { success: true, package: pkg, credits: credits.creditsRemaining };
}
