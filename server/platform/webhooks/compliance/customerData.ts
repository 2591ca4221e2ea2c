import type { Db } from '../../../db';
import { invalidateStats } from '../../../services/analytics/stats';
import { numericId } from '../payloads';

/**
 * What the app holds about a customer. Order rows store no name, e-mail or
 * address: a customer's data are the orders the platform names (by id) in the
 * compliance payload, with the look items attributed to them, and order
 * deliveries not processed yet (their payload carries the customer).
 * Daily rollups are anonymous sums and stay.
 */
export interface CustomerRef {
  id: string | null;
  email: string | null;
}

export interface CustomerOrderData {
  orderId: string;
  name: string;
  currency: string;
  orderTotal: string;
  attributedRevenue: string;
  financialStatus: string;
  orderedAt: string;
  lookItems: Array<{
    lookId: number;
    lookTitle: string | null;
    productId: string;
    productTitle: string | null;
    quantity: number;
    revenue: string;
  }>;
}

export interface CustomerData {
  customer: CustomerRef;
  orders: CustomerOrderData[];
  unprocessedOrderWebhooks: unknown[];
}

/** Both stored forms of each order id ("1001" and gid://shopify/Order/1001). */
function orderKeys(orderIds: string[]): string[] {
  return [...new Set(orderIds.flatMap((id) => [numericId(id), `gid://shopify/Order/${numericId(id)}`]))];
}

async function ordersOf(db: Db, shopId: number, orderIds: string[]): Promise<CustomerOrderData[]> {
  const keys = orderKeys(orderIds);
  if (!keys.length) return [];
  const orders = await db
    .selectFrom('orders')
    .selectAll()
    .where('shopId', '=', shopId)
    .where('platformOrderId', 'in', keys)
    .orderBy('orderedAt')
    .orderBy('id')
    .execute();
  if (!orders.length) return [];
  const items = await db
    .selectFrom('orderLookItems as i')
    .leftJoin('productLooks as l', (j) => j.onRef('l.id', '=', 'i.lookId').onRef('l.shopId', '=', 'i.shopId'))
    .leftJoin('catalogProducts as p', (j) => j.onRef('p.gid', '=', 'i.productGid').onRef('p.shopId', '=', 'i.shopId'))
    .select([
      'i.orderId',
      'i.lookId',
      'l.title as lookTitle',
      'i.productGid',
      'p.title as productTitle',
      'i.quantity',
      'i.revenue',
    ])
    .where('i.shopId', '=', shopId)
    .where(
      'i.orderId',
      'in',
      orders.map((o) => o.id),
    )
    .orderBy('i.id')
    .execute();
  return orders.map((o) => ({
    orderId: numericId(o.platformOrderId),
    name: o.identifier,
    currency: o.currency,
    orderTotal: String(o.orderTotal),
    attributedRevenue: String(o.generatedRevenue),
    financialStatus: o.financialStatus,
    orderedAt: new Date(o.orderedAt).toISOString(),
    lookItems: items
      .filter((i) => Number(i.orderId) === Number(o.id))
      .map((i) => ({
        lookId: i.lookId,
        lookTitle: i.lookTitle,
        productId: i.productGid,
        productTitle: i.productTitle,
        quantity: i.quantity,
        revenue: String(i.revenue),
      })),
  }));
}

/** Order deliveries still holding a payload (not processed yet, or given up) that belong to the customer. */
async function unprocessedOrderDeliveries(db: Db, shopId: number, customer: CustomerRef, orderIds: string[]) {
  const ids = new Set(orderIds.map(numericId));
  const rows = await db
    .selectFrom('webhookDeliveries')
    .select(['id', 'payload'])
    .where('shopId', '=', shopId)
    .where('topic', 'like', 'orders/%')
    .where('payload', 'is not', null)
    .execute();
  const matches: Array<{ id: number; payload: unknown }> = [];
  for (const row of rows) {
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(row.payload!);
    } catch {
      continue;
    }
    const buyer = (payload?.customer ?? {}) as Record<string, unknown>;
    const email = [payload?.email, payload?.contact_email, buyer.email]
      .find((e): e is string => typeof e === 'string')
      ?.toLowerCase();
    const mine =
      ids.has(numericId(String(payload?.id ?? ''))) ||
      (customer.id !== null && buyer.id !== undefined && numericId(String(buyer.id)) === customer.id) ||
      (customer.email !== null && email === customer.email);
    if (mine) matches.push({ id: Number(row.id), payload });
  }
  return matches;
}

/** customers/data_request: everything held about the customer, as JSON for the merchant. */
export async function produceCustomerData(
  db: Db,
  shopId: number,
  customer: CustomerRef,
  orderIds: string[],
): Promise<CustomerData> {
  const [orders, pending] = await Promise.all([
    ordersOf(db, shopId, orderIds),
    unprocessedOrderDeliveries(db, shopId, customer, orderIds),
  ]);
  return { customer, orders, unprocessedOrderWebhooks: pending.map((p) => p.payload) };
}

/**
 * customers/redact: erases the customer's orders (their look items go with them),
 * earlier data-request exports about the customer, and unprocessed order
 * deliveries carrying the customer (they are closed without being processed).
 */
export async function eraseCustomerData(
  db: Db,
  shopId: number,
  customer: CustomerRef,
  orderIds: string[],
): Promise<void> {
  const pending = await unprocessedOrderDeliveries(db, shopId, customer, orderIds);
  const keys = orderKeys(orderIds);
  await db.transaction().execute(async (trx) => {
    if (keys.length)
      await trx.deleteFrom('orders').where('shopId', '=', shopId).where('platformOrderId', 'in', keys).execute();
    const who = [...(customer.id ? [customer.id] : [])];
    await trx
      .deleteFrom('customerDataRequests')
      .where('shopId', '=', shopId)
      .where((eb) =>
        eb.or([
          ...(who.length ? [eb('customerId', 'in', who)] : []),
          ...(customer.email ? [eb('customerEmail', '=', customer.email)] : []),
        ]),
      )
      .execute();
    if (pending.length) {
      await trx
        .updateTable('webhookDeliveries')
        .set({ payload: null, status: 'processed', lastError: 'customer redacted before processing' })
        .where('shopId', '=', shopId)
        .where(
          'id',
          'in',
          pending.map((p) => p.id),
        )
        .execute();
    }
  });
  await invalidateStats(db, shopId);
}
