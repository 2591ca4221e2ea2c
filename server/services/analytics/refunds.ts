import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ShopRow } from '../shop/shops';
import { invalidateStats } from './stats';
import { lookIdOf, shopAmount, type LineItemPayload, type MoneySetPayload } from './orders';

/** The part of a refunds/create payload the app reads (amounts from `subtotal_set.shop_money`). */
export interface RefundPayload {
  id: number | string;
  order_id: number | string;
  refund_line_items?: Array<{
    quantity?: number;
    subtotal?: string | number;
    subtotal_set?: MoneySetPayload | null;
    line_item?: LineItemPayload | null;
  }> | null;
}

/** What leaves an order's look revenue: per look and product (a refund), or everything left (a cancellation). */
type TakeBack =
  | { kind: 'lines'; lines: Array<{ lookId: number; productGid: string; cents: number }> }
  | { kind: 'all' };

const cents = (value: unknown) => {
  const n = Number(value ?? 0);
  return Number.isFinite(n) && n > 0 ? Math.round(n * 100) : 0;
};
const productGidOf = (item: LineItemPayload) => {
  const id = String(item.product_id ?? '');
  return id.startsWith('gid://') ? id : `gid://shopify/Product/${id}`;
};

/** The refunded look lines of a refund, in cents of the shop's currency. */
export function refundedLookLines(refund: RefundPayload): Array<{ lookId: number; productGid: string; cents: number }> {
  const out: Array<{ lookId: number; productGid: string; cents: number }> = [];
  for (const line of refund.refund_line_items ?? []) {
    const item = line?.line_item;
    const lookId = item ? lookIdOf(item) : null;
    const amount = cents(shopAmount(line?.subtotal_set, line?.subtotal));
    if (item && lookId && amount > 0) out.push({ lookId, productGid: productGidOf(item), cents: amount });
  }
  return out;
}

/**
 * refunds/create: the refunded look lines leave the net revenue of the day the order was placed
 * (once per refund id). Orders the app never recorded are ignored.
 */
export async function recordRefund(db: Db, shop: ShopRow, refund: RefundPayload): Promise<number> {
  const lines = refundedLookLines(refund);
  if (!lines.length) return 0;
  return takeBack(db, shop, String(refund.order_id), { kind: 'lines', lines }, String(refund.id));
}

/** orders/cancelled: whatever look revenue the order still has leaves the net figures (once). */
export async function recordCancellation(db: Db, shop: ShopRow, platformOrderId: string): Promise<number> {
  return takeBack(db, shop, platformOrderId, { kind: 'all' }, null);
}

/**
 * Moves revenue from net to refunded on the order's items and the rollups of its day, in one
 * transaction. An item never gives back more than it brought (a refund after a cancellation, or a
 * refund bigger than the line's attributed revenue because of taxes or shipping, is capped).
 * Returns the cents taken back.
 */
async function takeBack(
  db: Db,
  shop: ShopRow,
  platformOrderId: string,
  what: TakeBack,
  refundId: string | null,
): Promise<number> {
  const taken = await db.transaction().execute(async (trx) => {
    const order = await trx
      .selectFrom('orders')
      .select(['id', 'localDay', 'device', 'cancelledAt'])
      .where('shopId', '=', shop.id)
      .where('platformOrderId', '=', platformOrderId)
      .forUpdate()
      .executeTakeFirst();
    if (!order) return 0;
    if (refundId) {
      const fresh = await trx
        .insertInto('orderRefunds')
        .values({ shopId: shop.id, platformRefundId: refundId })
        .onConflict((oc) => oc.doNothing())
        .returning('platformRefundId')
        .executeTakeFirst();
      if (!fresh) return 0;
    } else {
      if (order.cancelledAt) return 0;
      await trx.updateTable('orders').set({ cancelledAt: new Date() }).where('id', '=', order.id).execute();
    }
    const items = await trx
      .selectFrom('orderLookItems')
      .select(['id', 'lookId', 'productGid', 'revenue', 'refunded'])
      .where('orderId', '=', order.id)
      .orderBy('id')
      .execute();
    const left = new Map(items.map((i) => [i.id, cents(i.revenue) - cents(i.refunded)]));
    const takes = new Map<number, number>();
    const take = (itemId: number, wanted: number) => {
      const amount = Math.min(wanted, left.get(itemId) ?? 0);
      if (amount <= 0) return 0;
      left.set(itemId, (left.get(itemId) ?? 0) - amount);
      takes.set(itemId, (takes.get(itemId) ?? 0) + amount);
      return amount;
    };
    if (what.kind === 'all') for (const item of items) take(item.id, left.get(item.id) ?? 0);
    else {
      for (const line of what.lines) {
        let wanted = line.cents;
        for (const item of items) {
          if (wanted <= 0) break;
          if (item.lookId === line.lookId && item.productGid === line.productGid) wanted -= take(item.id, wanted);
        }
      }
    }
    const perLook = new Map<number, number>();
    for (const item of items) {
      const amount = takes.get(item.id);
      if (!amount) continue;
      perLook.set(item.lookId, (perLook.get(item.lookId) ?? 0) + amount);
      await trx
        .updateTable('orderLookItems')
        .set({ refunded: sql`refunded + ${(amount / 100).toFixed(2)}::numeric` })
        .where('id', '=', item.id)
        .execute();
    }
    const total = [...perLook.values()].reduce((s, c) => s + c, 0);
    if (!total) return 0;
    const money = (c: number) => sql`${(c / 100).toFixed(2)}::numeric`;
    for (const [lookId, amount] of perLook) {
      await trx
        .updateTable('lookDailyStats')
        .set({
          generatedRevenue: sql`generated_revenue - ${money(amount)}`,
          refundedRevenue: sql`refunded_revenue + ${money(amount)}`,
        })
        .where('shopId', '=', shop.id)
        .where('day', '=', order.localDay)
        .where('lookId', '=', lookId)
        .execute();
      if (order.device) {
        await trx
          .updateTable('lookFunnelDaily')
          .set({ revenue: sql`revenue - ${money(amount)}`, refundedRevenue: sql`refunded_revenue + ${money(amount)}` })
          .where('shopId', '=', shop.id)
          .where('day', '=', order.localDay)
          .where('lookId', '=', lookId)
          .where('device', '=', order.device)
          .execute();
      }
    }
    await trx
      .updateTable('shopDailyStats')
      .set({
        generatedRevenue: sql`generated_revenue - ${money(total)}`,
        refundedRevenue: sql`refunded_revenue + ${money(total)}`,
      })
      .where('shopId', '=', shop.id)
      .where('day', '=', order.localDay)
      .execute();
    await trx
      .updateTable('orders')
      .set({ generatedRevenue: sql`generated_revenue - ${money(total)}` })
      .where('id', '=', order.id)
      .execute();
    return total;
  });
  if (taken) await invalidateStats(db, shop.id);
  return taken;
}
