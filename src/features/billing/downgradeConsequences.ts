import type { BillingPlans, DowngradePreview } from '../../contracts/billing';
import { splitFeatures } from './pricing';

export interface DowngradeConsequences {
  freeUsageLimit: number;
  looksToDeactivate: DowngradePreview['looksToDeactivate'];
  /** Features of the current plan the free plan does not have. */
  lostFeatures: string[];
  lostDiscount: { percentage: number; code: string | null } | null;
}

/** What moving to free takes away: from the plans data (features, discount) and the server's preview (looks). */
export function downgradeConsequences(data: BillingPlans, preview: DowngradePreview): DowngradeConsequences {
  const current = data.plans[data.currentPlan.name];
  const free = new Set(splitFeatures(data.plans.free.featuredText));
  const lostFeatures =
    current && current.name !== 'free' ? splitFeatures(current.featuredText).filter((f) => !free.has(f)) : [];
  const discount = data.currentPlan.discount;
  return {
    freeUsageLimit: data.plans.free.usageLimit ?? preview.freeUsageLimit,
    looksToDeactivate: preview.looksToDeactivate,
    lostFeatures,
    lostDiscount: discount ? { percentage: discount, code: current?.discountCode ?? null } : null,
  };
}
