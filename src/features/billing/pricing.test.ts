import type { BillingPlan, BillingPlans } from '../../contracts/billing';
import { base } from './testData';
import {
  canApplyCode,
  defaultPeriod,
  discountCodeFromQuery,
  discountCodeToSend,
  planPricing,
  splitFeatures,
} from './pricing';

const plan = (over: Partial<BillingPlan>): BillingPlan => base({ featuredText: 'a;b', ...over });
const pricingInfo: BillingPlans['pricingInfo'] = {
  monthlyPrice: 9.97,
  yearlyPrice: 119.64,
  yearlyPriceWithDiscount: 95.71,
  yearlyDiscount: 20,
};
const data = (period: 'monthly' | 'yearly' | 'lifetime') =>
  ({ currentPlan: { name: period, period, discount: null } }) as unknown as BillingPlans;

describe('planPricing', () => {
  it('crosses out a non-discounted monthly price at × 1.3', () => {
    expect(planPricing(plan({}), pricingInfo, null)).toEqual({
      price: 9.97,
      crossedOutPrice: 12.96,
      discountPercentage: 0,
      savingsPercentage: null,
    });
  });

  it('a code discounts the monthly plan and crosses out the list price', () => {
    expect(planPricing(plan({}), pricingInfo, { code: 'WELCOME20', percentage: 20 })).toEqual({
      price: 7.98,
      crossedOutPrice: 9.97,
      discountPercentage: 20,
      savingsPercentage: null,
    });
  });

  it('an existing discount wins over a code', () => {
    const discounted = plan({ discount: 50, discountedPrice: 4.99, price: 4.99, discountCode: 'LOOKS50' });
    expect(planPricing(discounted, pricingInfo, { code: 'WELCOME20', percentage: 20 })).toMatchObject({
      price: 4.99,
      crossedOutPrice: 9.97,
      discountPercentage: 50,
    });
  });

  it('yearly shows twelve monthly payments crossed out and its savings (default 20%)', () => {
    const yearly = plan({ name: 'yearly', price: 95.71, originalPrice: 95.71 });
    expect(planPricing(yearly, pricingInfo, { code: 'X', percentage: 20 })).toEqual({
      price: 95.71,
      crossedOutPrice: 119.64,
      discountPercentage: 0,
      savingsPercentage: 20,
    });
    expect(planPricing(yearly, { ...pricingInfo, yearlyDiscount: 0 }, null).savingsPercentage).toBe(20);
  });

  it('lifetime defaults to 199 and has nothing crossed out', () => {
    expect(planPricing(plan({ name: 'lifetime', price: 0, originalPrice: 0 }), pricingInfo, null)).toEqual({
      price: 199,
      crossedOutPrice: null,
      discountPercentage: 0,
      savingsPercentage: null,
    });
    expect(
      planPricing(plan({ name: 'lifetime', price: 199, originalPrice: 199 }), pricingInfo, {
        code: 'X',
        percentage: 20,
      }).price,
    ).toBe(199);
  });
});

describe('period default and discount codes', () => {
  it('takes the period query parameter, else the current plan period, else monthly', () => {
    expect(defaultPeriod('?period=lifetime', data('yearly'))).toBe('lifetime');
    expect(defaultPeriod('?period=weekly', data('yearly'))).toBe('yearly');
    expect(defaultPeriod('', data('yearly'))).toBe('yearly');
    expect(defaultPeriod('', undefined)).toBe('monthly');
  });

  it('reads discountCode, else discount, from the query', () => {
    expect(discountCodeFromQuery('?discountCode=WELCOME20&discount=X')).toBe('WELCOME20');
    expect(discountCodeFromQuery('?discount=LOOKS50')).toBe('LOOKS50');
    expect(discountCodeFromQuery('?discount=%20')).toBeUndefined();
    expect(discountCodeFromQuery('')).toBeUndefined();
  });

  it('sends a code only for monthly without an existing discount', () => {
    const code = { code: 'WELCOME20', percentage: 20 };
    expect(discountCodeToSend(plan({}), code)).toBe('WELCOME20');
    expect(discountCodeToSend(plan({ name: 'yearly' }), code)).toBeUndefined();
    expect(discountCodeToSend(plan({ name: 'lifetime' }), code)).toBeUndefined();
    expect(discountCodeToSend(plan({ discount: 10 }), code)).toBeUndefined();
    expect(discountCodeToSend(plan({}), null)).toBeUndefined();
    expect(canApplyCode(undefined)).toBe(false);
  });

  it('splits feature text on semicolons', () => {
    expect(splitFeatures('Unlimited looks; Analytics;;Support ')).toEqual(['Unlimited looks', 'Analytics', 'Support']);
    expect(splitFeatures(null)).toEqual([]);
  });
});
