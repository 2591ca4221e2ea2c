import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../test/testApp';
import { insertLook } from '../test/looks';
import { deliver } from '../platform/webhooks/test/deliver';
import type { FunnelEvent } from '../../src/contracts/storefront';
import type { FunnelReport } from '../../src/contracts/funnel';
import { DEMO_EVENTS_PATH, FUNNEL_PATH, MAINTENANCE_CRON, PROXY_EVENTS_PATH } from './funnel';

const SHOP_A = 'shop-a.myshopify.com';
const SHOP_B = 'shop-b.myshopify.com';

describe('funnel routes', () => {
  let t: TestApp;
  // 2026-11-20 12:00 UTC is 2026-11-20 04:00 in Los Angeles.
  let clock = new Date('2026-11-20T12:00:00Z');
  let lookA1: number;
  let lookA2: number;
  let lookB: number;
  let shopA: number;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    shopA = (await t.provision(SHOP_A)).id;
    const shopB = (await t.provision(SHOP_B)).id;
    await t.db.updateTable('shops').set({ timezone: 'America/Los_Angeles' }).where('id', '=', shopA).execute();
    lookA1 = await insertLook(t.db, shopA, { title: 'Summer' });
    lookA2 = await insertLook(t.db, shopA, { title: 'Evening' });
    lookB = await insertLook(t.db, shopB, { title: 'Other shop' });
  });
  afterAll(() => t.close());

  const ev = (over: Partial<FunnelEvent> = {}): FunnelEvent => ({
    type: 'impression',
    lookId: lookA1,
    device: 'mobile',
    at: clock.getTime(),
    ...over,
  });
  const send = (payload: unknown, shop = SHOP_A, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `${DEMO_EVENTS_PATH}?shop=${shop}`,
      payload: payload as object,
      headers: { 'accept-language': 'de', ...headers },
    });
  const rollups = () =>
    t.db
      .selectFrom('lookFunnelDaily')
      .select(['shopId', 'lookId', 'day', 'device', 'impressions', 'hotspotClicks', 'itemClicks', 'addToCarts'])
      .where('shopId', '=', shopA)
      .orderBy('lookId')
      .orderBy('device')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, day: new Date(r.day).toISOString().slice(0, 10) })));
  const rawCount = async () =>
    Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM funnel_events`.execute(t.db)).rows[0].n);

  it('the storage maintenance is a cron job of the cluster (not a timer per instance): its run creates the months ahead', async () => {
    const { rows } = await t.app.jobs.boss
      .getDb()
      .executeSql(`select cron from pgboss.schedule where name = 'funnel.maintain'`);
    expect(rows).toEqual([{ cron: MAINTENANCE_CRON }]);
    await sql`DROP TABLE IF EXISTS funnel_events_y2027m01`.execute(t.db);
    await t.app.jobs.send('funnel.maintain', {});
    await t.app.jobs.idle(['funnel.maintain']);
    const { rows: parts } = await sql<{
      name: string;
    }>`SELECT relname AS name FROM pg_class WHERE relname = 'funnel_events_y2027m01'`.execute(t.db);
    expect(parts).toHaveLength(1);
  });

  it('refuses malformed batches with a translated 400 and stores nothing', async () => {
    const bad: unknown[] = [
      {},
      { visitorId: 'visitor-1', events: [] },
      { visitorId: 'short', events: [ev()] },
      { visitorId: 'visitor 1!', events: [ev()] },
      { visitorId: 'visitor-1', events: Array.from({ length: 51 }, () => ev()) },
      { visitorId: 'visitor-1', events: [ev({ type: 'purchase' as never })] },
      { visitorId: 'visitor-1', events: [ev({ device: 'tv' as never })] },
      { visitorId: 'visitor-1', events: [ev({ lookId: -1 })] },
      { visitorId: 'visitor-1', events: [ev({ lookId: '1' as never })] },
      { visitorId: 'visitor-1', events: [{ ...ev(), at: undefined }] },
    ];
    for (const payload of bad) {
      const res = await send(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(
      (await send({ visitorId: 'visitor-1', events: [ev({ type: 'purchase' as never })] })).json().message,
    ).toMatch(/Felder|gültig/);
    const tooBig = await t.app.inject({
      method: 'POST',
      url: DEMO_EVENTS_PATH,
      payload: { visitorId: 'visitor-1', events: [ev()], pad: 'x'.repeat(20_000) },
    });
    expect(tooBig.statusCode).toBe(413);
    const badJson = await t.app.inject({
      method: 'POST',
      url: DEMO_EVENTS_PATH,
      payload: '{"visitorId":',
      headers: { 'content-type': 'text/plain' },
    });
    expect(badJson.statusCode).toBe(400);
    expect(await rawCount()).toBe(0);
    expect(await rollups()).toEqual([]);
  });

  it('an unknown shop is a 404; the demo endpoint does not exist in shopify mode', async () => {
    const res = await send({ visitorId: 'visitor-1', events: [ev()] }, 'nobody.myshopify.com');
    expect(res.statusCode).toBe(404);
    expect(await rawCount()).toBe(0);
  });

  it('stores events, drops looks of other shops, and rolls up per look, device and shop-local day', async () => {
    const visitor = 'visitor-aaaa';
    const res = await send({
      visitorId: visitor,
      events: [
        ev(),
        ev(), // the same visitor, look and day: counted once
        ev({ type: 'hotspot_click', productId: 'gid://shopify/Product/1' }),
        ev({ type: 'item_click', productId: 'gid://shopify/Product/1' }),
        ev({ type: 'add_to_cart', productId: 'gid://shopify/Product/1' }),
        ev({ type: 'add_to_cart', productId: 'gid://shopify/Product/2', device: 'desktop' }),
        ev({ lookId: lookB }), // another shop's look
        ev({ lookId: 999_999 }), // no such look
      ],
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ accepted: 6, ignored: 2 });
    // Text bodies (sendBeacon with a string) are the same JSON; a second batch adds to the counters.
    const second = await t.app.inject({
      method: 'POST',
      url: `${DEMO_EVENTS_PATH}?shop=${SHOP_A}`,
      payload: JSON.stringify({
        visitorId: visitor,
        events: [ev(), ev({ lookId: lookA2, device: 'desktop' }), ev({ type: 'hotspot_click' })],
      }),
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
    });
    expect(second.json()).toEqual({ accepted: 3, ignored: 0 });
    await send({ visitorId: 'visitor-bbbb', events: [ev(), ev({ type: 'add_to_cart' })] });
    // 04:00 in Los Angeles: the shop's day is the 20th.
    expect(await rollups()).toEqual([
      {
        shopId: shopA,
        lookId: lookA1,
        day: '2026-11-20',
        device: 'desktop',
        impressions: 0,
        hotspotClicks: 0,
        itemClicks: 0,
        addToCarts: 1,
      },
      {
        shopId: shopA,
        lookId: lookA1,
        day: '2026-11-20',
        device: 'mobile',
        impressions: 2,
        hotspotClicks: 2,
        itemClicks: 1,
        addToCarts: 2,
      },
      {
        shopId: shopA,
        lookId: lookA2,
        day: '2026-11-20',
        device: 'desktop',
        impressions: 1,
        hotspotClicks: 0,
        itemClicks: 0,
        addToCarts: 0,
      },
    ]);
    expect(await rawCount()).toBe(11);
    const foreign = await t.db.selectFrom('lookFunnelDaily').select('lookId').where('lookId', '=', lookB).execute();
    expect(foreign).toEqual([]);
  });

  it('the shopper clock is clamped to the receive time ± 1 day and days follow the shop timezone', async () => {
    clock = new Date('2026-11-21T07:30:00Z'); // 23:30 on the 20th in Los Angeles
    const res = await send({
      visitorId: 'visitor-cccc',
      events: [ev({ at: Date.parse('2030-01-01T00:00:00Z') }), ev({ lookId: lookA2, at: clock.getTime() })],
    });
    expect(res.json()).toEqual({ accepted: 2, ignored: 0 });
    const rows = await t.db
      .selectFrom('funnelEvents')
      .select(['lookId', 'occurredAt', sql<string>`to_char(local_day, 'YYYY-MM-DD')`.as('day')])
      .where('visitorId', '=', 'visitor-cccc')
      .orderBy('lookId')
      .execute();
    expect(rows.map((r) => [new Date(r.occurredAt).toISOString(), r.day])).toEqual([
      ['2026-11-22T07:30:00.000Z', '2026-11-21'],
      ['2026-11-21T07:30:00.000Z', '2026-11-20'],
    ]);
  });

  it('GET /analytics/funnel: the contract shape, orders and revenue from the order attribution, shop-local days', async () => {
    clock = new Date('2026-11-21T12:00:00Z');
    // An order on the 20th (shop time) from a phone, attributed to look A1 by its line property.
    const order = {
      id: 77001,
      name: '#77001',
      total_price: '90.00',
      created_at: '2026-11-21T06:00:00Z', // 22:00 on the 20th in Los Angeles
      client_details: { user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148' },
      line_items: [
        { product_id: 1, quantity: 2, price: '30.00', properties: [{ name: '_look_id', value: String(lookA1) }] },
        { product_id: 5, quantity: 1, price: '30.00', properties: [] },
      ],
    };
    const hook = await deliver(t, 'orders/create', order, { shop: SHOP_A });
    expect(hook.statusCode).toBe(200);

    const res = await t.request({
      method: 'GET',
      url: `${FUNNEL_PATH}?since=2026-11-20&until=2026-11-20`,
      shop: SHOP_A,
    });
    expect(res.statusCode).toBe(200);
    const report = res.json() as FunnelReport;
    const zero = { impressions: 0, clicks: 0, addToCarts: 0, orders: 0, revenue: 0 };
    expect(report.looks).toEqual([
      {
        lookId: lookA1,
        title: 'Summer',
        impressions: 2,
        clicks: 3,
        addToCarts: 3,
        orders: 1,
        revenue: 60,
        byDevice: {
          mobile: { impressions: 2, clicks: 3, addToCarts: 2, orders: 1, revenue: 60 },
          desktop: { ...zero, addToCarts: 1 },
        },
        usesGeneratedImage: false,
      },
      {
        lookId: lookA2,
        title: 'Evening',
        ...zero,
        impressions: 2,
        byDevice: { mobile: { ...zero, impressions: 1 }, desktop: { ...zero, impressions: 1 } },
        usesGeneratedImage: false,
      },
    ]);
    expect(report.series).toEqual([
      { date: '2026-11-20', impressions: 4, clicks: 3, addToCarts: 3, orders: 1, revenue: 60 },
    ]);
    expect(report.generatedImages).toEqual({ looks: 0, orders: 0, revenue: 0, creditsUsed: 0 });

    // The 21st (shop time) holds the clamped event only; every day of a range is in the series.
    const next = (
      await t.request({ method: 'GET', url: `${FUNNEL_PATH}?since=2026-11-21&until=2026-11-23`, shop: SHOP_A })
    ).json() as FunnelReport;
    expect(next.looks.map((l) => [l.lookId, l.impressions, l.orders])).toEqual([
      [lookA1, 1, 0],
      [lookA2, 0, 0],
    ]);
    expect(next.series.map((d) => [d.date, d.impressions])).toEqual([
      ['2026-11-21', 1],
      ['2026-11-22', 0],
      ['2026-11-23', 0],
    ]);
    // Shop-scoped: shop B sees its own look, with nothing counted.
    const b = (
      await t.request({ method: 'GET', url: `${FUNNEL_PATH}?since=2026-11-01&until=2026-11-30`, shop: SHOP_B })
    ).json() as FunnelReport;
    expect(b.looks.map((l) => [l.lookId, l.impressions, l.orders])).toEqual([[lookB, 0, 0]]);
  });

  it('a look that shows a completed generated image counts toward the credits return', async () => {
    const url = '/files/generated/look-1.png';
    await t.db
      .insertInto('imageGenerations')
      .values({
        shopId: shopA,
        productLookId: lookA1,
        lookTitle: 'Summer',
        imageType: 'flat_lay',
        customPrompt: null,
        status: 'COMPLETED',
        generatedImageUrl: url,
        errorMessage: null,
        queuedAt: null,
        startedAt: null,
        completedAt: null,
      })
      .execute();
    await t.db
      .updateTable('productLooks')
      .set({ media: JSON.stringify([{ id: 1, url }]) })
      .where('id', '=', lookA1)
      .execute();
    const report = (
      await t.request({ method: 'GET', url: `${FUNNEL_PATH}?since=2026-11-20&until=2026-11-21`, shop: SHOP_A })
    ).json() as FunnelReport;
    expect(report.looks.find((l) => l.lookId === lookA1)!.usesGeneratedImage).toBe(true);
    expect(report.generatedImages).toEqual({ looks: 1, orders: 1, revenue: 60, creditsUsed: 0 });
  });

  it('GET /analytics/funnel: bad dates and ranges are a translated 400', async () => {
    for (const query of [
      '',
      'since=2026-11-20',
      'since=2026-02-30&until=2026-03-01',
      'since=20261120&until=2026-11-21',
      'since=2026-11-21&until=2026-11-20',
      'since=2024-01-01&until=2026-01-01',
      'since=2026-11-01&until=2026-11-02&x=1',
    ]) {
      const res = await t.request({
        method: 'GET',
        url: `${FUNNEL_PATH}?${query}`,
        shop: SHOP_A,
        headers: { 'accept-language': 'fr' },
      });
      expect([query, res.statusCode]).toEqual([query, 400]);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `${FUNNEL_PATH}?since=2026-11-20&until=2026-11-20` })).statusCode,
    ).toBe(401);
  });

  describe('app proxy', () => {
    const signed = (params: Record<string, string>, secret = t.config.apiSecret) => {
      const message = Object.entries(params)
        .map(([k, v]) => `${k}=${v}`)
        .sort()
        .join('');
      const signature = createHmac('sha256', secret).update(message).digest('hex');
      return `${PROXY_EVENTS_PATH}?${new URLSearchParams({ ...params, signature })}`;
    };
    const params = () => ({
      shop: SHOP_A,
      logged_in_customer_id: '',
      path_prefix: '/apps/looks',
      timestamp: String(Math.floor(clock.getTime() / 1000)),
    });

    it('takes the shop from the signed parameters', async () => {
      const before = await rawCount();
      const res = await t.app.inject({
        method: 'POST',
        url: signed(params()),
        payload: { visitorId: 'visitor-proxy', events: [ev({ type: 'item_click' }), ev({ lookId: lookB })] },
      });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ accepted: 1, ignored: 1 });
      expect(await rawCount()).toBe(before + 1);
    });

    it("limits per signed shop and shopper (X-Forwarded-For as the platform's proxy sends it), never per proxy address", async () => {
      const keys = async () =>
        (await t.db.selectFrom('rateLimits').select('key').where('key', 'like', 'funnel-events:%').execute())
          .map((r) => r.key)
          .sort();
      await t.db.deleteFrom('rateLimits').execute();
      const payload = { visitorId: 'visitor-proxy', events: [ev()] };
      // Two shoppers through the same proxy address; one sends its own X-Forwarded-For, which the platform appends to.
      for (const xff of ['203.0.113.5', '198.51.100.7', '10.9.9.9, 203.0.113.5']) {
        const res = await t.app.inject({
          method: 'POST',
          url: signed(params()),
          payload,
          remoteAddress: '35.1.2.3',
          headers: { 'x-forwarded-for': xff },
        });
        expect(res.statusCode).toBe(202);
      }
      expect(await keys()).toEqual([
        `funnel-events:proxy:${shopA}:198.51.100.7`,
        `funnel-events:proxy:${shopA}:203.0.113.5`,
      ]);
      // An unsigned request is refused before it counts against anyone.
      const unsigned = await t.app.inject({
        method: 'POST',
        url: `${PROXY_EVENTS_PATH}?shop=${SHOP_A}`,
        payload,
        remoteAddress: '35.1.2.3',
        headers: { 'x-forwarded-for': '203.0.113.5' },
      });
      expect(unsigned.statusCode).toBe(401);
      expect(await keys()).toHaveLength(2);
      const hits = await t.db
        .selectFrom('rateLimits')
        .select('hits')
        .where('key', '=', `funnel-events:proxy:${shopA}:203.0.113.5`)
        .executeTakeFirstOrThrow();
      expect(hits.hits).toBe(2);
    });

    it('refuses unsigned, tampered, stale and foreign-secret requests', async () => {
      const before = await rawCount();
      const payload = { visitorId: 'visitor-proxy', events: [ev()] };
      const tampered = signed(params()).replace(SHOP_A, SHOP_B);
      const stale = signed({ ...params(), timestamp: String(Math.floor(clock.getTime() / 1000) - 600) });
      for (const url of [`${PROXY_EVENTS_PATH}?shop=${SHOP_A}`, tampered, stale, signed(params(), 'another-secret')]) {
        const res = await t.app.inject({ method: 'POST', url, payload });
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toEqual(expect.any(String));
      }
      expect(await rawCount()).toBe(before);
    });
  });
});

describe('funnel routes (shopify mode)', () => {
  it('has no demo endpoint', async () => {
    const t = await createTestApp({ env: { APP_MODE: 'shopify', SHOPIFY_API_KEY: 'k', SHOPIFY_API_SECRET: 's' } });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: DEMO_EVENTS_PATH,
        payload: { visitorId: 'visitor-1', events: [{ type: 'impression', lookId: 1, device: 'mobile', at: 1 }] },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
