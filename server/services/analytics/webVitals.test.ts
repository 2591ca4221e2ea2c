import { createTestApp, type TestApp } from '../../test/testApp';
import { logWebVitalsRound, rateWebVital, recordWebVitals, webVitalsLogLine, webVitalsSummary } from './webVitals';
import type { WebVitalReport } from '../../../src/contracts/webVitals';

let n = 0;
const m = (name: WebVitalReport['name'], value: number, route = '/'): WebVitalReport => ({
  id: `id-${++n}`,
  name,
  value,
  route,
  source: 'appBridge',
});

describe('web vitals service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('rates p75 by the web.dev thresholds (good ≤, poor >)', () => {
    expect(rateWebVital('LCP', 2500)).toBe('good');
    expect(rateWebVital('LCP', 2501)).toBe('needsImprovement');
    expect(rateWebVital('LCP', 4001)).toBe('poor');
    expect(rateWebVital('CLS', 0.1)).toBe('good');
    expect(rateWebVital('CLS', 0.25)).toBe('needsImprovement');
    expect(rateWebVital('CLS', 0.26)).toBe('poor');
    expect(rateWebVital('INP', 200)).toBe('good');
    expect(rateWebVital('INP', 501)).toBe('poor');
  });

  it('summarises every shop for the maintainer and logs a line only when new measurements arrived', async () => {
    const now = new Date('2026-11-20T12:00:00Z');
    let clock = now;
    const a = await t.provision('log-a.myshopify.com');
    const b = await t.provision('log-b.myshopify.com');
    const logged: string[] = [];
    const WINDOW = 15 * 60_000;
    const log = { tick: () => logWebVitalsRound(t.db, clock, WINDOW, (_summary, line) => logged.push(line)) };

    expect(await log.tick()).toBeNull();
    await recordWebVitals(
      t.db,
      a.id,
      [m('LCP', 1000, '/looks/new'), m('CLS', 0.05, '/looks/new'), m('INP', 120, '/looks/new')],
      clock,
    );
    await recordWebVitals(t.db, b.id, [m('LCP', 5000, '/looks/new'), m('LCP', 800, '/analytics')], clock);
    clock = new Date(now.getTime() + 60_000);
    const line = await log.tick();
    expect(line).toBe(
      'web vitals p75 (28 d, all shops): all LCP 3000 ms (needsImprovement, n=3), CLS 0.05 (good, n=1), INP 120 ms (good, n=1); ' +
        '/analytics LCP 800 ms (good, n=1); /looks/new LCP 4000 ms (needsImprovement, n=2), CLS 0.05 (good, n=1), INP 120 ms (good, n=1)',
    );
    expect(logged).toEqual([line]);
    // The next round (a window later, on whichever instance): nothing new, no line.
    clock = new Date(clock.getTime() + WINDOW);
    expect(await log.tick()).toBeNull();

    // 29 days later every measurement is pruned.
    clock = new Date(now.getTime() + 29 * 24 * 3600 * 1000);
    expect(await log.tick()).toBeNull();
    expect(await t.db.selectFrom('webVitals').selectAll().execute()).toEqual([]);
  });

  it('the log line says when there are no samples', () => {
    expect(webVitalsLogLine({ days: 28, overall: {}, routes: [] }, 'shop-x.myshopify.com')).toBe(
      'web vitals p75 (28 d, shop-x.myshopify.com): all no samples',
    );
  });

  it('CLS keeps three decimals, timings whole milliseconds; duplicates within a batch count once', async () => {
    const shop = await t.provision('round.myshopify.com');
    const at = new Date();
    await recordWebVitals(
      t.db,
      shop.id,
      [m('CLS', 0.12345), { ...m('INP', 99.6), id: 'same' }, { ...m('INP', 180.4), id: 'same' }],
      at,
    );
    const summary = await webVitalsSummary(t.db, shop.id, at);
    expect(summary.overall).toEqual({
      CLS: { p75: 0.123, samples: 1, rating: 'needsImprovement' },
      INP: { p75: 180, samples: 1, rating: 'good' },
    });
  });
});
