import {
  BILLING,
  isPlanPeriod,
  type BillingPlan,
  type BillingPlans,
  type DiscountCheck,
  type PlanPeriod,
} from '../../contracts/billing';

/** A discount code the merchant applied on the plans page (validated by the server). */
export type AppliedDiscount = Pick<DiscountCheck, 'code' | 'percentage'>;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** The toggle's default: the `period` query parameter, else the current plan's period. */
export function defaultPeriod(search: string, data: BillingPlans | undefined): PlanPeriod {
  const fromQuery = new URLSearchParams(search).get('period');
  if (isPlanPeriod(fromQuery)) return fromQuery;
  return data?.currentPlan.period ?? 'monthly';
}

/** A code from the `discountCode` (or `discount`) query parameter. */
export function discountCodeFromQuery(search: string): string | undefined {
  const params = new URLSearchParams(search);
  const code = (params.get('discountCode') ?? params.get('discount'))?.trim();
  return code || undefined;
}

/** A code applies only to the monthly plan, and only when that plan has no discount already. */
export function canApplyCode(plan: BillingPlan | undefined): boolean {
  return !!plan && plan.name === 'monthly' && !(plan.discount > 0);
}

/** What select-plan sends as discountCode (SPEC §7): monthly only, no existing discount. */
export function discountCodeToSend(plan: BillingPlan | undefined, applied: AppliedDiscount | null): string | undefined {
  return applied && canApplyCode(plan) ? applied.code : undefined;
}

export interface PlanPricing {
  /** What the merchant pays per period. */
  price: number;
  /** Shown struck through next to the price, null when none. */
  crossedOutPrice: number | null;
  /** Active discount percentage (existing or from a code), 0 = none. */
  discountPercentage: number;
  /** Savings percentage of the yearly plan against twelve monthly payments. */
  savingsPercentage: number | null;
}

/**
 * Prices shown on a plan card (SPEC §9): a non-discounted monthly plan is
 * crossed out at price × 1.3; a discounted plan (existing discount or a code)
 * shows the discounted price with the list price crossed out; yearly shows
 * twelve monthly payments crossed out and its savings (default 20%);
 * lifetime defaults to 199.
 */
export function planPricing(
  plan: BillingPlan,
  pricingInfo: BillingPlans['pricingInfo'] | undefined,
  applied: AppliedDiscount | null,
): PlanPricing {
  const listPrice = plan.originalPrice || plan.price || (plan.name === 'lifetime' ? BILLING.lifetimePrice : 0);
  const existing = plan.discount > 0 ? plan.discount : 0;
  const fromCode = !existing && applied && canApplyCode(plan) ? applied.percentage : 0;
  const discountPercentage = existing || fromCode;
  const price = existing
    ? (plan.discountedPrice ?? round2(listPrice * (1 - existing / 100)))
    : fromCode
      ? round2(listPrice * (1 - fromCode / 100))
      : listPrice;

  if (plan.name === 'yearly') {
    const savingsPercentage = pricingInfo?.yearlyDiscount || BILLING.yearlySavingsPercentage;
    const twelveMonths = pricingInfo?.yearlyPrice || round2((pricingInfo?.monthlyPrice || BILLING.monthlyPrice) * 12);
    return {
      price,
      crossedOutPrice: twelveMonths > price ? twelveMonths : null,
      discountPercentage,
      savingsPercentage,
    };
  }
  if (discountPercentage) return { price, crossedOutPrice: listPrice, discountPercentage, savingsPercentage: null };
  if (plan.name === 'monthly') {
    return {
      price,
      crossedOutPrice: round2(listPrice * BILLING.monthlyCrossedOutFactor),
      discountPercentage: 0,
      savingsPercentage: null,
    };
  }
  return { price, crossedOutPrice: null, discountPercentage: 0, savingsPercentage: null };
}

/** Plan feature text is a semicolon-separated list. */
export function splitFeatures(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(';')
    .map((f) => f.trim())
    .filter(Boolean);
}
