import type { Db } from '../../db';
import type { DiscountCheck } from '../../../src/contracts/billing';
import { DISCOUNT_CODE_PATTERN } from '../../../src/contracts/billing';
import { translate } from '../../i18n';

export interface DiscountCode {
  code: string;
  percentage: number;
}

export const normalizeCode = (code: string) => code.trim().toUpperCase();

/** An active, unexpired code (case-insensitive), or undefined. */
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

/** POST /discount/validate: `{ valid, code, percentage, message }` with a message in the shop locale. */
export async function validateDiscountCode(db: Db, code: string, locale: string, now: Date): Promise<DiscountCheck> {
  const found = await findDiscountCode(db, code, now);
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
