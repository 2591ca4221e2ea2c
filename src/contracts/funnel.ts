/**
 * The storefront funnel per look (issue 16): the input schema of the event batches the storefront
 * script sends (types in ./storefront.ts) and GET /analytics/funnel, the admin's report.
 */
import { yup } from './validation';
import { isValidYmd } from './analyticsDate';
import { FUNNEL_EVENT_TYPES, MAX_FUNNEL_EVENTS_PER_BATCH, type FunnelEvent } from './storefront';

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
  /** Attributed revenue of the orders, in the shop currency. */
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

const day = () =>
  yup
    .string()
    .required()
    .test('ymd', { key: 'Analytics.errors.invalidDate' }, (v) => v === undefined || isValidYmd(v));

export const funnelQuerySchema = yup
  .object({ since: day(), until: day() })
  .noUnknown()
  .test('range', { key: 'Analytics.errors.invalidRange' }, (q) => !q?.since || !q.until || !isValidYmd(q.since) || !isValidYmd(q.until) || q.since <= q.until)
  .test('length', { key: 'Analytics.errors.rangeTooLong', values: { days: MAX_FUNNEL_RANGE_DAYS } }, (q) => {
    if (!q?.since || !q.until || !isValidYmd(q.since) || !isValidYmd(q.until)) return true;
    return (Date.parse(q.until) - Date.parse(q.since)) / 86_400_000 < MAX_FUNNEL_RANGE_DAYS;
  });

const INT32_MAX = 2_147_483_647;

/** POST /api/storefront/events and /api/proxy/events: one batch (unknown fields are ignored, as the storefront contract says). */
export const funnelBatchSchema = yup.object({
  visitorId: yup
    .string()
    .required()
    .min(8)
    .max(64)
    .matches(/^[A-Za-z0-9_-]+$/),
  events: yup
    .array(
      yup.object({
        type: yup.string().oneOf(FUNNEL_EVENT_TYPES).required(),
        lookId: yup.number().integer().min(1).max(INT32_MAX).required(),
        productId: yup.string().max(100).optional(),
        variantId: yup.number().integer().min(1).max(INT32_MAX).optional(),
        device: yup.string().oneOf(FUNNEL_DEVICES).required(),
        // Epoch ms (beyond a PostgreSQL integer, so no .integer()): clamped by the server anyway.
        at: yup.number().min(0).max(8.64e15).required(),
      }),
    )
    .required()
    .min(1)
    .max(MAX_FUNNEL_EVENTS_PER_BATCH),
});
