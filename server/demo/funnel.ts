import { sql } from 'kysely';
import type { SeedContext } from './context';
import type { FunnelDevice } from '../../src/contracts/funnel';
import type { FunnelEventType } from '../../src/contracts/storefront';
import { ensurePartition } from '../services/analytics/funnelPartitions';

const DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Share of shoppers on phones. */
const MOBILE_SHARE = 0.62;

function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface DayCounts {
  impressions: number;
  hotspotClicks: number;
  itemClicks: number;
  addToCarts: number;
}

/**
 * 60 days of storefront funnel history for the demo looks, consistent with the
 * seeded orders (run after seedOrders): per look and shop-local day the
 * add-to-carts are at least the widget's recorded add-to-carts and the orders,
 * clicks a few times the add-to-carts, impressions (one per visitor) several
 * times the clicks; shoppers mostly on phones. The raw events go into their
 * monthly partitions and the daily roll-ups hold exactly their counts. The
 * seeded orders get a device (the demo's orders carry no client details), so
 * the funnel splits orders and revenue by device too.
 */
export async function seedFunnel({ db, shop, now }: SeedContext): Promise<void> {
  const looks = await db
    .selectFrom('productLooks')
    .select(['id', 'mainProduct', 'relatedItems'])
    .where('shopId', '=', shop.id)
    .orderBy('id')
    .execute();
  if (!looks.length) return;
  const stats = await db
    .selectFrom('lookDailyStats')
    .select(['lookId', sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'orders', 'addToCartCount'])
    .where('shopId', '=', shop.id)
    .execute();
  const known = new Map(stats.map((s) => [`${s.lookId}|${s.day}`, s]));
  const rand = mulberry32(16_2026);
  const between = (lo: number, hi: number) => lo + rand() * (hi - lo);

  // Each seeded order was placed on a phone or a computer; its looks count it on that device.
  const orderLooks = await db
    .selectFrom('orders as o')
    .innerJoin('orderLookItems as i', 'i.orderId', 'o.id')
    .select(['o.id', sql<string>`to_char(o.local_day, 'YYYY-MM-DD')`.as('day'), 'i.lookId'])
    .where('o.shopId', '=', shop.id)
    .orderBy('o.id')
    .execute();
  const deviceOf = new Map<number, FunnelDevice>();
  const ordersOn = new Map<string, number>();
  for (const row of orderLooks) {
    const id = Number(row.id);
    if (!deviceOf.has(id)) deviceOf.set(id, rand() < MOBILE_SHARE ? 'mobile' : 'desktop');
    const key = `${row.lookId}|${row.day}|${deviceOf.get(id)}`;
    ordersOn.set(key, (ordersOn.get(key) ?? 0) + 1);
  }

  type Event = {
    lookId: number;
    type: FunnelEventType;
    device: FunnelDevice;
    visitorId: string;
    productId: string | null;
    occurredAt: Date;
    localDay: string;
  };
  const events: Event[] = [];
  const rollups: Array<{ shopId: number; day: string; lookId: number; device: FunnelDevice } & DayCounts> = [];
  for (let daysAgo = DAYS - 1; daysAgo >= 0; daysAgo--) {
    const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - daysAgo * DAY_MS;
    const day = new Date(dayStart).toISOString().slice(0, 10);
    const elapsed = daysAgo === 0 ? Math.max(0, now.getTime() - dayStart) : DAY_MS;
    const at = () => new Date(dayStart + Math.floor(rand() * Math.max(1, elapsed)));
    // The demo shop's timezone is UTC: the UTC day is the shop's day.
    for (const [index, look] of looks.entries()) {
      const products = [look.mainProduct.itemId, ...look.relatedItems.map((r) => r.itemId)].filter(Boolean);
      const recorded = known.get(`${look.id}|${day}`);
      const orders = Number(recorded?.orders ?? 0);
      const popularity = Math.max(0.4, index === 0 ? 1.5 : 1 - index * 0.2);
      const addToCarts = Math.max(
        Number(recorded?.addToCartCount ?? 0),
        orders + Math.round(between(0, 3) * popularity),
      );
      const mobileAtc = Math.max(ordersOn.get(`${look.id}|${day}|mobile`) ?? 0, Math.round(addToCarts * MOBILE_SHARE));
      const atcOn = {
        mobile: mobileAtc,
        desktop: Math.max(ordersOn.get(`${look.id}|${day}|desktop`) ?? 0, addToCarts - mobileAtc),
      };
      for (const device of ['mobile', 'desktop'] as const) {
        const weight = device === 'mobile' ? MOBILE_SHARE : 1 - MOBILE_SHARE;
        const clicks = Math.max(
          atcOn[device],
          Math.round((atcOn[device] + between(0.5, 2.5) * weight * 2) * between(2.2, 3.6)),
        );
        const counts: DayCounts = {
          impressions: Math.max(clicks, Math.round(clicks * between(4.5, 8) * popularity)),
          hotspotClicks: 0,
          itemClicks: 0,
          addToCarts: atcOn[device],
        };
        const visitor = (v: number) => `demo-${day}-${look.id}-${device[0]}${v % Math.max(1, counts.impressions)}`;
        for (let v = 0; v < counts.impressions; v++)
          events.push({
            lookId: look.id,
            type: 'impression',
            device,
            visitorId: visitor(v),
            productId: null,
            occurredAt: at(),
            localDay: day,
          });
        for (let c = 0; c < clicks; c++) {
          const type = rand() < 0.6 ? 'hotspot_click' : 'item_click';
          if (type === 'hotspot_click') counts.hotspotClicks++;
          else counts.itemClicks++;
          events.push({
            lookId: look.id,
            type,
            device,
            visitorId: visitor(c),
            productId: products[c % products.length] ?? null,
            occurredAt: at(),
            localDay: day,
          });
        }
        for (let a = 0; a < counts.addToCarts; a++) {
          events.push({
            lookId: look.id,
            type: 'add_to_cart',
            device,
            visitorId: visitor(a),
            productId: products[a % products.length] ?? null,
            occurredAt: at(),
            localDay: day,
          });
        }
        if (counts.impressions) rollups.push({ shopId: shop.id, day, lookId: look.id, device, ...counts });
      }
    }
  }

  const months = new Set(events.map((e) => e.occurredAt.toISOString().slice(0, 7)));
  for (const month of months) await ensurePartition(db, new Date(`${month}-01T00:00:00Z`));
  for (let i = 0; i < events.length; i += 1000) {
    await db
      .insertInto('funnelEvents')
      .values(events.slice(i, i + 1000).map((e) => ({ shopId: shop.id, ...e })))
      .execute();
  }
  for (let i = 0; i < rollups.length; i += 1000)
    await db
      .insertInto('lookFunnelDaily')
      .values(rollups.slice(i, i + 1000))
      .execute();

  // The demo's orders came from phones and computers too; their look revenue per device joins the funnel.
  if (deviceOf.size) {
    const rows = [...deviceOf].map(([id, device]) => sql`(${id}::bigint, ${device}::text)`);
    await sql`UPDATE orders o SET device = d.device FROM (VALUES ${sql.join(rows)}) AS d(id, device)
      WHERE o.id = d.id AND o.shop_id = ${shop.id} AND o.device IS NULL`.execute(db);
  }
  await sql`
    INSERT INTO look_funnel_daily (shop_id, day, look_id, device, orders, revenue)
    SELECT o.shop_id, o.local_day, i.look_id, o.device, count(DISTINCT o.id), sum(i.revenue)
    FROM orders o JOIN order_look_items i ON i.order_id = o.id
    WHERE o.shop_id = ${shop.id} AND o.device IS NOT NULL
    GROUP BY o.shop_id, o.local_day, i.look_id, o.device
    ON CONFLICT (shop_id, day, look_id, device) DO UPDATE SET orders = excluded.orders, revenue = excluded.revenue`.execute(
    db,
  );
}
