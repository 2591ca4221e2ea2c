import { sql } from 'kysely';
import { AdminApiError, type AdminApi } from './adminApi';
import type { PlatformContext, ShopRef } from './context';
import { installedShopsWithToken } from './installedShops';
import { lookIdOf, recordOrder, type LineItemPayload, type OrderPayload } from '../services/analytics/orders';
import { recordCancellation, recordRefund, type RefundPayload } from '../services/analytics/refunds';
import type { ReconciliationRepairs, ReconciliationStatus } from '../db/tables/orderReconciliations';

/**
 * The reconciliation of attributed orders with the platform's (issue 28 §5): the orders of the last
 * RECONCILE_DAYS (what `read_orders` may read; older ones need `read_all_orders`) are read from the
 * Admin API and every one with a `_look_id` line item goes through the same idempotent steps as its
 * webhooks: a missing order is recorded (orders/create), a refund not yet counted leaves the net
 * revenue (refunds/create, once per refund id), a cancellation not yet counted too (orders/cancelled).
 * Amounts are the orders' shop money (`*Set.shopMoney`), as the webhooks' `shop_money`.
 * Attributed orders the app has and the platform no longer lists (deleted orders) are counted, never
 * removed. A complete run records when the app last agreed with the platform (`agreed_at`, shown on
 * the analytics page). Orders are protected customer data: until the app's request is approved the
 * platform answers ACCESS_DENIED, and the run records `awaiting_access`.
 *
 * Runs as the `orders.reconcile` job (one shop at a time): daily for every installed shop
 * (`orders.reconcileAll`, cron) and on demand (POST /admin/api/v1/reconciliation).
 */
export const RECONCILE_DAYS = 60;
/** Orders a page: each carries up to LINE_ITEMS lines and REFUNDS refunds of REFUND_LINES lines (query cost ≈ 160 a order). */
export const ORDERS_PAGE = 5;
export const LINE_ITEMS = 50;
export const REFUNDS = 5;
export const REFUND_LINES = 20;

const MONEY = 'shopMoney { amount currencyCode }';

export const RECONCILE_ORDERS_QUERY = `query ReconcileOrders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, query: $query, sortKey: CREATED_AT) {
    nodes {
      id
      name
      createdAt
      cancelledAt
      displayFinancialStatus
      currencyCode
      totalPriceSet { ${MONEY} }
      lineItems(first: ${LINE_ITEMS}) {
        nodes {
          id
          quantity
          product { id }
          customAttributes { key value }
          originalUnitPriceSet { ${MONEY} }
          discountAllocations { allocatedAmountSet { ${MONEY} } }
        }
      }
      refunds(first: ${REFUNDS}) {
        id
        refundLineItems(first: ${REFUND_LINES}) {
          nodes {
            quantity
            subtotalSet { ${MONEY} }
            lineItem { id product { id } customAttributes { key value } }
          }
        }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}`;

interface Money {
  shopMoney: { amount: string; currencyCode: string };
}
interface Attribute {
  key: string;
  value: string | null;
}
export interface PlatformLineItem {
  id: string;
  quantity: number;
  product: { id: string } | null;
  customAttributes: Attribute[];
  originalUnitPriceSet: Money;
  discountAllocations: Array<{ allocatedAmountSet: Money }>;
}
export interface PlatformOrder {
  id: string;
  name: string;
  createdAt: string;
  cancelledAt: string | null;
  displayFinancialStatus: string | null;
  currencyCode: string;
  totalPriceSet: Money;
  lineItems: { nodes: PlatformLineItem[] };
  refunds: Array<{
    id: string;
    refundLineItems: {
      nodes: Array<{
        quantity: number;
        subtotalSet: Money;
        lineItem: Pick<PlatformLineItem, 'id' | 'product' | 'customAttributes'>;
      }>;
    };
  }>;
}
interface OrdersAnswer {
  orders: { nodes: PlatformOrder[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

/** The numeric id of a gid, as the webhooks (REST payloads) carry ids. */
const legacyId = (gid: string) => /(\d+)$/.exec(gid)?.[1] ?? gid;
const shopMoney = (m: Money | null | undefined) => ({
  shop_money: { amount: m?.shopMoney.amount, currency_code: m?.shopMoney.currencyCode },
});
const properties = (attributes: Attribute[]) => (attributes ?? []).map((a) => ({ name: a.key, value: a.value }));

const lineItemPayload = (
  item: Pick<PlatformLineItem, 'product' | 'customAttributes'> & Partial<PlatformLineItem>,
): LineItemPayload => ({
  product_id: item.product?.id ?? null,
  quantity: item.quantity,
  price_set: item.originalUnitPriceSet ? shopMoney(item.originalUnitPriceSet) : undefined,
  discount_allocations: item.discountAllocations?.map((d) => ({ amount_set: shopMoney(d.allocatedAmountSet) })),
  properties: properties(item.customAttributes),
});

/** A platform order as the order webhooks deliver it (the fields recordOrder reads). */
export function orderPayloadOf(order: PlatformOrder): OrderPayload {
  return {
    id: legacyId(order.id),
    name: order.name,
    created_at: order.createdAt,
    financial_status: order.displayFinancialStatus?.toLowerCase() ?? undefined,
    currency: order.currencyCode,
    total_price_set: shopMoney(order.totalPriceSet),
    line_items: order.lineItems.nodes.map(lineItemPayload),
  };
}

/** A platform refund as refunds/create delivers it. */
export function refundPayloadOf(order: PlatformOrder, refund: PlatformOrder['refunds'][number]): RefundPayload {
  return {
    id: legacyId(refund.id),
    order_id: legacyId(order.id),
    refund_line_items: refund.refundLineItems.nodes.map((line) => ({
      quantity: line.quantity,
      subtotal_set: shopMoney(line.subtotalSet),
      line_item: lineItemPayload(line.lineItem),
    })),
  };
}

const attributed = (order: PlatformOrder) =>
  order.lineItems.nodes.some((item) => lookIdOf({ properties: properties(item.customAttributes) }) !== null);

export interface ReconcileResult {
  status: ReconciliationStatus;
  ordersChecked: number;
  repairs: ReconciliationRepairs;
}

export interface OrderReconciler {
  /** Reconciles one shop and records the outcome. */
  reconcileShop(shop: ShopRef): Promise<ReconcileResult>;
  /** The shops the daily round reconciles (installed, with a token). */
  installedShops(): Promise<ShopRef[]>;
}

export function createOrderReconciler(ctx: PlatformContext, admin: AdminApi): OrderReconciler {
  const { db } = ctx;

  async function save(shopId: number, result: ReconcileResult, agreedAt: Date | null) {
    const checkedAt = ctx.now();
    await db
      .insertInto('orderReconciliations')
      .values({
        shopId,
        checkedAt,
        agreedAt,
        status: result.status,
        ordersChecked: result.ordersChecked,
        repairs: JSON.stringify(result.repairs),
      })
      .onConflict((oc) =>
        oc.column('shopId').doUpdateSet({
          checkedAt,
          // A run that could not finish keeps the last agreement.
          agreedAt: agreedAt ?? sql`order_reconciliations.agreed_at`,
          status: result.status,
          ordersChecked: result.ordersChecked,
          repairs: JSON.stringify(result.repairs),
        }),
      )
      .execute();
  }

  async function run(shop: ShopRef): Promise<ReconcileResult> {
    const row = await db.selectFrom('shops').selectAll().where('id', '=', shop.id).executeTakeFirst();
    if (!row) throw new Error(`shop ${shop.domain} is gone`);
    const since = new Date(ctx.now().getTime() - RECONCILE_DAYS * 24 * 3600_000);
    const repairs: Required<ReconciliationRepairs> = {
      missingOrders: 0,
      refunds: 0,
      cancellations: 0,
      unknownToPlatform: 0,
    };
    const seen = new Set<string>();
    let checked = 0;
    let after: string | null = null;
    for (;;) {
      const { orders }: OrdersAnswer = await admin.graphql<OrdersAnswer>(shop, RECONCILE_ORDERS_QUERY, {
        first: ORDERS_PAGE,
        after,
        query: `created_at:>='${since.toISOString()}'`,
      });
      for (const order of orders.nodes) {
        if (!attributed(order)) continue;
        checked += 1;
        const payload = orderPayloadOf(order);
        seen.add(String(payload.id));
        if ((await recordOrder(db, row, payload)).recorded) repairs.missingOrders += 1;
        for (const refund of order.refunds)
          if ((await recordRefund(db, row, refundPayloadOf(order, refund))) > 0) repairs.refunds += 1;
        if (order.cancelledAt && (await recordCancellation(db, row, String(payload.id))) > 0)
          repairs.cancellations += 1;
      }
      if (!orders.pageInfo.hasNextPage || !orders.pageInfo.endCursor) break;
      after = orders.pageInfo.endCursor;
    }
    const known = await db
      .selectFrom('orders')
      .select('platformOrderId')
      .where('shopId', '=', shop.id)
      .where('lookId', 'is not', null)
      .where('orderedAt', '>=', since)
      .execute();
    repairs.unknownToPlatform = known.filter((o) => !seen.has(o.platformOrderId)).length;
    const repaired = repairs.missingOrders + repairs.refunds + repairs.cancellations > 0;
    return { status: repaired ? 'repaired' : 'agreed', ordersChecked: checked, repairs };
  }

  return {
    async reconcileShop(shop) {
      let result: ReconcileResult;
      try {
        result = await run(shop);
      } catch (error) {
        if (!(error instanceof AdminApiError && error.graphqlCodes.includes('ACCESS_DENIED'))) {
          // Down, throttled past the back-off, or no token: recorded, and the job engine tries again.
          await save(shop.id, { status: 'failed', ordersChecked: 0, repairs: {} }, null);
          throw error;
        }
        result = { status: 'awaiting_access', ordersChecked: 0, repairs: {} };
        await save(shop.id, result, null);
        ctx.log('info', `order reconciliation of ${shop.domain} waits for the app's protected customer data access`);
        return result;
      }
      // After its repairs the app agrees with the platform, unless it holds orders the platform no longer lists.
      await save(shop.id, result, result.repairs.unknownToPlatform ? null : ctx.now());
      if (result.status === 'repaired' || result.repairs.unknownToPlatform) {
        ctx.log(
          'info',
          `order reconciliation of ${shop.domain}: ${JSON.stringify(result.repairs)} over ${result.ordersChecked} attributed orders`,
        );
      }
      return result;
    },
    installedShops: () => installedShopsWithToken(db),
  };
}
