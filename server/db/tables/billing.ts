import type { ColumnType, Generated } from 'kysely';

/**
 * A platform charge (app subscription or one-time purchase) of a shop. Plans
 * and credit packages both go through it; it is active only once the
 * merchant approved it on the confirmation page.
 */
export interface ChargesTable {
  id: Generated<number>;
  shopId: number;
  kind: 'subscription' | 'one_time';
  /** What the charge pays for: 'plan' (billing) or 'credits' (gallery). */
  purpose: 'plan' | 'credits';
  /** Plan name or credit package id. */
  reference: string;
  name: string;
  amount: ColumnType<string, string | number, string | number>;
  currency: Generated<string>;
  interval: 'EVERY_30_DAYS' | 'ANNUAL' | null;
  trialDays: Generated<number>;
  discountPercentage: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  status: Generated<'pending' | 'active' | 'declined' | 'cancelled'>;
  /** Hash of the secret in the standalone confirmation URL. */
  confirmTokenHash: string | null;
  /** The platform's id (gid) in shopify mode. */
  platformChargeId: string | null;
  returnUrl: string;
  createdAt: Generated<Date>;
  decidedAt: Date | null;
}

export interface BillingTables {
  charges: ChargesTable;
}
