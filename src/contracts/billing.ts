/** Plans, billing and discounts (SPEC §3, §9); the request schemas are in ./billing.schema. */
/** Billing periods of the paid plans (the plans page toggle). */
export const PLAN_PERIODS = ['monthly', 'yearly', 'lifetime'] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];
export const PLAN_NAMES = ['free', ...PLAN_PERIODS] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export const isPlanPeriod = (value: unknown): value is PlanPeriod =>
  typeof value === 'string' && (PLAN_PERIODS as readonly string[]).includes(value);

/** SPEC §9 billing constants. */
export const BILLING = {
  /** App charges (plans, credit packages) are in US dollars whatever the shop's currency. */
  currency: 'USD',
  trialDays: 7,
  moneyBackDays: 60,
  freeUsageLimit: 1,
  monthlyPrice: 9.97,
  lifetimePrice: 199,
  yearlySavingsPercentage: 20,
  /** Crossed-out price of a non-discounted monthly plan = price × 1.3. */
  monthlyCrossedOutFactor: 1.3,
  /** Plans data: stale after 5 minutes, kept 10 (seconds). */
  plansStaleSeconds: 300,
  plansKeepSeconds: 600,
} as const;

/** One plan as GET /shop/billing-plans returns it (SPEC §3). */
export interface BillingPlan {
  name: PlanName;
  /** Price charged per period after any existing discount. */
  price: number;
  /** List price before any discount. */
  originalPrice: number;
  /** Price after the plan's existing discount; null when there is none. */
  discountedPrice: number | null;
  /** Existing discount percentage on this plan (0 = none). */
  discount: number;
  discountCode: string | null;
  isCurrent: boolean;
  /** Offered (selectable) right now. */
  isActive: boolean;
  /** Active looks allowed; null = unlimited. */
  usageLimit: number | null;
  /** Features, separated by semicolons (in the requested language). */
  featuredText: string;
  /** e.g. "Save 20%" (yearly), in the requested language; null when none. */
  savingsText: string | null;
}

/** Why the platform ended a subscription (app_subscriptions/update). */
export type SubscriptionEndReason = 'cancelled' | 'declined' | 'frozen' | 'expired';

export interface BillingPlans {
  plans: Record<PlanName, BillingPlan>;
  currentPlan: {
    name: PlanName;
    /** Billing period of the current plan (free counts as monthly). */
    period: PlanPeriod;
    /** Discount percentage of the current subscription, null if none. */
    discount: number | null;
    /**
     * The paid plan the platform ended (the subscription was cancelled, declined, frozen or expired
     * outside the app), while the shop is on free because of it; null otherwise.
     */
    ended?: { plan: PlanName; reason: SubscriptionEndReason } | null;
  };
  pricingInfo: {
    monthlyPrice: number;
    /** Twelve monthly payments. */
    yearlyPrice: number;
    yearlyPriceWithDiscount: number;
    /** Savings of the yearly plan in percent. */
    yearlyDiscount: number;
  };
}

/** GET /shop/downgrade/preview: what moving to the free plan would do. */
export interface DowngradePreview {
  currentPlan: PlanName;
  freeUsageLimit: number;
  activeLooks: number;
  /** Active looks that downgrading would set to draft (least recently updated first beyond the limit). */
  looksToDeactivate: Array<{ id: number; title: string }>;
}

export interface DowngradeResult {
  plan: 'free';
  deactivatedLooks: Array<{ id: number; title: string }>;
}

export interface SelectPlanResponse {
  confirmationUrl: string;
}

export interface DiscountCheck {
  valid: boolean;
  code: string;
  percentage: number;
  message: string;
}

export const DISCOUNT_CODE_PATTERN = /^[A-Za-z0-9_-]{2,40}$/;

/**
 * The plan errors the server answers with (SPEC §8); the client maps them to
 * its own translated messages, so they are plain English on the wire.
 */
export const PLAN_ERRORS = {
  alreadySubscribed: 'Already subscribed to this plan',
  duplicateLifetime: 'You already have an active lifetime plan',
  invalidPlan: 'Invalid plan name',
  noInvoice: 'No invoice found',
} as const;
