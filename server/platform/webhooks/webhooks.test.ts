jest.setTimeout(60_000);
import { createTestApp, type TestApp } from '../../test/testApp';
import { insertLook } from '../../test/looks';
import { signWebhook, verifyWebhookHmac } from './index';
import { DEV_API_SECRET } from '../../config';

const SHOP = 'hooks.myshopify.com';

async function makeLook(t: TestApp, shopDomain: string, title = 'Look') {
  const shop = await t.provision(shopDomain);
  return { id: await insertLook(t.db, shop.id, { title }) };
}

function post(t: TestApp, body: unknown, opts: { topic?: string; shop?: string; secret?: string; hmac?: string | null; raw?: string } = {}) {
  const raw = opts.raw ?? JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.topic !== '') headers['x-shopify-topic'] = opts.topic ?? 'orders/create';
  if (opts.shop !== '') headers['x-shopify-shop-domain'] = opts.shop ?? SHOP;
  const hmac = opts.hmac === undefined ? signWebhook(raw, opts.secret ?? t.config.apiSecret) : opts.hmac;
  if (hmac !== null) headers['x-shopify-hmac-sha256'] = hmac;
  return t.app.inject({ method: 'POST', url: '/api/webhooks', payload: raw, headers });
}

const order = (id: number, lookId: number, extra: Record<string, unknown> = {}) => ({
  id,
  name: `#${id}`,
  total_price: '150.00',
  currency: 'USD',
  created_at: '2025-03-10T12:00:00Z',
  line_items: [
    { product_id: 1, quantity: 2, price: '50.00', discount_allocations: [{ amount: '10.00' }], properties: [{ name: '_look_id', value: String(lookId) }] },
    { product_id: 2, quantity: 1, price: '50.00', properties: [] },
  ],
  ...extra,
});

describe('POST /api/webhooks', () => {
  let t: TestApp;
  let lookId: number;
  beforeAll(async () => {
    t = await createTestApp();
    lookId = (await makeLook(t, SHOP)).id;
  });
  afterAll(() => t.close());

  const orderCount = async () =>
    Number((await t.db.selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('accepts a correctly signed orders/create and records the attributed revenue', async () => {
    const res = await post(t, order(1, lookId));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ handled: true, duplicate: false });
    const row = await t.db.selectFrom('orders').selectAll().where('platformOrderId', '=', '1').executeTakeFirstOrThrow();
    expect(row.generatedRevenue).toBe('90.00');
    expect(row.orderTotal).toBe('150.00');
    expect(row.lookId).toBe(lookId);
  });

  it('rejects a tampered body, a wrong secret and a missing signature with 401, writing nothing', async () => {
    const before = await orderCount();
    const raw = JSON.stringify(order(2, lookId));
    const tampered = await post(t, null, { raw: raw.replace('150.00', '999.00'), hmac: signWebhook(raw, t.config.apiSecret) });
    expect(tampered.statusCode).toBe(401);
    expect((await post(t, order(2, lookId), { secret: 'not-the-secret' })).statusCode).toBe(401);
    expect((await post(t, order(2, lookId), { hmac: null })).statusCode).toBe(401);
    expect((await post(t, order(2, lookId), { hmac: 'garbage' })).statusCode).toBe(401);
    expect((await post(t, order(2, lookId), { hmac: '' })).statusCode).toBe(401);
    expect(await orderCount()).toBe(before);
  });

  it('is idempotent on the order id: a replay does not count twice', async () => {
    const first = await post(t, order(3, lookId));
    const replay = await post(t, order(3, lookId));
    expect(first.json().duplicate).toBe(false);
    expect(replay.statusCode).toBe(200);
    expect(replay.json().duplicate).toBe(true);
    const rows = await t.db.selectFrom('orders').select('id').where('platformOrderId', '=', '3').execute();
    expect(rows).toHaveLength(1);
    const day = await t.db.selectFrom('shopDailyStats').select(['orders', 'generatedRevenue']).execute();
    // orders 1 and 3 on the same day: 2 orders, 90 each
    expect(day).toEqual([{ orders: 2, generatedRevenue: '180.00' }]);
  });

  it('orders/paid marks a known order paid without counting it again', async () => {
    await post(t, order(4, lookId, { financial_status: 'pending' }));
    const res = await post(t, order(4, lookId, { financial_status: 'paid' }), { topic: 'orders/paid' });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.selectFrom('orders').select('financialStatus').where('platformOrderId', '=', '4').execute();
    expect(rows).toEqual([{ financialStatus: 'paid' }]);
  });

  it('answers 400 for missing topic/shop headers or a bad body, 404 for an unknown shop', async () => {
    expect((await post(t, order(5, lookId), { topic: '' })).statusCode).toBe(400);
    expect((await post(t, order(5, lookId), { shop: '' })).statusCode).toBe(400);
    expect((await post(t, null, { raw: '{not json' })).statusCode).toBe(400);
    expect((await post(t, { name: 'no id' })).statusCode).toBe(400);
    expect((await post(t, order(5, lookId), { shop: 'nobody.myshopify.com' })).statusCode).toBe(404);
  });

  it('ignores look ids of other shops and unknown looks (no attribution)', async () => {
    const foreign = await makeLook(t, 'other-hooks.myshopify.com');
    await post(t, order(6, foreign.id));
    await post(t, order(7, 999999));
    const rows = await t.db.selectFrom('orders').select(['lookId', 'generatedRevenue']).where('platformOrderId', 'in', ['6', '7']).execute();
    expect(rows).toEqual([
      { lookId: null, generatedRevenue: '0.00' },
      { lookId: null, generatedRevenue: '0.00' },
    ]);
  });

  it('app/uninstalled clears installed_at; unknown topics are acknowledged', async () => {
    await t.provision('bye.myshopify.com');
    const res = await post(t, { id: 1 }, { topic: 'app/uninstalled', shop: 'bye.myshopify.com' });
    expect(res.statusCode).toBe(200);
    const shop = await t.db.selectFrom('shops').select('installedAt').where('domain', '=', 'bye.myshopify.com').executeTakeFirstOrThrow();
    expect(shop.installedAt).toBeNull();
    const other = await post(t, { id: 1 }, { topic: 'products/update' });
    expect(other.statusCode).toBe(200);
    expect(other.json().handled).toBe(false);
  });
});

describe('verifyWebhookHmac', () => {
  const body = Buffer.from('{"id":1}');
  it('accepts the base64 HMAC-SHA256 of the raw body only', () => {
    expect(verifyWebhookHmac(body, signWebhook(body, DEV_API_SECRET), DEV_API_SECRET)).toBe(true);
    expect(verifyWebhookHmac(body, signWebhook(body, 'x'), DEV_API_SECRET)).toBe(false);
    expect(verifyWebhookHmac(Buffer.from('{"id":2}'), signWebhook(body, DEV_API_SECRET), DEV_API_SECRET)).toBe(false);
    expect(verifyWebhookHmac(body, undefined, DEV_API_SECRET)).toBe(false);
    // hex of the right digest is not the platform's format
    const hex = Buffer.from(signWebhook(body, DEV_API_SECRET), 'base64').toString('hex');
    expect(verifyWebhookHmac(body, hex, DEV_API_SECRET)).toBe(false);
  });
});
