import type { Db } from '../../db';
import type { DiscountCheck } from '../../../src/contracts/billing';
import { DISCOUNT_CODE_PATTERN } from '../../../src/contracts/billing';
import { translate } from '../../i18n';
import {
  clientAddressKey,
  hitRateLimits,
  maybePruneRateLimits,
  tooManyRequests,
  type RateLimitCounter,
} from '../../http/rateLimitStore';

export interface DiscountCode {
  code: string;
  percentage: number;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * Failed discount-code guesses allowed per window, counted in the shared
 * rate_limits table (all instances together): per shop, per client address
 * (IPv6 by /64) and over the whole app, so neither rotating shops nor rotating
 * addresses buys more guesses. A correct code never counts; once a limit is
 * reached every guess it covers (right or wrong) gets 429 until its window ends.
 */
export const DISCOUNT_GUESS_LIMITS = {
  perShop: { max: 10, windowMs: HOUR_MS },
  perAddress: { max: 30, windowMs: HOUR_MS },
  overall: { max: 300, windowMs: HOUR_MS },
} as const;

/** Who is guessing: the verified shop and the client address (request.ip). */
export interface DiscountGuesser {
  shopId: number;
  ip: string;
}

export const normalizeCode = (code: string) => code.trim().toUpperCase();

/** An active, unexpired code (case-insensitive), or undefined. Counts nothing: callers on behalf of a client use guessDiscountCode. */
export async function findDiscountCode(db: Db, code: string, now: Date): Promise<DiscountCode | undefined> {
  const normalized = normalizeCode(code);
  if (!DISCOUNT_CODE_PATTERN.test(normalized)) return undefined;
  const row = await db
    .selectFrom('discountCodes')
    .select(['code', 'percentage', 'expiresAt'])
    .where('code', '=', normalized)
    .where('active', '=', true)
    .executeTakeFirst();
  if (!row || (row.expiresAt && row.expiresAt <= now)) return undefined;
  return { code: row.code, percentage: Number(row.percentage) };
}

function guessCounters(guesser: DiscountGuesser): Array<RateLimitCounter & { max: number }> {
  const { perShop, perAddress, overall } = DISCOUNT_GUESS_LIMITS;
  return [
    { key: `discount-fail:shop:${guesser.shopId}`, ...perShop },
    { key: `discount-fail:ip:${clientAddressKey(guesser.ip)}`, ...perAddress },
    { key: 'discount-fail:all', ...overall },
  ];
}

/** Leaves the counting transaction without committing, carrying the outcome. */
class RollBack {
  constructor(readonly outcome: { found: DiscountCode } | { blockedForMs: number }) {}
}

/**
 * findDiscountCode on behalf of a client, under DISCOUNT_GUESS_LIMITS. In one
 * transaction the three counters take a hit (row locks: concurrent guesses
 * queue, none slips past a limit); the hits are rolled back when a limit was
 * already reached (→ 429) or the code is right, and kept when it is wrong.
 */
export async function guessDiscountCode(
  db: Db,
  code: string,
  guesser: DiscountGuesser,
  now: Date,
): Promise<DiscountCode | undefined> {
  const counters = guessCounters(guesser);
  try {
    await db.transaction().execute(async (trx) => {
      const hits = await hitRateLimits(trx, counters, now);
      const exceeded = counters.map((c) => ({ c, hit: hits.get(c.key)! })).filter(({ c, hit }) => hit.hits > c.max);
      if (exceeded.length) {
        throw new RollBack({
          blockedForMs: Math.max(...exceeded.map(({ hit }) => hit.resetAt.getTime() - now.getTime())),
        });
      }
      const found = await findDiscountCode(trx, code, now);
      if (found) throw new RollBack({ found });
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
    if ('found' in error.outcome) return error.outcome.found;
    throw tooManyRequests('Billing.discount.tooManyAttempts', error.outcome.blockedForMs);
  }
  await maybePruneRateLimits(db, now).catch(() => undefined);
  return undefined;
}

/** POST /discount/validate: `{ valid, code, percentage, message }` with a message in the shop locale; 429 past the guess limits. */
export async function validateDiscountCode(
  db: Db,
  code: string,
  guesser: DiscountGuesser,
  locale: string,
  now: Date,
): Promise<DiscountCheck> {
  const found = await guessDiscountCode(db, code, guesser, now);
  if (!found) {
    return { valid: false, code: code.trim(), percentage: 0, message: translate(locale, 'Billing.discount.invalid') };
  }
  return {
    valid: true,
    code: found.code,
    percentage: found.percentage,
    message: translate(locale, 'Billing.discount.applied', { code: found.code, percentage: found.percentage }),
  };
}
