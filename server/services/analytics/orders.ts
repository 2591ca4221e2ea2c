import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Config } from '../../config';
import type { ShopRow } from '../shop/shops';
import { invalidateStats } from './stats';
import { paginationDetails } from '../../../src/contracts/api';
import type { AnalyticsOrderRow, ShopOrdersPage } from '../../../src/contracts/analytics';

/**
 * A platform amount in both currencies (`*_set`): the shop's (`shop_money`) and the buyer's
 * (`presentment_money`). Revenue is always read from `shop_money`, so an order paid in EUR at a USD
 * shop counts its USD amount.
 */
export interface MoneySetPayload {
  shop_money?: { amount?: string | number; currency_code?: string } | null;
  presentment_money?: { amount?: string | number; currency_code?: string } | null;
}

/** The part of a platform order payload (orders/create, orders/paid) the app reads. */
export interface OrderPayload {
  id: number | string;
  name?: string;
  order_number?: number;
  total_price?: string | number;
  total_price_set?: MoneySetPayload | null;
  currency?: string;
  presentment_currency?: string;
  created_at?: string;
  financial_status?: string;
  line_items?: LineItemPayload[];
  /** The browser the order was placed from (web checkouts; absent for POS, drafts, most API orders). */
  client_details?: { user_agent?: string | null } | null;
}

export interface LineItemPayload {
  product_id?: number | string | null;
  quantity?: number;
  price?: string | number;
  price_set?: MoneySetPayload | null;
  total_discount?: string | number;
  total_discount_set?: MoneySetPayload | null;
  discount_allocations?: Array<{ amount?: string | number; amount_set?: MoneySetPayload | null }>;
  properties?: Array<{ name?: string; value?: unknown }> | Record<string, unknown> | null;
}

export const LOOK_ID_PROPERTY = '_look_id';

const toCents = (value: unknown): number => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? Math.round(n * 100) : 0;
};
const fromCents = (cents: number) => (cents / 100).toFixed(2);

/** An amount in the shop's currency: `*_set.shop_money` when the payload has it, the plain field otherwise. */
export function shopAmount(set: MoneySetPayload | null | undefined, plain: unknown): unknown {
  const amount = set && typeof set === 'object' ? set.shop_money?.amount : undefined;
  return amount ?? plain;
}

/** The order's shop currency: `total_price_set.shop_money.currency_code`, else `currency`, else the shop's. */
export function orderShopCurrency(order: OrderPayload, fallback: string): string {
  const code = order.total_price_set?.shop_money?.currency_code ?? order.currency;
  return typeof code === 'string' && /^[A-Z]{3}$/.test(code) ? code : fallback;
}

/** The look id a line item carries in its `_look_id` property (array or object form). */
export function lookIdOf(item: LineItemPayload): number | null {
  const props = item.properties;
  let raw: unknown;
  if (Array.isArray(props)) raw = props.find((p) => p?.name === LOOK_ID_PROPERTY)?.value;
  else if (props && typeof props === 'object') raw = (props as Record<string, unknown>)[LOOK_ID_PROPERTY];
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** A line item's total after discounts, in cents of the shop's currency (never negative). */
export function lineItemRevenueCents(item: LineItemPayload): number {
  const gross =
    toCents(shopAmount(item.price_set, item.price)) * Math.max(0, Math.trunc(Number(item.quantity ?? 0)) || 0);
  const allocations = Array.isArray(item.discount_allocations) ? item.discount_allocations : [];
  const discount = allocations.length
    ? allocations.reduce((sum, a) => sum + toCents(shopAmount(a?.amount_set, a?.amount)), 0)
    : toCents(shopAmount(item.total_discount_set, item.total_discount));
  return Math.max(0, gross - discount);
}

export interface AttributedItem {
  lookId: number;
  productGid: string;
  quantity: number;
  revenueCents: number;
}

/** Line items attributed to looks of the shop (unknown or foreign look ids are ignored). */
export function attributeItems(order: OrderPayload, shopLookIds: Set<number>): AttributedItem[] {
  const out: AttributedItem[] = [];
  for (const item of order.line_items ?? []) {
    const lookId = lookIdOf(item);
    if (!lookId || !shopLookIds.has(lookId)) continue;
    const productId = String(item.product_id ?? '');
    out.push({
      lookId,
      productGid: productId.startsWith('gid://') ? productId : `gid://shopify/Product/${productId}`,
      quantity: Math.max(0, Math.trunc(Number(item.quantity ?? 0)) || 0),
      revenueCents: lineItemRevenueCents(item),
    });
  }
  return out;
}

const MOBILE_USER_AGENT = /Mobi|Android|iPhone|iPod|iPad|Windows Phone|Opera Mini|IEMobile|Silk/i;

/** The device an order was placed on, from its client details' user agent; null when there is none. */
export function orderDevice(order: Pick<OrderPayload, 'client_details'>): 'mobile' | 'desktop' | null {
  const ua = order.client_details?.user_agent;
  if (typeof ua !== 'string' || !ua.trim()) return null;
  return MOBILE_USER_AGENT.test(ua) ? 'mobile' : 'desktop';
}

export type RecordOrderResult = { recorded: true; orderId: number; generatedRevenue: string } | { recorded: false };

/**
 * Records an order once (idempotent on the platform order id) with its
 * attributed items and the daily rollups. The writes are ONE statement
 * (data-modifying CTEs), so they are atomic without a transaction and cost a
 * single round trip: the order insert decides (ON CONFLICT DO NOTHING) whether
 * the items and rollups are written at all, which makes replays no-ops.
 */
export async function recordOrder(db: Db, shop: ShopRow, order: OrderPayload): Promise<RecordOrderResult> {
  const platformOrderId = String(order.id);
  const candidateIds = [
    ...new Set((order.line_items ?? []).map(lookIdOf).filter((id): id is number => id !== null && id <= 2147483647)),
  ];
  const looks = candidateIds.length
    ? await db
        .selectFrom('productLooks')
        .select('id')
        .where('shopId', '=', shop.id)
        .where('id', 'in', candidateIds)
        .execute()
    : [];
  const items = attributeItems(order, new Set(looks.map((l) => l.id)));
  const generatedCents = items.reduce((s, i) => s + i.revenueCents, 0);
  const top = [...items].sort((a, b) => b.revenueCents - a.revenueCents)[0];
  const orderedAt = parseDate(order.created_at) ?? new Date();
  const identifier = order.name ?? (order.order_number ? `#${order.order_number}` : `#${platformOrderId}`);
  const device = orderDevice(order);
  const perLook = new Map<number, number>();
  for (const i of items) perLook.set(i.lookId, (perLook.get(i.lookId) ?? 0) + i.revenueCents);

  const insertOrder = sql`
    INSERT INTO orders (shop_id, platform_order_id, identifier, currency, order_total, generated_revenue, financial_status, look_id, product_gid, ordered_at, local_day, device)
    VALUES (${shop.id}, ${platformOrderId}, ${identifier}, ${orderShopCurrency(order, shop.currency)}, ${fromCents(toCents(shopAmount(order.total_price_set, order.total_price)))}::numeric,
            ${fromCents(generatedCents)}::numeric, ${order.financial_status ?? 'pending'}, ${top?.lookId ?? null}::int, ${top?.productGid ?? null}::text,
            ${orderedAt.toISOString()}::timestamptz, (${orderedAt.toISOString()}::timestamptz AT TIME ZONE ${shop.timezone})::date, ${device}::text)
    ON CONFLICT (shop_id, platform_order_id) DO NOTHING
    RETURNING id, local_day`;
  const statement = items.length
    ? sql<{ id: number }>`
        WITH o AS (${insertOrder}),
        i AS (
          INSERT INTO order_look_items (shop_id, order_id, look_id, product_gid, quantity, revenue)
          SELECT ${shop.id}, o.id, x.look_id, x.product_gid, x.quantity, x.revenue
          FROM o, (VALUES ${sql.join(items.map((i) => sql`(${i.lookId}::int, ${i.productGid}::text, ${i.quantity}::int, ${fromCents(i.revenueCents)}::numeric)`))})
            AS x(look_id, product_gid, quantity, revenue)),
        l AS (
          INSERT INTO look_daily_stats (shop_id, day, look_id, orders, generated_revenue)
          SELECT ${shop.id}, o.local_day, x.look_id, 1, x.revenue
          FROM o, (VALUES ${sql.join([...perLook].map(([lookId, cents]) => sql`(${lookId}::int, ${fromCents(cents)}::numeric)`))}) AS x(look_id, revenue)
          ON CONFLICT (shop_id, day, look_id) DO UPDATE SET
            orders = look_daily_stats.orders + 1,
            generated_revenue = look_daily_stats.generated_revenue + excluded.generated_revenue),
        f AS (
          -- The funnel's split by device (orders whose device is known).
          INSERT INTO look_funnel_daily (shop_id, day, look_id, device, orders, revenue)
          SELECT ${shop.id}::int, o.local_day, x.look_id, ${device}::text, 1, x.revenue
          FROM o, (VALUES ${sql.join([...perLook].map(([lookId, cents]) => sql`(${lookId}::int, ${fromCents(cents)}::numeric)`))}) AS x(look_id, revenue)
          WHERE ${device}::text IS NOT NULL
          ON CONFLICT (shop_id, day, look_id, device) DO UPDATE SET
            orders = look_funnel_daily.orders + 1,
            revenue = look_funnel_daily.revenue + excluded.revenue),
        s AS (
          INSERT INTO shop_daily_stats (shop_id, day, orders, generated_revenue)
          SELECT ${shop.id}, o.local_day, 1, ${fromCents(generatedCents)}::numeric FROM o
          ON CONFLICT (shop_id, day) DO UPDATE SET
            orders = shop_daily_stats.orders + 1,
            generated_revenue = shop_daily_stats.generated_revenue + excluded.generated_revenue)
        SELECT id FROM o`
    : sql<{ id: number }>`${insertOrder}`;
  const inserted = (await statement.execute(db)).rows[0];
  const result: RecordOrderResult = inserted
    ? { recorded: true, orderId: Number(inserted.id), generatedRevenue: fromCents(generatedCents) }
    : { recorded: false };
  if (result.recorded) await invalidateStats(db, shop.id);
  return result;
}

/** orders/paid: marks a known order paid; an order seen first as paid is recorded. */
export async function markOrderPaid(db: Db, shop: ShopRow, order: OrderPayload): Promise<void> {
  const res = await recordOrder(db, shop, { ...order, financial_status: order.financial_status ?? 'paid' });
  if (!res.recorded) {
    await db
      .updateTable('orders')
      .set({ financialStatus: order.financial_status ?? 'paid' })
      .where('shopId', '=', shop.id)
      .where('platformOrderId', '=', String(order.id))
      .execute();
  }
}

function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Storefront address of a product: the demo storefront standalone, the shop's own otherwise. */
export function productStoreFrontLink(
  config: Pick<Config, 'appMode' | 'appUrl'>,
  shop: ShopRow,
  handle: string | null,
): string | null {
  if (!handle) return null;
  return config.appMode === 'shopify'
    ? `https://${shop.domain}/products/${encodeURIComponent(handle)}`
    : `${config.appUrl}/storefront/products/${encodeURIComponent(handle)}`;
}

/** Shop-local day bounds as [start, next day start) timestamps, computed in SQL. */
export const dayStart = (day: string, timezone: string) =>
  sql<Date>`(${day}::date)::timestamp AT TIME ZONE ${timezone}`;
export const dayAfter = (day: string, timezone: string) =>
  sql<Date>`((${day}::date + 1))::timestamp AT TIME ZONE ${timezone}`;

export interface ShopOrdersOptions {
  page: number;
  limit: number;
  fromDate?: string;
  toDate?: string;
}

/** GET /shopOrders: attributed orders, newest first, dates inclusive in the shop's timezone. */
export async function listShopOrders(
  db: Db,
  config: Config,
  shop: ShopRow,
  opts: ShopOrdersOptions,
): Promise<ShopOrdersPage> {
  let base = db.selectFrom('orders as o').where('o.shopId', '=', shop.id).where('o.lookId', 'is not', null);
  if (opts.fromDate) base = base.where('o.orderedAt', '>=', dayStart(opts.fromDate, shop.timezone));
  if (opts.toDate) base = base.where('o.orderedAt', '<', dayAfter(opts.toDate, shop.timezone));
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .leftJoin('catalogProducts as cp', (j) =>
        j.onRef('cp.shopId', '=', 'o.shopId').onRef('cp.gid', '=', 'o.productGid'),
      )
      .select(['o.id', 'o.identifier', 'o.orderTotal', 'o.generatedRevenue', 'o.orderedAt', 'o.lookId', 'cp.handle'])
      .orderBy('o.orderedAt', 'desc')
      .orderBy('o.id', 'desc')
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit)
      .execute(),
  ]);
  const data: AnalyticsOrderRow[] = rows.map((r) => ({
    id: Number(r.id),
    identifier: r.identifier,
    orderTotal: Number(r.orderTotal),
    generatedRevenue: Number(r.generatedRevenue),
    orderDate: new Date(r.orderedAt).toISOString(),
    productStoreFrontLink: productStoreFrontLink(config, shop, r.handle),
    productLookId: r.lookId,
  }));
  return { data, paginationDetails: paginationDetails(opts.page, opts.limit, Number(total)) };
}
