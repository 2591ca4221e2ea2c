jest.setTimeout(60_000);
import { createTestApp, type TestApp } from '../../test/testApp';
import { insertLook } from '../../test/looks';
import { API_PREFIX } from '../../../src/contracts/api';
import type { FunnelReport } from '../../../src/contracts/funnel';
import type { Stats } from '../../../src/contracts/analytics';
import { FUNNEL_PATH } from '../../routes/funnel';
import { deliver } from './test/deliver';

/** refunds/create and orders/cancelled: refunded or cancelled look lines leave the net revenue of the order's day. */
const SHOP = 'hooks.myshopify.com';
const DAY = '2025-03-10';
const money = (usd: string, eur: string) => ({
  shop_money: { amount: usd, currency_code: 'USD' },
  presentment_money: { amount: eur, currency_code: 'EUR' },
});
const lookLine = (lookId: number) => ({
  id: 5001,
  product_id: 1,
  quantity: 2,
  price: '50.00',
  price_set: money('50.00', '46.00'),
  properties: [{ name: '_look_id', value: String(lookId) }],
});
const order = (id: number, lookId: number) => ({
  id,
  name: `#${id}`,
  total_price: '150.00',
  currency: 'USD',
  created_at: `${DAY}T12:00:00Z`,
  client_details: { user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)' },
  line_items: [lookLine(lookId), { product_id: 2, quantity: 1, price: '50.00', properties: [] }],
});
const refund = (id: number, orderId: number, lookId: number, usd: string, eur: string) => ({
  id,
  order_id: orderId,
  refund_line_items: [
    {
      id: id * 10,
      line_item_id: 5001,
      quantity: 1,
      subtotal: eur,
      subtotal_set: money(usd, eur),
      line_item: lookLine(lookId),
    },
  ],
});

describe('refunds and cancellations', () => {
  let t: TestApp;
  let lookId: number;
  const stats = async () =>
    (
      await t.request({ method: 'GET', url: `${API_PREFIX}/stats?fromDate=${DAY}&toDate=${DAY}`, shop: SHOP })
    ).json() as Stats;
  const funnel = async () =>
    (
      await t.request({ method: 'GET', url: `${FUNNEL_PATH}?since=${DAY}&until=${DAY}`, shop: SHOP })
    ).json() as FunnelReport;

  beforeAll(async () => {
    t = await createTestApp();
    const shop = await t.provision(SHOP);
    lookId = await insertLook(t.db, shop.id);
    await deliver(t, 'orders/create', order(1, lookId));
  });
  afterAll(() => t.close());

  it('before any refund: gross = net, nothing refunded', async () => {
    expect(await stats()).toMatchObject({ generatedRevenue: 100, grossRevenue: 100, refundedRevenue: 0 });
    expect((await funnel()).looks.find((l) => l.lookId === lookId)).toMatchObject({ revenue: 100 });
  });

  it("a signed refunds/create for a look line lowers that day's net revenue by the refunded shop amount, once", async () => {
    expect((await deliver(t, 'refunds/create', refund(900, 1, lookId, '50.00', '46.00'))).statusCode).toBe(200);
    await deliver(t, 'refunds/create', refund(900, 1, lookId, '50.00', '46.00'));
    expect(await stats()).toMatchObject({ generatedRevenue: 50, grossRevenue: 100, refundedRevenue: 50 });
    const look = (await funnel()).looks.find((l) => l.lookId === lookId)!;
    expect(look.revenue).toBe(50);
    expect(look.byDevice.mobile.revenue).toBe(50);
  });

  it('orders/cancelled takes back what is left, and a later refund cannot take more than the line brought', async () => {
    expect((await deliver(t, 'orders/cancelled', order(1, lookId))).statusCode).toBe(200);
    await deliver(t, 'refunds/create', refund(901, 1, lookId, '50.00', '46.00'));
    expect(await stats()).toMatchObject({ generatedRevenue: 0, grossRevenue: 100, refundedRevenue: 100 });
    expect((await funnel()).looks.find((l) => l.lookId === lookId)).toMatchObject({ revenue: 0 });
  });

  it('a refund of an unknown order or of a line of no look changes nothing', async () => {
    await deliver(t, 'orders/create', order(2, lookId));
    await deliver(t, 'refunds/create', refund(902, 999, lookId, '50.00', '46.00'));
    await deliver(t, 'refunds/create', {
      id: 903,
      order_id: 2,
      refund_line_items: [{ subtotal_set: money('50.00', '46.00'), line_item: { product_id: 2, properties: [] } }],
    });
    expect(await stats()).toMatchObject({ generatedRevenue: 100, grossRevenue: 200, refundedRevenue: 100 });
  });
});
