import type { FakeAdminModule, FakeAdminModuleFactory } from './module';

export interface FakeShopPlan {
  displayName: string;
  shopifyPlus: boolean;
  partnerDevelopment: boolean;
}

export interface FakeShopPlans extends FakeAdminModule {
  setPlan(shop: string, plan: Partial<FakeShopPlan>): void;
}

/** The stand-in's default shop: a development store (as the core's shop details answer). */
export const DEFAULT_FAKE_PLAN: FakeShopPlan = {
  displayName: 'Development',
  shopifyPlus: false,
  partnerDevelopment: true,
};

/**
 * The shop's plan alone: `shop { plan { displayName shopifyPlus partnerDevelopment } }` (a query
 * asking only the plan; the core answers the shop's other details). Test control: `setPlan`.
 */
export const fakeShopPlan: FakeAdminModuleFactory = () => {
  const plans = new Map<string, FakeShopPlan>();
  return {
    resolve(shop, query) {
      if (!/\bshop\s*\{\s*plan\s*\{[^}]*\}\s*\}/.test(query) || /\bproductsCount\b/.test(query)) return null;
      return {
        requested: 1,
        answer: () => ({ actual: 1, data: { shop: { plan: plans.get(shop) ?? DEFAULT_FAKE_PLAN } } }),
      };
    },
    setPlan(shop, plan) {
      plans.set(shop, { ...(plans.get(shop) ?? DEFAULT_FAKE_PLAN), ...plan });
    },
  } satisfies FakeShopPlans;
};
