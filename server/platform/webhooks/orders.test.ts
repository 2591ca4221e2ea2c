jest.setTimeout(60_000);
import { createTestApp, type TestApp } from '../../test/testApp';
import { insertLook } from '../../test/looks';
import { deliver } from './test/deliver';

/** orders/create and orders/paid: attributed revenue, once per order. */
const SHOP = 'hooks.myshopify.com';

const order = (id: number, lookId: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `#${id}`,
  total_price: '150.00',
  currency: 'USD',
  created_at: '2025-03-10T12:00:00Z',
  line_items: [
    {
      product_id: 1,
      quantity: 2,
      price: '50.00',
      discount_allocations: [{ amount: '10.00' }],
      properties: [{ name: '_look_id', value: String(lookId) }],
    },
    { product_id: 2, quantity: 1, price: '50.00', properties: [] },
  ],
  ...extra,
});

describe('order webhooks', () => {
  let t: TestApp;
  let lookId: number;
  beforeAll(async () => {
    t = await createTestApp();
    const shop = await t.provision(SHOP);
    lookId = await insertLook(t.db, shop.id);
  });
  afterAll(() => t.close());

  it('orders/create records the order with the revenue attributed to the look', async () => {
    expect((await deliver(t, 'orders/create', order(1, lookId))).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('platformOrderId', '=', '1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      generatedRevenue: '90.00',
      orderTotal: '150.00',
      lookId,
      identifier: '#1',
      productGid: 'gid://shopify/Product/1',
    });
  });

  it('the same order in new deliveries (other event ids) still counts once', async () => {
    await deliver(t, 'orders/create', order(2, lookId));
    await deliver(t, 'orders/create', order(2, lookId));
    expect(await t.db.selectFrom('orders').select('id').where('platformOrderId', '=', '2').execute()).toHaveLength(1);
    const days = await t.db
      .selectFrom('lookDailyStats')
      .select(['orders', 'generatedRevenue'])
      .where('lookId', '=', lookId)
      .execute();
    expect(days).toEqual([{ orders: 2, generatedRevenue: '180.00' }]);
  });

  it('orders/paid marks a known order paid without counting it again, and records an order first seen paid', async () => {
    await deliver(t, 'orders/create', order(3, lookId, { financial_status: 'pending' }));
    expect((await deliver(t, 'orders/paid', order(3, lookId, { financial_status: 'paid' }))).statusCode).toBe(200);
    await deliver(t, 'orders/paid', order(4, lookId, { financial_status: 'paid' }));
    const rows = await t.db
      .selectFrom('orders')
      .select(['platformOrderId', 'financialStatus'])
      .where('platformOrderId', 'in', ['3', '4'])
      .orderBy('platformOrderId')
      .execute();
    expect(rows).toEqual([
      { platformOrderId: '3', financialStatus: 'paid' },
      { platformOrderId: '4', financialStatus: 'paid' },
    ]);
    const days = await t.db.selectFrom('lookDailyStats').select('orders').where('lookId', '=', lookId).execute();
    expect(days).toEqual([{ orders: 4 }]);
  });

  it('ignores look ids of other shops and unknown looks (no attribution)', async () => {
    const other = await t.provision('other-hooks.myshopify.com');
    const foreign = await insertLook(t.db, other.id);
    await deliver(t, 'orders/create', order(6, foreign));
    await deliver(t, 'orders/create', order(7, 999999));
    const rows = await t.db
      .selectFrom('orders')
      .select(['lookId', 'generatedRevenue'])
      .where('platformOrderId', 'in', ['6', '7'])
      .execute();
    expect(rows).toEqual([
      { lookId: null, generatedRevenue: '0.00' },
      { lookId: null, generatedRevenue: '0.00' },
    ]);
  });

  it('an order paid in EUR at a USD shop counts the shop amounts (shop_money), never the presentment ones', async () => {
    const money = (usd: string, eur: string) => ({
      shop_money: { amount: usd, currency_code: 'USD' },
      presentment_money: { amount: eur, currency_code: 'EUR' },
    });
    const eurOrder = order(8, lookId, {
      // The plain fields as the buyer saw them; the *_set fields carry both currencies.
      currency: 'EUR',
      presentment_currency: 'EUR',
      total_price: '138.00',
      total_price_set: money('150.00', '138.00'),
      line_items: [
        {
          product_id: 1,
          quantity: 2,
          price: '46.00',
          price_set: money('50.00', '46.00'),
          discount_allocations: [{ amount: '9.20', amount_set: money('10.00', '9.20') }],
          properties: [{ name: '_look_id', value: String(lookId) }],
        },
      ],
    });
    expect((await deliver(t, 'orders/create', eurOrder)).statusCode).toBe(200);
    const row = await t.db
      .selectFrom('orders')
      .select(['currency', 'orderTotal', 'generatedRevenue'])
      .where('platformOrderId', '=', '8')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ currency: 'USD', orderTotal: '150.00', generatedRevenue: '90.00' });
    const day = await t.db
      .selectFrom('shopDailyStats')
      .select('generatedRevenue')
      .where('day', '=', '2025-03-10' as never)
      .executeTakeFirstOrThrow();
    expect(Number(day.generatedRevenue)).toBe(90 * 5);
  });
});
