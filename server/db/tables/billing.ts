import type { ColumnType, Generated, JSONColumnType } from 'kysely';

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
  /** The discount code that gave discountPercentage, if any. */
  discountCode: ColumnType<string | null, string | null | undefined, string | null>;
  /** frozen / expired: the platform ended the subscription (app_subscriptions/update). */
  status: Generated<'pending' | 'active' | 'declined' | 'cancelled' | 'frozen' | 'expired'>;
  /** Hash of the secret in the standalone confirmation URL. */
  confirmTokenHash: string | null;
  /** The platform's id (gid) in shopify mode. */
  platformChargeId: string | null;
  returnUrl: string;
  createdAt: Generated<Date>;
  decidedAt: Date | null;
}

/** The plans the app offers (seeded; SPEC §3 plans data is derived from them). */
export interface PlansTable {
  name: 'free' | 'monthly' | 'yearly' | 'lifetime';
  title: string;
  price: ColumnType<string, string | number, string | number>;
  /** Null for free and lifetime. */
  interval: 'EVERY_30_DAYS' | 'ANNUAL' | null;
  trialDays: Generated<number>;
  /** Active looks allowed; null = unlimited. */
  usageLimit: number | null;
  /** Semicolon-separated features per locale: { en: 'a;b', de: '…' }. */
  featuredText: JSONColumnType<Record<string, string>>;
  /** Savings against twelve monthly payments (yearly), in percent. */
  savingsPercentage: number | null;
  /** A promotion already applied to this plan (percent), null if none. */
  discountPercentage: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  discountCode: string | null;
  /** Offered to merchants. */
  active: Generated<boolean>;
  sortOrder: number;
}

/** Discount codes merchants can apply to the monthly plan. */
export interface DiscountCodesTable {
  /** Stored upper-case. */
  code: string;
  percentage: ColumnType<string, string | number, string | number>;
  active: Generated<boolean>;
  expiresAt: Date | null;
  createdAt: Generated<Date>;
}

/** The shop's confirmed plan (no row = free). Changed only by an approved charge or a downgrade. */
export interface ShopPlansTable {
  shopId: number;
  planName: PlansTable['name'];
  /** The approved charge that pays for it (null on free). */
  chargeId: number | null;
  discountPercentage: ColumnType<string | null, string | number | null | undefined, string | number | null>;
  discountCode: string | null;
  activatedAt: Date;
}

export interface BillingTables {
  charges: ChargesTable;
  plans: PlansTable;
  discountCodes: DiscountCodesTable;
  shopPlans: ShopPlansTable;
}
