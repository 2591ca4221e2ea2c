jest.setTimeout(60_000);
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/testApp';
import { insertLook } from '../../test/looks';
import { invalidateLooksList } from '../looks/looks';
import { signWebhook } from '../../platform/webhooks';

async function makeLook(t: TestApp, shopDomain: string, title: string) {
  const shop = await t.provision(shopDomain);
  return { shop, lookId: await insertLook(t.db, shop.id, { title }) };
}

async function sendOrder(
  t: TestApp,
  shop: string,
  id: number,
  lookId: number,
  createdAt: string,
  price = '10.00',
  qty = 1,
) {
  const raw = JSON.stringify({
    id,
    name: `#${id}`,
    total_price: price,
    created_at: createdAt,
    line_items: [{ product_id: 1, quantity: qty, price, properties: [{ name: '_look_id', value: String(lookId) }] }],
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'orders/create',
      'x-shopify-shop-domain': shop,
      'x-shopify-hmac-sha256': signWebhook(raw, t.config.apiSecret),
    },
  });
  expect(res.statusCode).toBe(200);
  await t.app.webhookQueue.idle(); // the order is recorded after the answer
}

const addToCart = (t: TestApp, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/storefront/add-to-cart', payload: body, headers });

describe('stats and shop orders', () => {
  let t: TestApp;
  let nowValue = new Date('2025-03-20T12:00:00Z');
  const NY = 'tz-ny.myshopify.com';
  const PRODUCT = 'gid://shopify/Product/77';
  const OTHER = 'tz-other.myshopify.com';
  let ny: { lookId: number };
  let nyLook2: number;
  let other: { lookId: number };

  beforeAll(async () => {
    t = await createTestApp({ now: () => nowValue });
    ny = await makeLook(t, NY, 'Summer');
    nyLook2 = (await makeLook(t, NY, 'Winter')).lookId;
    await t.db.updateTable('shops').set({ timezone: 'America/New_York' }).where('domain', '=', NY).execute();
    other = await makeLook(t, OTHER, 'Other shop look');
    // A related item of the Summer look, on sale at 12.50: add-to-cart revenue is counted at this catalog price.
    const nyShop = await t.provision(NY);
    await t.db
      .insertInto('catalogProducts')
      .values({
        shopId: nyShop.id,
        gid: PRODUCT,
        handle: 'tee',
        title: 'Tee',
        status: 'active',
        price: '12.50',
        compareAtPrice: null,
        images: JSON.stringify([]),
        productType: 'Shirt',
      })
      .execute();
    const related = [
      { itemId: PRODUCT, title: 'Tee', image: '', order: 0, type: 'product' as const, markerX: 50, markerY: 50 },
    ];
    await t.db
      .updateTable('productLooks')
      .set({ relatedItems: JSON.stringify(related) })
      .where('id', '=', ny.lookId)
      .execute();
    // New York is UTC-4 after 2025-03-09: 2025-03-10T03:30Z is still March 9 there.
    await sendOrder(t, NY, 1, ny.lookId, '2025-03-10T03:30:00Z', '10.00');
    await sendOrder(t, NY, 2, ny.lookId, '2025-03-10T04:00:00Z', '20.00'); // 00:00 on March 10 in NY
    await sendOrder(t, NY, 3, nyLook2, '2025-03-11T03:59:59Z', '30.00', 2); // 23:59:59 on March 10 in NY
    await sendOrder(t, NY, 4, nyLook2, '2025-03-11T04:00:00Z', '40.00'); // March 11 in NY
    await sendOrder(t, OTHER, 5, other.lookId, '2025-03-10T12:00:00Z', '500.00');
  });
  afterAll(() => t.close());

  const get = async (url: string, shop = NY) => {
    const res = await t.request({ method: 'GET', url: `/admin/api/v1${url}`, shop });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('filters orders by shop-local days, both ends inclusive', async () => {
    const day10 = await get('/shopOrders?page=1&fromDate=2025-03-10&toDate=2025-03-10');
    expect(day10.data.map((o: { identifier: string }) => o.identifier)).toEqual(['#3', '#2']);
    expect(day10.paginationDetails).toEqual({ nextPage: null, previousPage: null, totalItems: 2 });
    const day9 = await get('/shopOrders?page=1&fromDate=2025-03-09&toDate=2025-03-09');
    expect(day9.data.map((o: { identifier: string }) => o.identifier)).toEqual(['#1']);
    const all = await get('/shopOrders?page=1&fromDate=2025-03-09&toDate=2025-03-11');
    expect(all.paginationDetails.totalItems).toBe(4);
  });

  it('returns the SPEC row shape with the look and storefront link', async () => {
    const { data } = await get('/shopOrders?page=1&fromDate=2025-03-11&toDate=2025-03-11');
    expect(data).toEqual([
      {
        id: expect.any(Number),
        identifier: '#4',
        orderTotal: 40,
        generatedRevenue: 40,
        orderDate: '2025-03-11T04:00:00.000Z',
        productStoreFrontLink: null, // product 1 is not in this shop's catalog
        productLookId: nyLook2,
      },
    ]);
  });

  it('pages with limit and the paging envelope', async () => {
    const p1 = await get('/shopOrders?page=1&limit=3');
    expect(p1.data).toHaveLength(3);
    expect(p1.paginationDetails).toEqual({ nextPage: 2, previousPage: null, totalItems: 4 });
    const p2 = await get('/shopOrders?page=2&limit=3');
    expect(p2.data.map((o: { identifier: string }) => o.identifier)).toEqual(['#1']);
    expect(p2.paginationDetails).toEqual({ nextPage: null, previousPage: 1, totalItems: 4 });
  });

  it('aggregates the stats for a range in the shop timezone', async () => {
    const s = await get('/stats?fromDate=2025-03-10&toDate=2025-03-10');
    expect(s).toMatchObject({ orderGenerated: 2, generatedRevenue: 80, looksCount: 2, addToCartRevenue: 0 });
    expect(s.topSellers).toEqual([
      { id: nyLook2, title: 'Winter' },
      { id: ny.lookId, title: 'Summer' },
    ]);
    expect(s.series).toEqual([{ date: '2025-03-10', orders: 2, generatedRevenue: 80, addToCartRevenue: 0 }]);
    const range = await get('/stats?fromDate=2025-03-08&toDate=2025-03-12');
    expect(range.series.map((p: { date: string; orders: number }) => [p.date, p.orders])).toEqual([
      ['2025-03-08', 0],
      ['2025-03-09', 1],
      ['2025-03-10', 2],
      ['2025-03-11', 1],
      ['2025-03-12', 0],
    ]);
  });

  it('lite answers the totals only, revenue net with gross and refunded beside it (all time without dates)', async () => {
    const s = await get('/stats?lite=true');
    expect(Object.keys(s).sort()).toEqual([
      'addToCartRevenue',
      'generatedRevenue',
      'grossRevenue',
      'looksCount',
      'orderGenerated',
      'refundedRevenue',
    ]);
    expect(s).toMatchObject({
      orderGenerated: 4,
      looksCount: 2,
      generatedRevenue: 130,
      grossRevenue: 130,
      refundedRevenue: 0,
    });
  });

  it('keeps stats and orders per shop (tenant isolation)', async () => {
    const s = await get('/stats', OTHER);
    expect(s).toMatchObject({ orderGenerated: 1, generatedRevenue: 500, looksCount: 1 });
    expect(s.topSellers).toEqual([{ id: other.lookId, title: 'Other shop look' }]);
    const orders = await get('/shopOrders?page=1', OTHER);
    expect(orders.data.map((o: { identifier: string }) => o.identifier)).toEqual(['#5']);
    const empty = await get('/shopOrders?page=1', 'tz-empty.myshopify.com');
    expect(empty).toEqual({ data: [], paginationDetails: { nextPage: null, previousPage: null, totalItems: 0 } });
    const emptyStats = await get('/stats', 'tz-empty.myshopify.com');
    expect(emptyStats).toMatchObject({
      addToCartRevenue: 0,
      orderGenerated: 0,
      looksCount: 0,
      topSellers: [],
      topProductsAddToCart: [],
    });
  });

  it('cached aggregates follow new orders at once; look count and titles follow every look write at once', async () => {
    const before = await get('/stats?fromDate=2025-03-01&toDate=2025-03-31');
    await sendOrder(t, NY, 50, ny.lookId, '2025-03-15T15:00:00Z', '5.00');
    const after = await get('/stats?fromDate=2025-03-01&toDate=2025-03-31');
    expect(after.orderGenerated).toBe(before.orderGenerated + 1);
    expect(after.generatedRevenue).toBeCloseTo(before.generatedRevenue + 5);
    await t.db.updateTable('productLooks').set({ title: 'Summer renamed' }).where('id', '=', ny.lookId).execute();
    const extra = await makeLook(t, NY, 'Brand new');
    // Every writer of looks drops the shop's look caches (list pages and titles), as the looks service does.
    await invalidateLooksList(t.db, extra.shop.id);
    const renamed = await get('/stats?fromDate=2025-03-01&toDate=2025-03-31');
    expect(renamed.topSellers.map((l: { title: string }) => l.title)).toContain('Summer renamed');
    expect(renamed.looksCount).toBe(before.looksCount + 1);
    await t.db.deleteFrom('productLooks').where('id', '=', extra.lookId).execute();
    await t.db.updateTable('productLooks').set({ title: 'Summer' }).where('id', '=', ny.lookId).execute();
    await invalidateLooksList(t.db, extra.shop.id);
    // back to the state the other tests expect
    await t.db.deleteFrom('orders').where('platformOrderId', '=', '50').execute();
    await t.db
      .updateTable('shopDailyStats')
      .set({ orders: sql`orders - 1`, generatedRevenue: sql`generated_revenue - 5` })
      .where('day', '=', '2025-03-15')
      .execute();
  });

  it('rejects bad query parameters with 400', async () => {
    for (const q of [
      '/stats?fromDate=2025-02-30',
      '/stats?fromDate=2025-3-1',
      '/shopOrders?page=0',
      '/shopOrders?limit=500',
      '/shopOrders?fromDate=2025-03-12&toDate=2025-03-10',
      '/stats?drop=1',
    ]) {
      const res = await t.request({ method: 'GET', url: `/admin/api/v1${q}`, shop: NY });
      expect(res.statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/admin/api/v1/stats' })).statusCode).toBe(401);
  });

  it('records add-to-cart for the shop look, in the shop-local day', async () => {
    nowValue = new Date('2025-03-12T02:00:00Z'); // March 11 in New York
    const res = await addToCart(t, { shopDomain: NY, lookId: ny.lookId, productId: PRODUCT, price: 12.5, quantity: 2 });
    expect(res.statusCode).toBe(204);
    const s = await get('/stats?fromDate=2025-03-11&toDate=2025-03-11');
    expect(s.addToCartRevenue).toBe(25);
    expect(s.topProductsAddToCart).toEqual([{ id: ny.lookId, title: 'Summer' }]);
    const otherStats = await get('/stats', OTHER);
    expect(otherStats.addToCartRevenue).toBe(0);
  });

  it('add-to-cart: the look must belong to the shop, the body is validated and bounded', async () => {
    expect(
      (await addToCart(t, { shopDomain: NY, lookId: other.lookId, productId: 'p', price: 1, quantity: 1 })).statusCode,
    ).toBe(404);
    expect(
      (
        await addToCart(t, {
          shopDomain: 'ghost.myshopify.com',
          lookId: ny.lookId,
          productId: 'p',
          price: 1,
          quantity: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await addToCart(t, { shopDomain: NY, lookId: ny.lookId, productId: 'p', price: -1, quantity: 1 })).statusCode,
    ).toBe(400);
    expect(
      (await addToCart(t, { shopDomain: NY, lookId: ny.lookId, productId: 'p', price: 1, quantity: 0 })).statusCode,
    ).toBe(400);
    expect(
      (await addToCart(t, { shopDomain: NY, lookId: 'x', productId: 'p', price: 1, quantity: 1 })).statusCode,
    ).toBe(400);
    expect(
      (await addToCart(t, { shopDomain: NY, lookId: ny.lookId, productId: 'p', price: 1, quantity: 1, extra: 1 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await addToCart(t, { shopDomain: NY, lookId: ny.lookId, productId: 'p'.repeat(5000), price: 1, quantity: 1 }))
        .statusCode,
    ).toBe(413);
  });

  it('add-to-cart: CORS allows storefront origins only', async () => {
    const ok = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/storefront/add-to-cart',
      headers: { origin: 'https://tz-ny.myshopify.com', 'access-control-request-method': 'POST' },
    });
    expect(ok.statusCode).toBe(204);
    expect(ok.headers['access-control-allow-origin']).toBe('https://tz-ny.myshopify.com');
    const evil = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/storefront/add-to-cart',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(evil.statusCode).toBe(403);
    const post = await addToCart(
      t,
      { shopDomain: NY, lookId: ny.lookId, productId: 'p', price: 1, quantity: 1 },
      { origin: 'https://evil.example' },
    );
    expect(post.statusCode).toBe(403);
    expect(post.headers['access-control-allow-origin']).toBeUndefined();
    const good = await addToCart(
      t,
      { shopDomain: NY, lookId: ny.lookId, productId: PRODUCT, quantity: 1 },
      { origin: 'https://tz-ny.myshopify.com' },
    );
    expect(good.statusCode).toBe(204);
    expect(good.headers['access-control-allow-origin']).toBe('https://tz-ny.myshopify.com');
  });

  it('add-to-cart is rate limited per client', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    let last = 0;
    for (let i = 0; i < 125 && last !== 429; i++) {
      last = (
        await addToCart(
          t,
          { shopDomain: 'ghost.myshopify.com', lookId: 1, productId: 'p', price: 1, quantity: 1 },
          headers,
        )
      ).statusCode;
    }
    expect(last).toBe(429);
    // the admin API is not affected by that limit
    expect(
      (await t.request({ method: 'GET', url: '/admin/api/v1/stats?lite=true', shop: NY, headers })).statusCode,
    ).toBe(200);
  });
});

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, now: () => new Date('2025-06-15T18:00:00Z') });
  });
  afterAll(() => t.close());

  it('sends 60 days of orders through the webhook path, attributed to the demo looks', async () => {
    const res = await t.request({ method: 'GET', url: '/admin/api/v1/stats', shop: 'demo-shop.myshopify.com' });
    const s = res.json();
    expect(s.looksCount).toBe(4);
    expect(s.orderGenerated).toBeGreaterThan(60);
    expect(s.addToCartRevenue).toBeGreaterThan(0);
    expect(s.topSellers.length).toBeGreaterThan(0);
    const first = await t.db
      .selectFrom('orders')
      .select((eb) => eb.fn.min('localDay').as('d'))
      .executeTakeFirstOrThrow();
    expect(new Date(first.d as unknown as string).toISOString().slice(0, 10) >= '2025-04-17').toBe(true);
    const orders = await t.request({
      method: 'GET',
      url: '/admin/api/v1/shopOrders?page=1',
      shop: 'demo-shop.myshopify.com',
    });
    const row = orders.json().data[0];
    expect(row.productStoreFrontLink).toMatch(/\/storefront\/products\/[a-z-]+$/);
    expect(orders.json().data).toHaveLength(10);
  });
});
