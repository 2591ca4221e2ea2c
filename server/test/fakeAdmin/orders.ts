import type { FakeAdminModule, FakeAdminModuleFactory, FakeResolution } from './module';

/** An amount in the shop's and the buyer's currency (MoneyBag). */
export interface FakeMoneyBag {
  shopMoney: { amount: string; currencyCode: string };
  presentmentMoney: { amount: string; currencyCode: string };
}

export interface FakeLineItem {
  id: string;
  quantity: number;
  product: { id: string } | null;
  customAttributes: Array<{ key: string; value: string | null }>;
  originalUnitPriceSet: FakeMoneyBag;
  discountAllocations: Array<{ allocatedAmountSet: FakeMoneyBag }>;
}

export interface FakeRefund {
  id: string;
  createdAt: string;
  refundLineItems: Array<{ quantity: number; subtotalSet: FakeMoneyBag; lineItemId: string }>;
}

/** An order as the stand-in keeps it (Admin GraphQL field names). */
export interface FakeOrder {
  id: string;
  name: string;
  createdAt: string;
  cancelledAt: string | null;
  displayFinancialStatus: string;
  currencyCode: string;
  presentmentCurrencyCode: string;
  totalPriceSet: FakeMoneyBag;
  lineItems: FakeLineItem[];
  refunds: FakeRefund[];
}

export interface FakeOrderLineInput {
  productId: string;
  quantity: number;
  /** Unit price in the shop's currency. */
  price: string;
  /** Discounts allocated to the line, in the shop's currency. */
  discount?: string;
  lookId?: number;
}

export interface FakeOrders extends FakeAdminModule {
  /** The merchant's shop takes an order (created now unless `createdAt`); `rate` converts shop to presentment money. */
  addOrder(
    shop: string,
    order: {
      id: number;
      name?: string;
      createdAt?: string;
      currency?: string;
      presentmentCurrency?: string;
      rate?: number;
      lines: FakeOrderLineInput[];
    },
  ): FakeOrder;
  /** Refunds lines of an order (amounts in the shop's currency). */
  refund(
    shop: string,
    orderId: number,
    refund: { id: number; lines: Array<{ lineIndex: number; quantity: number; amount: string }> },
  ): FakeRefund;
  cancel(shop: string, orderId: number, at?: string): void;
  /** The platform deletes an order (it stops being listed). */
  remove(shop: string, orderId: number): void;
  /** The app's protected customer data request is not approved: orders answer ACCESS_DENIED. */
  setAccessDenied(denied: boolean): void;
}

const gid = (type: string, id: number | string) => `gid://shopify/${type}/${id}`;

/**
 * Orders, in the Admin GraphQL API's wire format: `orders(first:, after:, query:, sortKey:)` with
 * `nodes { id name createdAt cancelledAt displayFinancialStatus currencyCode totalPriceSet
 * lineItems(first:) { nodes { … customAttributes { key value } originalUnitPriceSet discountAllocations } }
 * refunds(first:) { id refundLineItems(first:) { nodes { quantity subtotalSet lineItem } } } }
 * pageInfo { hasNextPage endCursor } }`. The search `created_at:>='…'` (or `>`) filters; sortKey
 * CREATED_AT orders oldest first; cursors are opaque. Nested connections honour their `first`. Money
 * is a MoneyBag (`shopMoney`, `presentmentMoney`). As the platform does without the protected
 * customer data approval, every orders query can be made to answer ACCESS_DENIED.
 * Objects are answered whole (every field the app may select), not cut to the query's selection.
 */
export const fakeOrders: FakeAdminModuleFactory = () => {
  const byShop = new Map<string, FakeOrder[]>();
  let denied = false;
  const of = (shop: string) => {
    let list = byShop.get(shop);
    if (!list) byShop.set(shop, (list = []));
    return list;
  };
  const find = (shop: string, orderId: number) => {
    const order = of(shop).find((o) => o.id === gid('Order', orderId));
    if (!order) throw new Error(`The stand-in has no order ${orderId} in ${shop}`);
    return order;
  };
  const firstOf = (query: string, field: string, fallback: number) =>
    Number(new RegExp(`\\b${field}\\s*\\(\\s*first:\\s*(\\d+)`).exec(query)?.[1] ?? fallback);

  function list(shop: string, query: string, variables: Record<string, unknown>) {
    const first = Math.max(1, Math.min(250, Number(variables.first ?? 50)));
    const search = String(variables.query ?? '');
    const since = /created_at:(>=?)'([^']+)'/.exec(search);
    let orders = [...of(shop)];
    if (since) {
      const at = Date.parse(since[2]);
      orders = orders.filter((o) => (since[1] === '>=' ? Date.parse(o.createdAt) >= at : Date.parse(o.createdAt) > at));
    }
    if (variables.sortKey === 'CREATED_AT' || /sortKey:\s*CREATED_AT/.test(query))
      orders.sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
    const start = variables.after ? Number(Buffer.from(String(variables.after), 'base64url').toString()) + 1 : 0;
    const page = orders.slice(start, start + first);
    const lines = firstOf(query, 'lineItems', 50);
    const refunds = firstOf(query, 'refunds', 50);
    const refundLines = firstOf(query, 'refundLineItems', 50);
    const nodes = page.map((o) => ({
      id: o.id,
      name: o.name,
      createdAt: o.createdAt,
      cancelledAt: o.cancelledAt,
      displayFinancialStatus: o.displayFinancialStatus,
      currencyCode: o.currencyCode,
      presentmentCurrencyCode: o.presentmentCurrencyCode,
      totalPriceSet: o.totalPriceSet,
      lineItems: { nodes: o.lineItems.slice(0, lines) },
      refunds: o.refunds.slice(0, refunds).map((r) => ({
        id: r.id,
        createdAt: r.createdAt,
        refundLineItems: {
          nodes: r.refundLineItems.slice(0, refundLines).map((l) => {
            const item = o.lineItems.find((i) => i.id === l.lineItemId)!;
            return { quantity: l.quantity, subtotalSet: l.subtotalSet, lineItem: item };
          }),
        },
      })),
    }));
    const last = start + page.length - 1;
    return {
      orders: {
        nodes,
        pageInfo: {
          hasNextPage: start + first < orders.length,
          endCursor: page.length ? Buffer.from(String(last)).toString('base64url') : null,
        },
      },
    };
  }

  function resolve(shop: string, query: string, variables: Record<string, unknown>): FakeResolution | null {
    if (!/\borders\s*\(/.test(query)) return null;
    const first = Math.max(1, Math.min(250, Number(variables.first ?? 50)));
    const perOrder =
      1 + firstOf(query, 'lineItems', 0) + firstOf(query, 'refunds', 0) * (1 + firstOf(query, 'refundLineItems', 0));
    const requested = 2 + first * perOrder;
    if (denied) {
      return {
        requested: 1,
        answer: () => ({
          actual: 1,
          data: {
            data: null,
            errors: [
              {
                message:
                  'This app is not approved to access the Order object. See https://shopify.dev/docs/apps/launch/protected-customer-data for more details.',
                extensions: { code: 'ACCESS_DENIED' },
              },
            ],
          },
        }),
      };
    }
    return { requested, answer: () => ({ actual: requested, data: list(shop, query, variables) }) };
  }

  const bag = (amount: number, currency: string, presentment: string, rate: number): FakeMoneyBag => ({
    shopMoney: { amount: amount.toFixed(2), currencyCode: currency },
    presentmentMoney: { amount: (amount * rate).toFixed(2), currencyCode: presentment },
  });

  return {
    resolve,
    addOrder(shop, input) {
      const currency = input.currency ?? 'USD';
      const presentment = input.presentmentCurrency ?? currency;
      const rate = input.rate ?? 1;
      const lineItems = input.lines.map(
        (l, i): FakeLineItem => ({
          id: gid('LineItem', input.id * 100 + i),
          quantity: l.quantity,
          product: { id: l.productId },
          customAttributes: l.lookId ? [{ key: '_look_id', value: String(l.lookId) }] : [],
          originalUnitPriceSet: bag(Number(l.price), currency, presentment, rate),
          discountAllocations: l.discount
            ? [{ allocatedAmountSet: bag(Number(l.discount), currency, presentment, rate) }]
            : [],
        }),
      );
      const total = input.lines.reduce((s, l) => s + Number(l.price) * l.quantity - Number(l.discount ?? 0), 0);
      const order: FakeOrder = {
        id: gid('Order', input.id),
        name: input.name ?? `#${1000 + of(shop).length + 1}`,
        createdAt: input.createdAt ?? new Date().toISOString(),
        cancelledAt: null,
        displayFinancialStatus: 'PAID',
        currencyCode: currency,
        presentmentCurrencyCode: presentment,
        totalPriceSet: bag(total, currency, presentment, rate),
        lineItems,
        refunds: [],
      };
      of(shop).push(order);
      return order;
    },
    refund(shop, orderId, input) {
      const order = find(shop, orderId);
      const refund: FakeRefund = {
        id: gid('Refund', input.id),
        createdAt: new Date().toISOString(),
        refundLineItems: input.lines.map((l) => ({
          quantity: l.quantity,
          lineItemId: order.lineItems[l.lineIndex].id,
          subtotalSet: bag(
            Number(l.amount),
            order.currencyCode,
            order.presentmentCurrencyCode,
            Number(order.totalPriceSet.presentmentMoney.amount) /
              Math.max(0.01, Number(order.totalPriceSet.shopMoney.amount)),
          ),
        })),
      };
      order.refunds.push(refund);
      order.displayFinancialStatus = 'PARTIALLY_REFUNDED';
      return refund;
    },
    cancel(shop, orderId, at) {
      find(shop, orderId).cancelledAt = at ?? new Date().toISOString();
    },
    remove(shop, orderId) {
      byShop.set(
        shop,
        of(shop).filter((o) => o.id !== gid('Order', orderId)),
      );
    },
    setAccessDenied(value) {
      denied = value;
    },
  } satisfies FakeOrders;
};
