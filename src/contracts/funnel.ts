/**
 * The storefront funnel per look (issue 16): GET /analytics/funnel, the admin's report. The schemas of
 * its query and of the event batches the storefront script sends (types in ./storefront.ts) are in
 * ./funnel.schema.
 */
import type { FunnelEvent } from './storefront';

export type FunnelDevice = FunnelEvent['device'];
export const FUNNEL_DEVICES: readonly FunnelDevice[] = ['mobile', 'desktop'];

/** Longest range one funnel query covers (days, inclusive). */
export const MAX_FUNNEL_RANGE_DAYS = 400;

/** The counts of one funnel: impressions (once per visitor, look and day) → clicks → add-to-carts → orders, and the orders' revenue. */
export interface FunnelCounts {
  impressions: number;
  /** Hotspot and item clicks. */
  clicks: number;
  addToCarts: number;
  orders: number;
  /** Attributed revenue of the orders, in the shop currency, net of refunds and cancellations. */
  revenue: number;
}

export interface FunnelLook extends FunnelCounts {
  lookId: number;
  title: string;
  /** Orders and revenue per device count only orders whose device the platform reported. */
  byDevice: Record<FunnelDevice, FunnelCounts>;
  /** The look shows an image generated in the gallery (AI credits). */
  usesGeneratedImage: boolean;
}

/** One shop-local day of the range, all looks together. */
export interface FunnelDay extends FunnelCounts {
  date: string;
}

/** GET /analytics/funnel?since=&until= (inclusive shop-local days). */
export interface FunnelReport {
  looks: FunnelLook[];
  /** Every day of the range (zeros included). */
  series: FunnelDay[];
  /** What looks with generated images brought in the range, and the credits the shop used so far. */
  generatedImages: { looks: number; orders: number; revenue: number; creditsUsed: number };
}

export interface FunnelQuery {
  since: string;
  until: string;
}
