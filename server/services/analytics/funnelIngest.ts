import { sql } from 'kysely';
import type { Db } from '../../db';
import type { FunnelEventBatch } from '../../../src/contracts/storefront';
import { ensurePartition } from './funnelPartitions';
import { assignedVariantIds, runningExperiments } from './runningExperiments';

/** How far an event's own time may be from the receive time (the shopper's clock is not trusted). */
export const CLOCK_SKEW_MS = 24 * 60 * 60 * 1000;

export interface FunnelShop {
  id: number;
  timezone: string;
}

export interface IngestResult {
  /** Events stored (their look belongs to the shop). */
  accepted: number;
  /** Events of looks the shop does not have (deleted, another shop's, made up): dropped. */
  ignored: number;
}

/**
 * Stores one batch of storefront funnel events and folds it into the daily
 * roll-ups, in one statement (one transaction, one round trip):
 * - events of looks that are not the shop's are dropped;
 * - every event goes into the raw, monthly-partitioned `funnel_events`;
 * - an impression counts once per visitor, look and shop-local day
 *   (`funnel_visitor_days`); clicks and add-to-carts count every event;
 * - the counts are grouped per day, look and device and added to
 *   `look_funnel_daily` with one upsert per group;
 * - events naming a variant of a running A/B test of their look count into
 *   `experiment_variant_daily` (visitors who saw it, visitors who added to cart), only when that
 *   variant is the one assignVariant gives the batch's visitor; otherwise the event is stored and
 *   counted for the look without a variant.
 * A batch whose month has no partition yet (maintenance missed it) creates it and is retried once.
 */
export async function recordFunnelBatch(
  db: Db,
  shop: FunnelShop,
  batch: FunnelEventBatch,
  receivedAt: Date,
): Promise<IngestResult> {
  const now = receivedAt.getTime();
  const shown = await shownVariants(db, shop.id, batch);
  const events = batch.events.map((e) => ({
    ...e,
    // A variant id counts only when it is the one this visitor is assigned (the client's word is not taken).
    variantId: e.variantId !== undefined && shown.has(e.variantId) ? e.variantId : undefined,
    occurredAt: new Date(Math.min(now + CLOCK_SKEW_MS, Math.max(now - CLOCK_SKEW_MS, Math.trunc(e.at)))),
  }));
  if (!events.length) return { accepted: 0, ignored: 0 };
  const lookIds = [...new Set(events.map((e) => e.lookId))];
  // Six array parameters whatever the batch size: a short statement to parse and bind.
  const col = <T>(pick: (e: (typeof events)[number]) => T) => sql.val(events.map(pick));
  const statement = sql<{ accepted: number }>`
    WITH input (look_id, type, device, product_id, variant_id, occurred_at) AS (
      SELECT * FROM unnest(${col((e) => e.lookId)}::int[], ${col((e) => e.type)}::text[], ${col((e) => e.device)}::text[],
        ${col((e) => e.productId ?? null)}::text[], ${col((e) => e.variantId ?? null)}::int[], ${col((e) => e.occurredAt.toISOString())}::timestamptz[])),
    valid AS (
      SELECT i.*, (i.occurred_at AT TIME ZONE ${shop.timezone})::date AS local_day FROM input i
      WHERE i.look_id IN (SELECT id FROM product_looks WHERE shop_id = ${shop.id}::int AND id = ANY(${sql.val(lookIds)}::int[]))),
    raw AS (
      INSERT INTO funnel_events (shop_id, look_id, type, device, visitor_id, product_id, variant_id, occurred_at, local_day, received_at)
      SELECT ${shop.id}::int, look_id, type, device, ${batch.visitorId}::text, product_id, variant_id, occurred_at, local_day, ${receivedAt.toISOString()}::timestamptz
      FROM valid),
    seen AS (
      INSERT INTO funnel_visitor_days (shop_id, look_id, day, visitor_id)
      SELECT DISTINCT ${shop.id}::int, look_id, local_day, ${batch.visitorId}::text FROM valid WHERE type = 'impression'
      ON CONFLICT DO NOTHING
      RETURNING look_id, day),
    impressions AS (
      SELECT s.look_id, s.day,
        (SELECT v.device FROM valid v WHERE v.type = 'impression' AND v.look_id = s.look_id AND v.local_day = s.day ORDER BY v.occurred_at LIMIT 1) AS device
      FROM seen s),
    counts AS (
      SELECT day, look_id, device, sum(imp)::int AS imp, sum(hc)::int AS hc, sum(ic)::int AS ic, sum(atc)::int AS atc FROM (
        SELECT day, look_id, device, 1 AS imp, 0 AS hc, 0 AS ic, 0 AS atc FROM impressions
        UNION ALL
        SELECT local_day, look_id, device, 0, (type = 'hotspot_click')::int, (type = 'item_click')::int, (type = 'add_to_cart')::int
        FROM valid WHERE type <> 'impression') x
      GROUP BY day, look_id, device),
    rollup AS (
      INSERT INTO look_funnel_daily (shop_id, day, look_id, device, impressions, hotspot_clicks, item_clicks, add_to_carts)
      SELECT ${shop.id}::int, day, look_id, device, imp, hc, ic, atc FROM counts ORDER BY day, look_id, device
      ON CONFLICT (shop_id, day, look_id, device) DO UPDATE SET
        impressions = look_funnel_daily.impressions + excluded.impressions,
        hotspot_clicks = look_funnel_daily.hotspot_clicks + excluded.hotspot_clicks,
        item_clicks = look_funnel_daily.item_clicks + excluded.item_clicks,
        add_to_carts = look_funnel_daily.add_to_carts + excluded.add_to_carts),
    -- A/B tests: impressions and add-to-carts of a variant of a running experiment of that look,
    -- once per visitor, variant, day and kind, into the per-variant daily roll-up.
    exp AS (
      SELECT DISTINCT v.variant_id, v.local_day, v.type FROM valid v
      JOIN experiment_variants xv ON xv.id = v.variant_id
      JOIN experiments x ON x.id = xv.experiment_id AND x.shop_id = ${shop.id}::int AND x.look_id = v.look_id AND x.status = 'running'
      WHERE v.variant_id IS NOT NULL AND v.type IN ('impression', 'add_to_cart')),
    exp_seen AS (
      INSERT INTO experiment_visitor_days (variant_id, day, visitor_id, kind)
      SELECT variant_id, local_day, ${batch.visitorId}::text, type FROM exp
      ON CONFLICT DO NOTHING
      RETURNING variant_id, day, kind),
    exp_rollup AS (
      INSERT INTO experiment_variant_daily (variant_id, day, impressions, conversions)
      SELECT variant_id, day, (count(*) FILTER (WHERE kind = 'impression'))::int, (count(*) FILTER (WHERE kind = 'add_to_cart'))::int
      FROM exp_seen GROUP BY variant_id, day ORDER BY variant_id, day
      ON CONFLICT (variant_id, day) DO UPDATE SET
        impressions = experiment_variant_daily.impressions + excluded.impressions,
        conversions = experiment_variant_daily.conversions + excluded.conversions)
    SELECT count(*)::int AS accepted FROM valid`;
  let accepted: number;
  try {
    accepted = Number((await statement.execute(db)).rows[0]?.accepted ?? 0);
  } catch (error) {
    if (!isMissingPartition(error)) throw error;
    for (const e of events) await ensurePartition(db, e.occurredAt).catch(() => undefined); // a concurrent creator wins
    accepted = Number((await statement.execute(db)).rows[0]?.accepted ?? 0);
  }
  return { accepted, ignored: events.length - accepted };
}

/**
 * The variants the batch's visitor is shown in the running A/B tests of the batch's looks (assignVariant
 * by visitor id, as the storefront script assigns): only these are counted. No query without variant ids.
 */
async function shownVariants(db: Db, shopId: number, batch: FunnelEventBatch): Promise<Set<number>> {
  const lookIds = [
    ...new Set(batch.events.filter((e) => e.variantId !== undefined && e.variantId !== null).map((e) => e.lookId)),
  ];
  if (!lookIds.length) return new Set();
  return assignedVariantIds(batch.visitorId, (await runningExperiments(db, shopId, lookIds)).values());
}

/** PostgreSQL's "no partition of relation … found for row" (check_violation, 23514). */
function isMissingPartition(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23514' && /no partition/i.test(e.message ?? '');
}
