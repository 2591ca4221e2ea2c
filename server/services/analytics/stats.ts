import { sql } from 'kysely';
import type { Db } from '../../db';
import { cacheVersion, canCache, invalidateShared } from '../../db/sharedCache';
import type { ShopRow } from '../shop/shops';
import { lookTitles } from '../looks/looks';
import type { LookRef, Stats, StatsSeriesPoint } from '../../../src/contracts/analytics';

export interface StatsOptions {
  lite?: boolean;
  /** Inclusive shop-local days (YYYY-MM-DD); absent = all time. */
  fromDate?: string;
  toDate?: string;
}

export const TOP_LIST_SIZE = 5;

interface Row {
  orders: string | number;
  generatedRevenue: string | number;
  refundedRevenue: string | number;
  addToCartRevenue: string | number;
  looksCount: string | number;
  topSellers?: LookRef[];
  topAddToCart?: LookRef[];
  series?: Array<{ date: string; orders: number; generatedRevenue: number; addToCartRevenue: number }>;
}

/**
 * GET /stats: totals, top lists and the per-day series, aggregated in SQL over
 * the daily rollups (one row per shop-day / look-day, primary keys starting
 * with shop_id, day), so the cost grows with days and looks, not with orders.
 * One statement per request: the embedded database pays per round trip.
 */
export async function getStats(db: Db, shop: ShopRow, opts: StatsOptions = {}): Promise<Stats> {
  const key = `${shop.id}|${opts.lite ? 1 : 0}|${opts.fromDate ?? ''}|${opts.toDate ?? ''}`;
  const cache = cacheOf(db);
  const version = cacheVersion(db, statsKey(shop.id));
  const hit = cache.get(key);
  const fresh = hit && hit.version === version && hit.expires > Date.now();
  const aggregates = fresh ? hit.value : await computeOnce(db, `${key}|${version}`, () => queryStats(db, shop, opts));
  if (!fresh && (await canCache(db))) {
    if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(key, { version, expires: Date.now() + CACHE_TTL_MS, value: aggregates });
  }
  // Looks are edited by another feature: their count and titles come from its cache (dropped on every look write).
  const titles = await lookTitles(db, shop.id);
  const live = (list?: LookRef[]) =>
    list?.filter((l) => titles.has(l.id)).map((l) => ({ id: l.id, title: titles.get(l.id)! }));
  return {
    ...aggregates,
    looksCount: titles.size,
    ...(aggregates.topSellers ? { topSellers: live(aggregates.topSellers) } : {}),
    ...(aggregates.topProductsAddToCart ? { topProductsAddToCart: live(aggregates.topProductsAddToCart) } : {}),
  };
}

/**
 * Aggregates are cached per shop and query; every write to a shop's analytics
 * (order webhook, add-to-cart) makes them stale in this instance at once and,
 * through the database's NOTIFY, in every other instance (db/sharedCache).
 * Entries also expire after CACHE_TTL_MS. The embedded database runs one query
 * at a time, so repeated dashboard loads must not queue on it.
 */
const CACHE_TTL_MS = 30_000;
const CACHE_MAX = 2000;
type Entry = { version: number; expires: number; value: Stats };
const caches = new WeakMap<object, Map<string, Entry>>();
const cacheOf = (db: Db) => caches.get(db) ?? caches.set(db, new Map()).get(db)!;
const statsKey = (shopId: number) => `stats:${shopId}`;

/**
 * Requests that miss the cache together (on expiry, after a write) share one
 * query instead of queueing as many on the database: under a steady load a
 * miss would otherwise be paid by every request that arrives while it runs.
 * Keyed with the cache version, so a write during the query is never shared.
 */
const inFlight = new WeakMap<object, Map<string, Promise<Stats>>>();
function computeOnce(db: Db, key: string, compute: () => Promise<Stats>): Promise<Stats> {
  const running = inFlight.get(db) ?? inFlight.set(db, new Map()).get(db)!;
  let promise = running.get(key);
  if (!promise) {
    promise = compute().finally(() => running.delete(key));
    running.set(key, promise);
  }
  return promise;
}

/** Called after every committed analytics write of a shop; reaches every instance. Never throws. */
export async function invalidateStats(db: Db, shopId: number): Promise<void> {
  await invalidateShared(db, statsKey(shopId));
}

async function queryStats(db: Db, shop: ShopRow, opts: StatsOptions): Promise<Stats> {
  const from = opts.fromDate ?? null;
  const to = opts.toDate ?? null;
  const days = sql`SELECT * FROM shop_daily_stats s WHERE s.shop_id = ${shop.id}
      AND (${from}::date IS NULL OR s.day >= ${from}::date) AND (${to}::date IS NULL OR s.day <= ${to}::date)`;
  const totals = sql`
      (SELECT coalesce(sum(orders), 0) FROM d) AS orders,
      (SELECT coalesce(sum(generated_revenue), 0) FROM d) AS generated_revenue,
      (SELECT coalesce(sum(refunded_revenue), 0) FROM d) AS refunded_revenue,
      (SELECT coalesce(sum(add_to_cart_revenue), 0) FROM d) AS add_to_cart_revenue,
      (SELECT count(*) FROM product_looks WHERE shop_id = ${shop.id}) AS looks_count`;

  let row: Row;
  if (opts.lite) {
    row = (await sql<Row>`WITH d AS (${days}) SELECT ${totals}`.execute(db)).rows[0];
  } else {
    const top = (having: string, order: string) => sql`
      (SELECT coalesce(json_agg(json_build_object('id', t.id, 'title', t.title)), '[]'::json) FROM (
        SELECT p.id, p.title FROM l JOIN product_looks p ON p.id = l.look_id AND p.shop_id = ${shop.id}
        WHERE ${sql.raw(having)} > 0 ORDER BY ${sql.raw(order)}, p.id LIMIT ${TOP_LIST_SIZE}) t)`;
    row = (
      await sql<Row>`
        WITH d AS (${days}),
        l AS (
          SELECT look_id, sum(orders) AS orders, sum(generated_revenue) AS generated_revenue,
                 sum(add_to_cart_count) AS add_to_cart_count, sum(add_to_cart_revenue) AS add_to_cart_revenue
          FROM look_daily_stats s WHERE s.shop_id = ${shop.id}
            AND (${from}::date IS NULL OR s.day >= ${from}::date) AND (${to}::date IS NULL OR s.day <= ${to}::date)
          GROUP BY look_id)
        SELECT ${totals},
          ${top('l.orders', 'l.generated_revenue DESC, l.orders DESC')} AS top_sellers,
          ${top('l.add_to_cart_count', 'l.add_to_cart_revenue DESC, l.add_to_cart_count DESC')} AS top_add_to_cart,
          (SELECT coalesce(json_agg(json_build_object('date', to_char(day, 'YYYY-MM-DD'), 'orders', orders,
                    'generatedRevenue', generated_revenue, 'addToCartRevenue', add_to_cart_revenue) ORDER BY day), '[]'::json)
           FROM d) AS series`.execute(db)
    ).rows[0];
  }

  const stats: Stats = {
    addToCartRevenue: Number(row.addToCartRevenue),
    orderGenerated: Number(row.orders),
    looksCount: Number(row.looksCount),
    generatedRevenue: Number(row.generatedRevenue),
    grossRevenue: Math.round((Number(row.generatedRevenue) + Number(row.refundedRevenue)) * 100) / 100,
    refundedRevenue: Number(row.refundedRevenue),
  };
  if (opts.lite) return stats;
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const series = parse<NonNullable<Row['series']>>(row.series).map(
    (p): StatsSeriesPoint => ({
      date: p.date,
      orders: Number(p.orders),
      generatedRevenue: Number(p.generatedRevenue),
      addToCartRevenue: Number(p.addToCartRevenue),
    }),
  );
  return {
    ...stats,
    topSellers: parse<LookRef[]>(row.topSellers).map((l) => ({ id: l.id, title: l.title })),
    topProductsAddToCart: parse<LookRef[]>(row.topAddToCart).map((l) => ({ id: l.id, title: l.title })),
    series: from && to ? zeroFill(series, from, to) : series,
  };
}

/** Every day of an inclusive range, days without activity as zeros. */
export function zeroFill(series: StatsSeriesPoint[], from: string, to: string): StatsSeriesPoint[] {
  const byDate = new Map(series.map((p) => [p.date, p]));
  const out: StatsSeriesPoint[] = [];
  const day = new Date(`${from}T00:00:00Z`);
  const end = new Date(`${to}T00:00:00Z`);
  for (let guard = 0; day <= end && guard < 3700; guard++) {
    const date = day.toISOString().slice(0, 10);
    out.push(byDate.get(date) ?? { date, orders: 0, generatedRevenue: 0, addToCartRevenue: 0 });
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return out;
}
