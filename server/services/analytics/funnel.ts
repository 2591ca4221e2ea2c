import { sql } from 'kysely';
import type { Db } from '../../db';
import type { FunnelCounts, FunnelDay, FunnelDevice, FunnelLook, FunnelReport } from '../../../src/contracts/funnel';

interface CountsRow {
  impressions: number | string;
  clicks: number | string;
  addToCarts: number | string;
  orders: number | string;
  revenue: number | string;
}

interface LookRow extends CountsRow {
  lookId: number;
  title: string;
  usesGeneratedImage: boolean;
  devices: Array<CountsRow & { device: FunnelDevice }> | string;
}

interface ReportRow {
  looks: LookRow[] | string;
  series: Array<CountsRow & { date: string }> | string;
  creditsUsed: number | string | null;
}

const parse = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
const counts = (r?: Partial<CountsRow>): FunnelCounts => ({
  impressions: Number(r?.impressions ?? 0),
  clicks: Number(r?.clicks ?? 0),
  addToCarts: Number(r?.addToCarts ?? 0),
  orders: Number(r?.orders ?? 0),
  revenue: Math.round(Number(r?.revenue ?? 0) * 100) / 100,
});

/**
 * GET /analytics/funnel: per look of the shop impressions → clicks →
 * add-to-carts → orders and revenue over inclusive shop-local days, split by
 * device, and the per-day totals. Reads roll-ups only: `look_funnel_daily`
 * (storefront events; orders and revenue of orders with a known device) and
 * `look_daily_stats` (every attributed order, from the `_look_id` line
 * property), so the cost grows with days × looks, never with events.
 * One statement (the embedded database pays per round trip).
 */
export async function getFunnel(db: Db, shopId: number, since: string, until: string): Promise<FunnelReport> {
  const row = (
    await sql<ReportRow>`
      WITH f AS (
        SELECT day, look_id, device, impressions, hotspot_clicks + item_clicks AS clicks, add_to_carts, orders, revenue
        FROM look_funnel_daily WHERE shop_id = ${shopId} AND day BETWEEN ${since}::date AND ${until}::date),
      o AS (
        SELECT day, look_id, orders, generated_revenue AS revenue
        FROM look_daily_stats WHERE shop_id = ${shopId} AND day BETWEEN ${since}::date AND ${until}::date),
      per_look AS (
        SELECT look_id, sum(impressions) AS impressions, sum(clicks) AS clicks, sum(add_to_carts) AS add_to_carts
        FROM f GROUP BY look_id),
      per_look_orders AS (SELECT look_id, sum(orders) AS orders, sum(revenue) AS revenue FROM o GROUP BY look_id),
      per_device AS (
        SELECT look_id, json_agg(json_build_object('device', device, 'impressions', impressions, 'clicks', clicks,
                 'addToCarts', add_to_carts, 'orders', orders, 'revenue', revenue)) AS devices
        FROM (SELECT look_id, device, sum(impressions) AS impressions, sum(clicks) AS clicks, sum(add_to_carts) AS add_to_carts,
                     sum(orders) AS orders, sum(revenue) AS revenue FROM f GROUP BY look_id, device) d
        GROUP BY look_id),
      days AS (
        SELECT day, sum(impressions) AS impressions, sum(clicks) AS clicks, sum(add_to_carts) AS add_to_carts, 0 AS orders, 0 AS revenue FROM f GROUP BY day
        UNION ALL
        SELECT day, 0, 0, 0, sum(orders), sum(revenue) FROM o GROUP BY day)
      SELECT
        (SELECT coalesce(json_agg(json_build_object(
            'lookId', l.id, 'title', l.title,
            'impressions', coalesce(pl.impressions, 0), 'clicks', coalesce(pl.clicks, 0), 'addToCarts', coalesce(pl.add_to_carts, 0),
            'orders', coalesce(po.orders, 0), 'revenue', coalesce(po.revenue, 0),
            'devices', coalesce(pd.devices, '[]'::json),
            'usesGeneratedImage', EXISTS (
              SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(l.media) = 'array' THEN l.media ELSE '[]'::jsonb END) m
              JOIN image_generations g ON g.shop_id = l.shop_id AND g.status = 'COMPLETED' AND g.generated_image_url = m->>'url')
          ) ORDER BY l.id), '[]'::json)
         FROM product_looks l
         LEFT JOIN per_look pl ON pl.look_id = l.id
         LEFT JOIN per_look_orders po ON po.look_id = l.id
         LEFT JOIN per_device pd ON pd.look_id = l.id
         WHERE l.shop_id = ${shopId}) AS looks,
        (SELECT coalesce(json_agg(json_build_object('date', to_char(day, 'YYYY-MM-DD'), 'impressions', impressions, 'clicks', clicks,
                  'addToCarts', add_to_carts, 'orders', orders, 'revenue', revenue) ORDER BY day), '[]'::json)
         FROM (SELECT day, sum(impressions) AS impressions, sum(clicks) AS clicks, sum(add_to_carts) AS add_to_carts,
                      sum(orders) AS orders, sum(revenue) AS revenue FROM days GROUP BY day) s) AS series,
        (SELECT used FROM shop_credits WHERE shop_id = ${shopId}) AS credits_used`.execute(db)
  ).rows[0];

  const looks: FunnelLook[] = parse(row.looks).map((l) => {
    const devices = parse(l.devices);
    const byDevice = Object.fromEntries(
      (['mobile', 'desktop'] as const).map((d) => [d, counts(devices.find((x) => x.device === d))]),
    ) as Record<FunnelDevice, FunnelCounts>;
    return {
      lookId: Number(l.lookId),
      title: l.title,
      ...counts(l),
      byDevice,
      usesGeneratedImage: !!l.usesGeneratedImage,
    };
  });
  const byDate = new Map(parse(row.series).map((p) => [p.date, { date: p.date, ...counts(p) }]));
  const series: FunnelDay[] = [];
  for (
    let d = new Date(`${since}T00:00:00Z`), end = new Date(`${until}T00:00:00Z`);
    d <= end;
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    const date = d.toISOString().slice(0, 10);
    series.push(byDate.get(date) ?? { date, ...counts() });
  }
  const generated = looks.filter((l) => l.usesGeneratedImage);
  return {
    looks,
    series,
    generatedImages: {
      looks: generated.length,
      orders: generated.reduce((s, l) => s + l.orders, 0),
      revenue: Math.round(generated.reduce((s, l) => s + l.revenue, 0) * 100) / 100,
      creditsUsed: Number(row.creditsUsed ?? 0),
    },
  };
}
