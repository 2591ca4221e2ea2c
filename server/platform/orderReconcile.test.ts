import { shopifyTestApp, installShop } from '../test/platformShop';
import type { FakeShopifyAdmin } from '../test/fakeShopifyAdmin';
import type { TestApp } from '../test/testApp';
import type { FakeOrders } from '../test/fakeAdmin/orders';
import { insertLook } from '../test/looks';
import { API_PREFIX } from '../../src/contracts/api';
import type { ShopRow } from '../services/shop/shops';
import { recordOrder } from '../services/analytics/orders';
import { recordRefund } from '../services/analytics/refunds';
import { ORDERS_PAGE, RECONCILE_DAYS, RECONCILE_ORDERS_QUERY, orderPayloadOf } from './orderReconcile';
import { MAX_QUERY_COST } from '../test/fakeShopifyAdmin';

jest.setTimeout(60_000);

const DOMAIN = 'reconcile.myshopify.com';
const DAY = 24 * 3600_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describe('the order reconciliation against the Admin API stand-in', () => {
  let fake: FakeShopifyAdmin;
  let t: TestApp;
  let close: () => Promise<void>;
  let shop: ShopRow;
  let lookId: number;
  const orders = () => fake.module<FakeOrders>('orders');
  const stats = async () =>
    (await t.request({ method: 'GET', url: `${API_PREFIX}/stats?lite=true`, shop: DOMAIN })).json() as {
      generatedRevenue: number;
      grossRevenue: number;
      refundedRevenue: number;
      orderGenerated: number;
    };
  const reconciliation = async () =>
    (await t.request({ method: 'GET', url: `${API_PREFIX}/reconciliation`, shop: DOMAIN })).json() as {
      agreedAt: string | null;
      status: string | null;
      repairs: Record<string, number>;
      ordersChecked: number;
      available: boolean;
    };

  beforeAll(async () => {
    ({ fake, t, close } = await shopifyTestApp('reconcile-key', 'reconcile-secret', {}, { restoreRate: 20_000 }));
    shop = await installShop(t, DOMAIN);
    lookId = await insertLook(t.db, shop.id);
  });
  afterAll(async () => close());

  it('the query asks only what read_orders gives (60 days) and stays under the single query cost limit', () => {
    const perOrder = 1 + 50 + 5 * (1 + 20);
    expect(2 + ORDERS_PAGE * perOrder).toBeLessThan(MAX_QUERY_COST);
    expect(RECONCILE_DAYS).toBe(60);
    expect(RECONCILE_ORDERS_QUERY).toMatch(/customAttributes \{ key value \}/);
    expect(RECONCILE_ORDERS_QUERY).toMatch(/shopMoney \{ amount currencyCode \}/);
  });

  it('repairs what the webhooks missed: orders, refunds and cancellations, in the shop currency', async () => {
    // Known from its webhook: #1 (a look line of 2 × 40 − 10 and a line without look).
    const first = orders().addOrder(DOMAIN, {
      id: 5001,
      createdAt: ago(3),
      lines: [
        { productId: 'gid://shopify/Product/11', quantity: 2, price: '40.00', discount: '10.00', lookId },
        { productId: 'gid://shopify/Product/12', quantity: 1, price: '99.00' },
      ],
    });
    expect(
      (await recordOrder(t.db, shop, orderPayloadOf({ ...first, lineItems: { nodes: first.lineItems }, refunds: [] })))
        .recorded,
    ).toBe(true);
    // Missed: #2, and #3 paid in EUR (presentment) at this USD shop.
    orders().addOrder(DOMAIN, {
      id: 5002,
      createdAt: ago(2),
      lines: [{ productId: 'gid://shopify/Product/13', quantity: 1, price: '25.00', lookId }],
    });
    orders().addOrder(DOMAIN, {
      id: 5003,
      createdAt: ago(1),
      currency: 'USD',
      presentmentCurrency: 'EUR',
      rate: 0.9,
      lines: [{ productId: 'gid://shopify/Product/14', quantity: 1, price: '50.00', lookId }],
    });
    // Not attributed, and too old to read: neither counts.
    orders().addOrder(DOMAIN, {
      id: 5004,
      createdAt: ago(1),
      lines: [{ productId: 'gid://shopify/Product/15', quantity: 1, price: '500.00' }],
    });
    orders().addOrder(DOMAIN, {
      id: 5005,
      createdAt: ago(70),
      lines: [{ productId: 'gid://shopify/Product/16', quantity: 1, price: '700.00', lookId }],
    });
    // More orders than a page holds: the run follows the cursor.
    for (const id of [5101, 5102])
      orders().addOrder(DOMAIN, {
        id,
        createdAt: ago(1),
        lines: [{ productId: 'gid://shopify/Product/18', quantity: 1, price: '5.00' }],
      });
    // Missed refund of #1's look line (30) and cancellation of #3.
    orders().refund(DOMAIN, 5001, { id: 7001, lines: [{ lineIndex: 0, quantity: 1, amount: '30.00' }] });
    orders().cancel(DOMAIN, 5003);
    expect(await stats()).toMatchObject({ orderGenerated: 1, generatedRevenue: 70 });

    const result = await t.app.platform.orderReconciler.reconcileShop(shop);
    expect(result).toEqual({
      status: 'repaired',
      ordersChecked: 3,
      repairs: { missingOrders: 2, refunds: 1, cancellations: 1, unknownToPlatform: 0 },
    });
    // Gross 70 + 25 + 50 (USD, not the EUR 45); refunded 30 + 50; net 65.
    expect(await stats()).toMatchObject({
      orderGenerated: 3,
      grossRevenue: 145,
      refundedRevenue: 80,
      generatedRevenue: 65,
    });
    const asked = fake.graphql.filter((g) => g.shop === DOMAIN && /ReconcileOrders/.test(g.query));
    expect(asked.map((g) => g.variables.after === null)).toEqual([true, false]); // two pages of ORDERS_PAGE
    expect(String(asked[0].variables.query)).toMatch(/^created_at:>='\d{4}-\d\d-\d\dT/);
    const row = await reconciliation();
    expect(row).toMatchObject({ status: 'repaired', ordersChecked: 3, available: true });
    expect(Date.now() - Date.parse(row.agreedAt!)).toBeLessThan(60_000);
  });

  it('a second run finds agreement and repairs nothing; the refund webhook arriving late counts nothing twice', async () => {
    expect(await t.app.platform.orderReconciler.reconcileShop(shop)).toEqual({
      status: 'agreed',
      ordersChecked: 3,
      repairs: { missingOrders: 0, refunds: 0, cancellations: 0, unknownToPlatform: 0 },
    });
    const late = {
      id: 7001,
      order_id: 5001,
      refund_line_items: [
        {
          quantity: 1,
          subtotal_set: { shop_money: { amount: '30.00', currency_code: 'USD' } },
          line_item: { product_id: 11, properties: [{ name: '_look_id', value: String(lookId) }] },
        },
      ],
    };
    expect(await recordRefund(t.db, shop, late)).toBe(0);
    expect(await stats()).toMatchObject({ generatedRevenue: 65, refundedRevenue: 80 });
  });

  it('an attributed order the platform no longer lists is reported, kept, and the last agreement stays', async () => {
    const before = (await reconciliation()).agreedAt;
    orders().remove(DOMAIN, 5002);
    const result = await t.app.platform.orderReconciler.reconcileShop(shop);
    expect(result.repairs.unknownToPlatform).toBe(1);
    expect((await reconciliation()).agreedAt).toBe(before);
    expect(await stats()).toMatchObject({ orderGenerated: 3 });
  });

  it('without the protected customer data approval the run waits (ACCESS_DENIED) and keeps the last agreement', async () => {
    const before = (await reconciliation()).agreedAt;
    orders().setAccessDenied(true);
    try {
      expect((await t.app.platform.orderReconciler.reconcileShop(shop)).status).toBe('awaiting_access');
      expect(await reconciliation()).toMatchObject({ status: 'awaiting_access', agreedAt: before });
    } finally {
      orders().setAccessDenied(false);
    }
  });

  it('POST /reconciliation reconciles on demand through the job engine; the daily round is scheduled', async () => {
    orders().addOrder(DOMAIN, {
      id: 5006,
      createdAt: ago(0),
      lines: [{ productId: 'gid://shopify/Product/17', quantity: 1, price: '10.00', lookId }],
    });
    const res = await t.request({ method: 'POST', url: `${API_PREFIX}/reconciliation`, shop: DOMAIN });
    expect(res.statusCode).toBe(202);
    await t.app.jobs.idle(['orders.reconcile']);
    expect(await reconciliation()).toMatchObject({ status: 'repaired', repairs: { missingOrders: 1 } });
    // The daily round queues one job a shop.
    const checked = ((await reconciliation()) as unknown as { checkedAt: string }).checkedAt;
    await t.app.jobs.send('orders.reconcileAll', {});
    await t.app.jobs.idle(['orders.reconcileAll']);
    await t.app.jobs.idle(['orders.reconcile']);
    expect(((await reconciliation()) as unknown as { checkedAt: string }).checkedAt > checked).toBe(true);
    const { rows } = await t.app.jobs.boss
      .getDb()
      .executeSql(
        `select name, cron from pgboss.schedule where name in ('orders.reconcileAll', 'flow.conversionDrop') order by name`,
      );
    expect(rows).toEqual([
      { name: 'flow.conversionDrop', cron: '0 6 * * 1' },
      { name: 'orders.reconcileAll', cron: '30 3 * * *' },
    ]);
  });
});
