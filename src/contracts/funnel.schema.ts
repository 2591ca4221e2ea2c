/** Funnel schemas: GET /analytics/funnel's query and the storefront's event batches. */
import { yup } from './validation';
import { isValidYmd } from './analyticsDate';
import { FUNNEL_EVENT_TYPES, MAX_FUNNEL_EVENTS_PER_BATCH } from './storefront';
import { FUNNEL_DEVICES, MAX_FUNNEL_RANGE_DAYS } from './funnel';

const day = () =>
  yup
    .string()
    .required()
    .test('ymd', { key: 'Analytics.errors.invalidDate' }, (v) => v === undefined || isValidYmd(v));

export const funnelQuerySchema = yup
  .object({ since: day(), until: day() })
  .noUnknown()
  .test(
    'range',
    { key: 'Analytics.errors.invalidRange' },
    (q) => !q?.since || !q.until || !isValidYmd(q.since) || !isValidYmd(q.until) || q.since <= q.until,
  )
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
