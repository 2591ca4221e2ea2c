import type { BillingPlan, BillingPlans, DowngradePreview } from '../../contracts/billing';

/** One plan of the plans data with test defaults (monthly at $9.97). */
export const base = (over: Partial<BillingPlan>): BillingPlan => ({
  name: 'monthly',
  price: 9.97,
  originalPrice: 9.97,
  discountedPrice: null,
  discount: 0,
  discountCode: null,
  isCurrent: false,
  isActive: true,
  usageLimit: null,
  featuredText: 'Unlimited active looks;Bundle discounts;Priority support',
  savingsText: null,
  ...over,
});

/** Plans data as the reference backend answers it for a shop on free (tests only). */
export function plansData(
  current: BillingPlans['currentPlan']['name'] = 'free',
  discount: number | null = null,
): BillingPlans {
  const plans: BillingPlans['plans'] = {
    free: base({
      name: 'free',
      price: 0,
      originalPrice: 0,
      usageLimit: 1,
      featuredText: '1 active look;Basic analytics',
    }),
    monthly: base({}),
    yearly: base({ name: 'yearly', price: 95.71, originalPrice: 95.71, savingsText: 'Save 20%' }),
    lifetime: base({ name: 'lifetime', price: 199, originalPrice: 199 }),
  };
  plans[current] = { ...plans[current], isCurrent: true };
  if (discount) {
    const p = plans[current];
    plans[current] = {
      ...p,
      discount,
      discountCode: 'WELCOME20',
      discountedPrice: Math.round(p.originalPrice * (100 - discount)) / 100,
    };
  }
  return {
    plans,
    currentPlan: { name: current, period: current === 'free' ? 'monthly' : current, discount },
    pricingInfo: { monthlyPrice: 9.97, yearlyPrice: 119.64, yearlyPriceWithDiscount: 95.71, yearlyDiscount: 20 },
  };
}

export const previewData = (titles: string[] = []): DowngradePreview => ({
  currentPlan: 'monthly',
  freeUsageLimit: 1,
  activeLooks: titles.length + 1,
  looksToDeactivate: titles.map((title, i) => ({ id: i + 10, title })),
});
