jest.setTimeout(60_000);
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/testApp';
import { insertLook } from '../../test/looks';
import { countRows, deliver } from './test/deliver';

/** Compliance topics about one customer: customers/data_request and customers/redact. */
const SHOP = 'privacy.myshopify.com';
const OTHER = 'privacy-other.myshopify.com';
const ANNA = { id: 191167, email: 'Anna@Example.com', phone: '555-625-1199' };
const BEN = { id: 191168, email: 'ben@example.com', phone: null };

const order = (id: number, lookId: number, customer: object) => ({
  id,
  name: `#${id}`,
  email: (customer as { email: string }).email,
  customer,
  total_price: '80.00',
  currency: 'EUR',
  created_at: '2025-05-02T10:00:00Z',
  line_items: [
    { product_id: 1, quantity: 2, price: '40.00', properties: [{ name: '_look_id', value: String(lookId) }] },
  ],
});

describe('customer compliance webhooks', () => {
  let t: TestApp;
  let shopId: number;
  let otherId: number;
  let lookId: number;
  beforeAll(async () => {
    t = await createTestApp();
    shopId = (await t.provision(SHOP)).id;
    otherId = (await t.provision(OTHER)).id;
    lookId = await insertLook(t.db, shopId, { title: 'Summer look' });
    const otherLook = await insertLook(t.db, otherId);
    await deliver(t, 'orders/create', order(299938, lookId, ANNA), { shop: SHOP });
    await deliver(t, 'orders/create', order(280263, lookId, ANNA), { shop: SHOP });
    await deliver(t, 'orders/create', order(300000, lookId, BEN), { shop: SHOP });
    // The same order id in another shop is another shop's order.
    await deliver(t, 'orders/create', order(299938, otherLook, ANNA), { shop: OTHER });
    // An order delivery of Anna that could not be processed yet: its payload is data held about her.
    await sql`ALTER TABLE orders RENAME TO orders_away`.execute(t.db);
    try {
      await deliver(t, 'orders/create', order(220458, lookId, ANNA), { shop: SHOP, eventId: 'anna-pending' });
    } finally {
      await sql`ALTER TABLE orders_away RENAME TO orders`.execute(t.db);
    }
  });
  afterAll(() => t.close());

  const dataRequest = (customer: object, orders: number[], requestId = 9999) => ({
    shop_id: 954889,
    shop_domain: SHOP,
    orders_requested: orders,
    customer,
    data_request: { id: requestId },
  });
  const orderIds = async (id: number) =>
    (
      await t.db
        .selectFrom('orders')
        .select('platformOrderId')
        .where('shopId', '=', id)
        .orderBy('platformOrderId')
        .execute()
    ).map((o) => o.platformOrderId);

  it('customers/data_request records the request with the data held about the customer, for the merchant to read', async () => {
    const res = await deliver(t, 'customers/data_request', dataRequest(ANNA, [299938, 280263, 220458]), {
      shop: SHOP,
      eventId: 'dr-1',
    });
    expect(res.statusCode).toBe(200);
    const list = await t.request({ method: 'GET', url: '/admin/api/v1/customerDataRequests', shop: SHOP });
    expect(list.statusCode).toBe(200);
    const [request] = list.json().data;
    expect(list.json().data).toHaveLength(1);
    expect(request).toMatchObject({
      customerId: '191167',
      customerEmail: 'anna@example.com',
      ordersRequested: ['299938', '280263', '220458'],
    });
    expect(request.data.customer).toEqual({ id: '191167', email: 'anna@example.com' });
    expect(request.data.orders).toEqual([
      expect.objectContaining({
        orderId: '299938',
        name: '#299938',
        currency: 'EUR',
        orderTotal: '80.00',
        attributedRevenue: '80.00',
        lookItems: [
          {
            lookId,
            lookTitle: 'Summer look',
            productId: 'gid://shopify/Product/1',
            productTitle: null,
            quantity: 2,
            revenue: '80.00',
          },
        ],
      }),
      expect.objectContaining({ orderId: '280263' }),
    ]);
    expect(request.data.unprocessedOrderWebhooks).toEqual([expect.objectContaining({ id: 220458, customer: ANNA })]);
    // Ben's order is not part of it.
    expect(JSON.stringify(request)).not.toContain('300000');
  });

  it('a replayed request changes nothing; the merchant of another shop sees none of it', async () => {
    const replay = await deliver(t, 'customers/data_request', dataRequest(ANNA, [299938, 280263, 220458]), {
      shop: SHOP,
      eventId: 'dr-1',
    });
    expect(replay.json().duplicate).toBe(true);
    // The same request in a new delivery updates the one row.
    await deliver(t, 'customers/data_request', dataRequest(ANNA, [299938, 280263, 220458]), { shop: SHOP });
    expect(await countRows(t, 'customer_data_requests', shopId)).toBe(1);
    const other = await t.request({ method: 'GET', url: '/admin/api/v1/customerDataRequests', shop: OTHER });
    expect(other.json().data).toEqual([]);
    expect(
      (await t.request({ method: 'GET', url: '/admin/api/v1/customerDataRequests?limit=0', shop: SHOP })).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/v1/customerDataRequests' })).statusCode).toBe(401);
  });

  it('ignores compliance payloads without a customer (200, nothing recorded)', async () => {
    const before = await countRows(t, 'webhook_deliveries');
    for (const body of [{ orders_requested: [1] }, { customer: {} }, { customer: 'anna' }]) {
      expect((await deliver(t, 'customers/data_request', body, { shop: SHOP })).statusCode).toBe(200);
      expect((await deliver(t, 'customers/redact', body, { shop: SHOP })).statusCode).toBe(200);
    }
    expect(await countRows(t, 'webhook_deliveries')).toBe(before);
  });

  it("customers/redact erases the customer's orders, their look items, the data requests and unprocessed deliveries — nothing else", async () => {
    await deliver(t, 'customers/data_request', dataRequest(BEN, [300000], 10000), { shop: SHOP });
    const itemsBefore = await countRows(t, 'order_look_items', shopId);
    const res = await deliver(
      t,
      'customers/redact',
      { shop_id: 954889, shop_domain: SHOP, customer: ANNA, orders_to_redact: [299938, 280263, 220458] },
      { shop: SHOP, eventId: 'redact-anna' },
    );
    expect(res.statusCode).toBe(200);
    expect(await orderIds(shopId)).toEqual(['300000']);
    expect(await countRows(t, 'order_look_items', shopId)).toBe(itemsBefore - 2);
    expect(await orderIds(otherId)).toEqual(['299938']);
    const requests = await t.db
      .selectFrom('customerDataRequests')
      .select('customerId')
      .where('shopId', '=', shopId)
      .execute();
    expect(requests).toEqual([{ customerId: '191168' }]);
    const pending = await t.db
      .selectFrom('webhookDeliveries')
      .selectAll()
      .where('eventId', '=', 'anna-pending')
      .executeTakeFirstOrThrow();
    expect(pending).toMatchObject({ payload: null, status: 'processed' });
    // No delivery of this shop holds Anna's e-mail any more.
    const held = await t.db
      .selectFrom('webhookDeliveries')
      .select('id')
      .where('shopId', '=', shopId)
      .where('payload', 'ilike', '%anna@example.com%')
      .execute();
    expect(held).toEqual([]);
    // The later deliveries never bring the erased pending order back.
    await deliver(t, 'orders/create', order(1, lookId, BEN), { shop: SHOP });
    expect(await orderIds(shopId)).toEqual(['1', '300000']);

    // A replay of the redaction changes nothing more.
    const replay = await deliver(
      t,
      'customers/redact',
      { customer: ANNA, orders_to_redact: [299938] },
      { shop: SHOP, eventId: 'redact-anna' },
    );
    expect(replay.json().duplicate).toBe(true);
  });
});
