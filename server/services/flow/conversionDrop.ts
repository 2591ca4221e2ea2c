import { sql } from 'kysely';
import type { Db } from '../../db';
import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from '../../../src/contracts/shop';
import { FLOW_TRIGGERS, flowPercent, flowText } from './flowTriggers';
import { queueFlowTrigger } from './flowEvents';

/**
 * "Look conversion dropped" (issue 28 §6): once a week, per look of each shop that uses the trigger,
 * the conversion rate (attributed orders per impression, the funnel's figures over every device) of
 * the last seven complete days in the shop's timezone against the seven days before. A look whose
 * rate fell by at least the shop's threshold (settings, `conversionDropThreshold`, percent of the
 * previous rate) starts the shop's workflows. Too few impressions in either week say nothing about a
 * rate: such looks are left out (MIN_WEEKLY_IMPRESSIONS), as are looks without orders the week before.
 */
export const MIN_WEEKLY_IMPRESSIONS = 100;

export interface ConversionDrop {
  lookId: number;
  lookTitle: string;
  /** Percent. */
  rate: number;
  previousRate: number;
  /** Percent of the previous rate. */
  dropPercent: number;
}

interface Row {
  lookId: number;
  title: string;
  impressions: string | number;
  orders: string | number;
  previousImpressions: string | number;
  previousOrders: string | number;
}

/** The shop's looks whose conversion fell week over week by at least `thresholdPercent`. */
export async function findConversionDrops(
  db: Db,
  shop: { id: number; timezone: string },
  thresholdPercent: number,
  now: Date,
): Promise<ConversionDrop[]> {
  const today = sql`(${now.toISOString()}::timestamptz AT TIME ZONE ${shop.timezone})::date`;
  const { rows } = await sql<Row>`
    SELECT f.look_id, l.title,
      sum(f.impressions) FILTER (WHERE f.day >= ${today} - 7) AS impressions,
      sum(f.orders) FILTER (WHERE f.day >= ${today} - 7) AS orders,
      sum(f.impressions) FILTER (WHERE f.day < ${today} - 7) AS previous_impressions,
      sum(f.orders) FILTER (WHERE f.day < ${today} - 7) AS previous_orders
    FROM look_funnel_daily f JOIN product_looks l ON l.id = f.look_id AND l.shop_id = f.shop_id
    WHERE f.shop_id = ${shop.id} AND f.day >= ${today} - 14 AND f.day < ${today}
    GROUP BY f.look_id, l.title
    ORDER BY f.look_id`.execute(db);
  const drops: ConversionDrop[] = [];
  for (const r of rows) {
    const [impressions, orders, previousImpressions, previousOrders] = [
      r.impressions,
      r.orders,
      r.previousImpressions,
      r.previousOrders,
    ].map((v) => Number(v ?? 0));
    if (impressions < MIN_WEEKLY_IMPRESSIONS || previousImpressions < MIN_WEEKLY_IMPRESSIONS || previousOrders <= 0)
      continue;
    const rate = (orders / impressions) * 100;
    const previousRate = (previousOrders / previousImpressions) * 100;
    const dropPercent = ((previousRate - rate) / previousRate) * 100;
    if (dropPercent >= thresholdPercent)
      drops.push({ lookId: Number(r.lookId), lookTitle: r.title, rate, previousRate, dropPercent });
  }
  return drops;
}

/** The weekly check over the shops using the trigger (the `flow.conversionDrop` cron job); resolves the triggers queued. */
export async function checkConversionDrops(db: Db, now: Date): Promise<number> {
  const shops = await db
    .selectFrom('flowTriggerUsage as u')
    .innerJoin('shops as s', 's.id', 'u.shopId')
    .select(['s.id', 's.timezone', 's.settings'])
    .where('u.handle', '=', FLOW_TRIGGERS.conversionDropped.handle)
    .where('u.enabled', '=', true)
    .where('s.installedAt', 'is not', null)
    .orderBy('s.id')
    .execute();
  let queued = 0;
  for (const shop of shops) {
    const settings = shop.settings as Partial<ShopSettings> | null;
    const threshold = settings?.conversionDropThreshold ?? DEFAULT_SHOP_SETTINGS.conversionDropThreshold!;
    for (const drop of await findConversionDrops(db, shop, threshold, now)) {
      const sent = await queueFlowTrigger(db, shop.id, FLOW_TRIGGERS.conversionDropped.handle, {
        'Look ID': String(drop.lookId),
        'Look title': flowText(drop.lookTitle),
        'Conversion rate': flowPercent(drop.rate),
        'Previous conversion rate': flowPercent(drop.previousRate),
        'Drop percent': flowPercent(drop.dropPercent),
        'Threshold percent': threshold,
      });
      if (sent) queued += 1;
    }
  }
  return queued;
}
