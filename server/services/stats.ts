import { sql } from 'kysely';
import type { Db } from '../db';
import type { ShopRow } from './shops';
import type { LookRef, Stats, StatsSeriesPoint } from '../../src/contracts/analytics';

export interface StatsOptions {
  lite?: boolean;
  /** Inclusive shop-local days (YYYY-MM-DD); absent = all time. */
  fromDate?: string;
  toDate?: string;
}

export const TOP_LIST_SIZE = 5;

/**
 * GET /stats: totals, top lists and the per-day series, aggregated in SQL over
 * the daily rollups (one row per shop-day / look-day), so the cost grows with
 * days and looks, not with orders.
 */
export async function getStats(db: Db, shop: ShopRow, opts: StatsOptions = {}): Promise<Stats> {
  const inRange = <T extends { where: (...a: any[]) => T }>(q: T, col: string): T => {
    let out = q;
    if (opts.fromDate) out = out.where(col, '>=', opts.fromDate);
    if (opts.toDate) out = out.where(col, '<=', opts.toDate);
    return out;
  };

  const totalsQuery = inRange(
    db
      .selectFrom('shopDailyStats')
      .where('shopId', '=', shop.id)
      .select([
        sql<string>`coalesce(sum(orders), 0)`.as('orders'),
        sql<string>`coalesce(sum(generated_revenue), 0)`.as('generatedRevenue'),
        sql<string>`coalesce(sum(add_to_cart_revenue), 0)`.as('addToCartRevenue'),
      ]) as any,
    'day',
  ) as any;
  const looksQuery = db
    .selectFrom('productLooks')
    .where('shopId', '=', shop.id)
    .select((eb) => eb.fn.countAll<number>().as('count'));

  const [totals, looks] = await Promise.all([totalsQuery.executeTakeFirstOrThrow(), looksQuery.executeTakeFirstOrThrow()]);
  const stats: Stats = {
    addToCartRevenue: Number(totals.addToCartRevenue),
    orderGenerated: Number(totals.orders),
    looksCount: Number(looks.count),
    generatedRevenue: Number(totals.generatedRevenue),
  };
  if (opts.lite) return stats;

  const top = (measure: 'orders' | 'addToCartCount', order: 'generatedRevenue' | 'addToCartRevenue') => {
    const col = measure === 'orders' ? sql`s.orders` : sql`s.add_to_cart_count`;
    const ord = order === 'generatedRevenue' ? sql`s.generated_revenue` : sql`s.add_to_cart_revenue`;
    let q = db
      .selectFrom('lookDailyStats as s')
      .innerJoin('productLooks as l', (j) => j.onRef('l.id', '=', 's.lookId').onRef('l.shopId', '=', 's.shopId'))
      .where('s.shopId', '=', shop.id);
    if (opts.fromDate) q = q.where('s.day', '>=', opts.fromDate);
    if (opts.toDate) q = q.where('s.day', '<=', opts.toDate);
    return q
      .select(['l.id', 'l.title'])
      .groupBy(['l.id', 'l.title'])
      .having(sql`sum(${col})`, '>', 0)
      .orderBy(sql`sum(${ord})`, 'desc')
      .orderBy(sql`sum(${col})`, 'desc')
      .orderBy('l.id')
      .limit(TOP_LIST_SIZE)
      .execute() as Promise<LookRef[]>;
  };

  const seriesQuery = () => {
    if (opts.fromDate && opts.toDate) {
      // Every day of the range, zero-filled.
      return sql<{ date: string; orders: string; generatedRevenue: string; addToCartRevenue: string }>`
        SELECT to_char(d.day, 'YYYY-MM-DD') AS date,
               coalesce(s.orders, 0) AS orders,
               coalesce(s.generated_revenue, 0) AS generated_revenue,
               coalesce(s.add_to_cart_revenue, 0) AS add_to_cart_revenue
        FROM generate_series(${opts.fromDate}::date, ${opts.toDate}::date, interval '1 day') AS d(day)
        LEFT JOIN shop_daily_stats s ON s.shop_id = ${shop.id} AND s.day = d.day::date
        ORDER BY d.day`.execute(db).then((r) => r.rows);
    }
    let q = db.selectFrom('shopDailyStats').where('shopId', '=', shop.id);
    if (opts.fromDate) q = q.where('day', '>=', opts.fromDate);
    if (opts.toDate) q = q.where('day', '<=', opts.toDate);
    return q
      .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('date'), 'orders', 'generatedRevenue', 'addToCartRevenue'])
      .orderBy('day')
      .execute();
  };

  const [topSellers, topProductsAddToCart, series] = await Promise.all([
    top('orders', 'generatedRevenue'),
    top('addToCartCount', 'addToCartRevenue'),
    seriesQuery(),
  ]);
  return {
    ...stats,
    topSellers: topSellers.map((l) => ({ id: l.id, title: l.title })),
    topProductsAddToCart: topProductsAddToCart.map((l) => ({ id: l.id, title: l.title })),
    series: series.map(
      (p): StatsSeriesPoint => ({
        date: p.date,
        orders: Number(p.orders),
        generatedRevenue: Number(p.generatedRevenue),
        addToCartRevenue: Number(p.addToCartRevenue),
      }),
    ),
  };
}
