jest.setTimeout(180_000);
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../test/testApp';
import { DEMO_SHOP_DOMAIN } from '../config';
import type { FunnelReport } from '../../src/contracts/funnel';

describe('demo store: 60 days of funnel history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('every look, device and day narrows impressions ≥ clicks ≥ add-to-carts ≥ orders, and the roll-ups hold exactly the raw events', async () => {
    const { rows: funnel } = await sql<{ bad: number; days: number }>`
      SELECT count(*) FILTER (WHERE NOT (impressions >= hotspot_clicks + item_clicks AND hotspot_clicks + item_clicks >= add_to_carts AND add_to_carts >= orders)) AS bad,
             count(DISTINCT day) AS days
      FROM look_funnel_daily`.execute(t.db);
    expect(Number(funnel[0].bad)).toBe(0);
    expect(Number(funnel[0].days)).toBe(60);
    const { rows: mismatch } = await sql<{ n: number }>`
      WITH raw AS (
        SELECT shop_id, local_day AS day, look_id, device,
          count(DISTINCT visitor_id) FILTER (WHERE type = 'impression') AS impressions,
          count(*) FILTER (WHERE type IN ('hotspot_click', 'item_click')) AS clicks,
          count(*) FILTER (WHERE type = 'add_to_cart') AS add_to_carts
        FROM funnel_events GROUP BY 1, 2, 3, 4)
      SELECT count(*) AS n FROM raw FULL JOIN look_funnel_daily f USING (shop_id, day, look_id, device)
      WHERE raw.impressions IS DISTINCT FROM f.impressions::bigint OR raw.clicks IS DISTINCT FROM (f.hotspot_clicks + f.item_clicks)::bigint
         OR raw.add_to_carts IS DISTINCT FROM f.add_to_carts::bigint`.execute(t.db);
    expect(Number(mismatch[0].n)).toBe(0);
  });

  it('the funnel report agrees with the seeded orders (totals and by device)', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const since = new Date(Date.now() - 59 * 86_400_000).toISOString().slice(0, 10);
    const report = (
      await t.request({
        method: 'GET',
        url: `/admin/api/v1/analytics/funnel?since=${since}&until=${today}`,
        shop: DEMO_SHOP_DOMAIN,
      })
    ).json() as FunnelReport;
    const orders = await t.db
      .selectFrom('lookDailyStats')
      .select(({ fn }) => [fn.sum<string>('orders').as('orders'), fn.sum<string>('generatedRevenue').as('revenue')])
      .executeTakeFirstOrThrow();
    expect(report.looks.reduce((s, l) => s + l.orders, 0)).toBe(Number(orders.orders));
    expect(report.looks.reduce((s, l) => s + l.revenue, 0)).toBeCloseTo(Number(orders.revenue), 2);
    for (const look of report.looks) {
      expect(look.impressions).toBeGreaterThan(look.clicks);
      expect(look.clicks).toBeGreaterThan(look.addToCarts);
      expect(look.addToCarts).toBeGreaterThanOrEqual(look.orders);
      expect(look.byDevice.mobile.orders + look.byDevice.desktop.orders).toBe(look.orders);
      expect(look.byDevice.mobile.impressions).toBeGreaterThan(look.byDevice.desktop.impressions);
    }
    expect(report.series).toHaveLength(60);
  });
});
