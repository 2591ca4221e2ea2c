import { createTestApp, type TestApp } from '../test/testApp';
import type { WebVitalReport } from '../../src/contracts/webVitals';
import { WEB_VITALS_LOG_CRON } from './webVitals';

const URL = '/admin/api/v1/webVitals';

const metric = (over: Partial<WebVitalReport> = {}): WebVitalReport => ({
  id: `v5-${Math.random().toString(36).slice(2)}`,
  name: 'LCP',
  value: 1200,
  route: '/looks/new',
  source: 'webVitals',
  ...over,
});

describe('web vitals routes', () => {
  let t: TestApp;
  let clock = new Date('2026-11-20T12:00:00Z');
  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  const rows = async (shop?: string) => {
    let q = t.db
      .selectFrom('webVitals')
      .innerJoin('shops', 'shops.id', 'webVitals.shopId')
      .select(['metricId', 'name', 'value', 'route', 'source']);
    if (shop) q = q.where('shops.domain', '=', shop);
    return q.orderBy('webVitals.id').execute();
  };

  it('needs a session token', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL, payload: { metrics: [metric()] } });
    expect(res.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `${URL}/summary` })).statusCode).toBe(401);
  });

  it('refuses malformed batches with a translated 400 and stores nothing', async () => {
    const bad: unknown[] = [
      {},
      { metrics: [] },
      { metrics: Array.from({ length: 21 }, () => metric()) },
      { metrics: [metric({ name: 'FID' as never })] },
      { metrics: [metric({ value: -1 })] },
      { metrics: [metric({ value: '1200' as never })] },
      { metrics: [metric({ value: 600_001 })] },
      { metrics: [metric({ name: 'CLS', value: 101 })] },
      { metrics: [metric({ route: 'looks' })] },
      { metrics: [metric({ route: `/${'a'.repeat(100)}` })] },
      { metrics: [metric({ source: 'lighthouse' as never })] },
      { metrics: [metric({ id: '' })] },
      { metrics: [{ ...metric(), extra: 1 }] },
      { metrics: [metric()], other: true },
      { metrics: metric() },
    ];
    for (const payload of bad) {
      const res = await t.request({
        method: 'POST',
        url: URL,
        payload: payload as object,
        headers: { 'accept-language': 'de' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect(await rows()).toEqual([]);
  });

  it('stores a batch per shop and route (ids normalised), a repeated report replaces its value', async () => {
    const cls = metric({ name: 'CLS', value: 0.02, route: '/looks/edit/42' });
    let res = await t.request({
      method: 'POST',
      url: URL,
      payload: { metrics: [metric({ id: 'lcp-1' }), cls] },
      shop: 'vitals-a.myshopify.com',
    });
    expect(res.statusCode).toBe(204);
    res = await t.request({
      method: 'POST',
      url: URL,
      payload: { metrics: [{ ...cls, value: 0.3 }] },
      shop: 'vitals-a.myshopify.com',
    });
    expect(res.statusCode).toBe(204);
    await t.request({
      method: 'POST',
      url: URL,
      payload: { metrics: [metric({ id: 'lcp-1', value: 9000, source: 'appBridge' })] },
      shop: 'vitals-b.myshopify.com',
    });
    expect(await rows('vitals-a.myshopify.com')).toEqual([
      { metricId: 'lcp-1', name: 'LCP', value: 1200, route: '/looks/new', source: 'webVitals' },
      { metricId: cls.id, name: 'CLS', value: 0.3, route: '/looks/edit/:id', source: 'webVitals' },
    ]);
    expect(await rows('vitals-b.myshopify.com')).toEqual([
      { metricId: 'lcp-1', name: 'LCP', value: 9000, route: '/looks/new', source: 'appBridge' },
    ]);
  });

  it('GET /webVitals/summary: p75 per route and metric of the calling shop only, within the window', async () => {
    const shop = 'vitals-c.myshopify.com';
    // LCP on /: 1000..4000 → p75 = 3250 (interpolated); INP on /looks: 100, 300 → 250.
    const lcp = [1000, 2000, 3000, 4000].map((value) => metric({ value, route: '/' }));
    const inp = [100, 300].map((value) => metric({ name: 'INP', value, route: '/looks' }));
    await t.request({ method: 'POST', url: URL, payload: { metrics: [...lcp, ...inp] }, shop });
    // 30 days ago: outside the 28-day window.
    const old = clock;
    clock = new Date(old.getTime() - 30 * 24 * 3600 * 1000);
    await t.request({ method: 'POST', url: URL, payload: { metrics: [metric({ value: 60_000, route: '/' })] }, shop });
    clock = old;

    const res = await t.request({ method: 'GET', url: `${URL}/summary`, shop });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      days: 28,
      overall: {
        LCP: { p75: 3250, samples: 4, rating: 'needsImprovement' },
        INP: { p75: 250, samples: 2, rating: 'needsImprovement' },
      },
      routes: [
        { route: '/', metrics: { LCP: { p75: 3250, samples: 4, rating: 'needsImprovement' } } },
        { route: '/looks', metrics: { INP: { p75: 250, samples: 2, rating: 'needsImprovement' } } },
      ],
    });
    const longer = await t.request({ method: 'GET', url: `${URL}/summary?days=1`, shop });
    expect(longer.json().days).toBe(1);
    expect((await t.request({ method: 'GET', url: `${URL}/summary?days=0`, shop })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `${URL}/summary?days=abc`, shop })).statusCode).toBe(400);
    // Another shop sees nothing of this one.
    const empty = await t.request({ method: 'GET', url: `${URL}/summary`, shop: 'vitals-empty.myshopify.com' });
    expect(empty.json()).toEqual({ days: 28, overall: {}, routes: [] });
  });

  it('the all-shops log line is a cron job of the cluster (not a timer per instance): a round prunes what is past the window', async () => {
    const { rows: schedule } = await t.app.jobs.boss
      .getDb()
      .executeSql(`select cron from pgboss.schedule where name = 'webVitals.log'`);
    expect(schedule).toEqual([{ cron: WEB_VITALS_LOG_CRON }]);
    const shop = await t.provision('vitals-round.myshopify.com');
    await t.db
      .insertInto('webVitals')
      .values({
        shopId: shop.id,
        metricId: 'old-one',
        name: 'LCP',
        value: 900,
        route: '/',
        source: 'webVitals',
        createdAt: new Date(clock.getTime() - 40 * 24 * 3600 * 1000),
      })
      .execute();
    await t.app.jobs.send('webVitals.log', {});
    await t.app.jobs.idle(['webVitals.log']);
    expect(await t.db.selectFrom('webVitals').select('metricId').where('metricId', '=', 'old-one').execute()).toEqual(
      [],
    );
  });
});
