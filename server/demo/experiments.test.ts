jest.setTimeout(180_000);
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../test/testApp';
import { DEMO_SHOP_DOMAIN } from '../config';
import type { Experiment } from '../../src/contracts/experiments';

describe('demo store: one running A/B test', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('runs on a demo look with a per-variant history that is the funnel history of its visitors', async () => {
    const list = (
      await t.request({ method: 'GET', url: '/admin/api/v1/experiments', shop: DEMO_SHOP_DOMAIN })
    ).json() as Experiment[];
    expect(list).toHaveLength(1);
    const [e] = list;
    expect(e.status).toBe('running');
    expect(e.sampleTooSmall).toBe(false);
    expect(e.variants[1].probabilityToBeatControl).toEqual(expect.any(Number));
    expect(e.variants.map((v) => [v.name, v.split, v.template])).toEqual([
      ['A', 50, null],
      ['B', 50, 'multi_col'],
    ]);
    for (const v of e.variants) expect(v.impressions).toBeGreaterThan(0);
    // Each variant's roll-up counts exactly the distinct visitors of its raw events per day.
    const { rows } = await sql<{ bad: number }>`
      WITH raw AS (
        SELECT variant_id, local_day AS day, count(DISTINCT visitor_id) FILTER (WHERE type = 'impression') AS imp,
               count(DISTINCT visitor_id) FILTER (WHERE type = 'add_to_cart') AS conv
        FROM funnel_events WHERE variant_id IS NOT NULL GROUP BY 1, 2)
      SELECT count(*)::int AS bad FROM raw FULL JOIN experiment_variant_daily d USING (variant_id, day)
      WHERE raw.imp IS DISTINCT FROM d.impressions OR raw.conv IS DISTINCT FROM d.conversions`.execute(t.db);
    expect(rows[0].bad).toBe(0);
    // The variants together hold the look's funnel impressions of the test's days.
    const { rows: totals } = await sql<{ funnel: number; variants: number }>`
      SELECT (SELECT sum(impressions)::int FROM look_funnel_daily f WHERE f.look_id = ${e.lookId}
                AND f.day >= (SELECT min(day) FROM experiment_variant_daily)) AS funnel,
             (SELECT sum(impressions)::int FROM experiment_variant_daily) AS variants`.execute(t.db);
    expect(totals[0].variants).toBe(totals[0].funnel);
  });
});
