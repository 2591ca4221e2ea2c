/**
 * Storefront funnel (issue 16), in one run on one instance (the real app in-process):
 * - ingest: POST /api/storefront/events with batches of 40 events from 256 shoppers (distinct
 *   visitor ids and client addresses) at 60 req/s = 2,400 events/s, in phases interleaved with the
 *   trivial GET /shop at the same request rate: paced evenly (open loop, as independent shoppers
 *   send), and with autocannon's fixed rate (each second's requests in a burst at its start,
 *   interleaved.ts); then flat out for a few seconds (the most events/s it takes); target
 *   ≥ 2,000 events/s with p99 ≤ 50 ms;
 * - the 90-day funnel report (GET /admin/api/v1/analytics/funnel) of a shop with 1 million raw
 *   events on PGlite (10 million on PostgreSQL when DATABASE_URL is set; BENCH_FUNNEL_EVENTS
 *   overrides), sequentially and interleaved with GET /shop at 50 req/s; target ≤ 200 ms.
 * The raw events are bulk-loaded into their monthly partitions, the roll-ups rebuilt from them
 * (the same counts ingest keeps) and checked against the report.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Db } from '../../server/db';
import { signSessionToken } from '../../server/auth/sessionToken';
import { provisionShop } from '../../server/services/shop/shops';
import { ensurePartition } from '../../server/services/analytics/funnelPartitions';
import { insertLook } from '../../server/test/looks';
import type { FunnelEvent, FunnelEventBatch } from '../../src/contracts/storefront';
import type { FunnelReport } from '../../src/contracts/funnel';
import { BASELINE_PATH, interleavedFigures, measureInterleaved, median } from './interleaved';

const DATABASE_URL = process.env.DATABASE_URL;
const EVENTS = Number(process.env.BENCH_FUNNEL_EVENTS ?? (DATABASE_URL ? 10_000_000 : 1_000_000));
export const name = `funnel (ingest of event batches; 90-day report over ${(EVENTS / 1e6).toLocaleString('en')}M events, ${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`;

const SHOP = 'funnel-bench.myshopify.com';
const LOOKS = 20;
const BATCH = 40;
const INGEST_RATE = 60;
const REPORT_RATE = 50;
const SHOPPERS = 256;
const ROUNDS = 3;
const PHASE_S = Number(process.env.BENCH_PHASE ?? 5);
const INGEST_P99_MS = 50;
const REPORT_P99_MS = 200;
const CHUNK = 250_000;

function fire(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * An open-loop, evenly paced load (one request every 1000/rate ms, whatever the answers do), from a
 * worker thread: the shape of many independent shoppers. autocannon's fixed rate sends each second's
 * quota of every connection back to back at the start of the second (bursts), which measures queueing.
 */
const PACED_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const http = require('node:http');
const { port, method, path, bodies, headers, rate, seconds } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const total = Math.round(rate * seconds), interval = 1000 / rate, latencies = [];
let non2xx = 0, errors = 0, done = 0, next = 0;
const start = performance.now();
const finish = () => { if (++done === total) { agent.destroy(); parentPort.postMessage({ latencies, non2xx, errors }); } };
function send(i) {
  const body = bodies.length ? bodies[i % bodies.length] : null;
  const h = { ...headers[i % headers.length] };
  if (body !== null) h['content-length'] = Buffer.byteLength(body);
  const t = performance.now();
  const req = http.request({ host: '127.0.0.1', port, path, method, agent, headers: h }, (res) => {
    res.resume();
    res.on('end', () => { latencies.push(performance.now() - t); if (res.statusCode >= 300) non2xx++; finish(); });
  });
  req.on('error', () => { errors++; finish(); });
  req.end(body ?? undefined);
}
(function tick() {
  const now = performance.now();
  while (next < total && start + next * interval <= now) send(next++);
  if (next < total) setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
})();
`;

interface PacedResult {
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
}

function paced(opts: {
  port: number;
  method: string;
  path: string;
  bodies: string[];
  headers: Array<Record<string, string>>;
  rate: number;
  seconds: number;
}): Promise<PacedResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PACED_WORKER, { eval: true, workerData: opts });
    worker.once('error', reject);
    worker.once('message', (r: { latencies: number[]; non2xx: number; errors: number }) => {
      const sorted = [...r.latencies].sort((a, b) => a - b);
      const at = (q: number) =>
        Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(1));
      resolve({ p50: at(0.5), p99: at(0.99), max: at(1), requests: sorted.length, non2xx: r.non2xx, errors: r.errors });
      void worker.terminate();
    });
  });
}

/** Rounds of (baseline GET /shop, target), both paced at the same rate; medians of the phases' percentiles. */
async function pacedInterleaved(opts: {
  port: number;
  auth: Record<string, string>;
  target: { method: string; path: string; bodies: string[]; headers: Array<Record<string, string>> };
  rate: number;
  seconds: number;
  rounds: number;
}) {
  const base: PacedResult[] = [];
  const target: PacedResult[] = [];
  for (let r = 0; r < opts.rounds; r++) {
    base.push(
      await paced({
        port: opts.port,
        method: 'GET',
        path: BASELINE_PATH,
        bodies: [],
        headers: [opts.auth],
        rate: opts.rate,
        seconds: opts.seconds,
      }),
    );
    target.push(await paced({ port: opts.port, ...opts.target, rate: opts.rate, seconds: opts.seconds }));
  }
  const sum = (list: PacedResult[]) => ({
    p50: median(list.map((x) => x.p50)),
    p99: median(list.map((x) => x.p99)),
    max: Math.max(...list.map((x) => x.max)),
    requests: list.reduce((n, x) => n + x.requests, 0),
    non2xx: list.reduce((n, x) => n + x.non2xx, 0),
    errors: list.reduce((n, x) => n + x.errors, 0),
  });
  return { target: sum(target), baseline: sum(base) };
}

const day = (msAgo: number) => new Date(Date.now() - msAgo).toISOString().slice(0, 10);

/** EVENTS raw events over the last 90 days (75 % impressions), in chunks; then the roll-ups from them. */
async function bulkLoad(db: Db, shopId: number, looks: number[]) {
  for (let m = -4; m <= 1; m++) {
    const at = new Date();
    await ensurePartition(db, new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + m, 1)));
  }
  const lookArray = sql.raw(`ARRAY[${looks.join(',')}]::int[]`);
  for (let start = 1; start <= EVENTS; start += CHUNK) {
    const end = Math.min(EVENTS, start + CHUNK - 1);
    await sql`
      INSERT INTO funnel_events (shop_id, look_id, type, device, visitor_id, occurred_at, local_day)
      SELECT ${shopId}::int, (${lookArray})[1 + g % ${looks.length}::int],
        CASE WHEN r < 0.75 THEN 'impression' WHEN r < 0.85 THEN 'hotspot_click' WHEN r < 0.95 THEN 'item_click' ELSE 'add_to_cart' END,
        CASE WHEN g % 5 < 3 THEN 'mobile' ELSE 'desktop' END, 'v' || (g / 4), t, (t AT TIME ZONE 'UTC')::date
      FROM (SELECT g, random() AS r, now() - random() * interval '89 days' AS t FROM generate_series(${start}::int, ${end}::int) AS g) s`.execute(
      db,
    );
  }
  await sql`
    INSERT INTO look_funnel_daily (shop_id, day, look_id, device, impressions, hotspot_clicks, item_clicks, add_to_carts)
    SELECT shop_id, local_day, look_id, device,
      count(DISTINCT visitor_id) FILTER (WHERE type = 'impression'), count(*) FILTER (WHERE type = 'hotspot_click'),
      count(*) FILTER (WHERE type = 'item_click'), count(*) FILTER (WHERE type = 'add_to_cart')
    FROM funnel_events WHERE shop_id = ${shopId}::int GROUP BY 1, 2, 3, 4`.execute(db);
  // Attributed orders per look and day (the order webhook's roll-up).
  await sql`
    INSERT INTO look_daily_stats (shop_id, day, look_id, orders, generated_revenue)
    SELECT ${shopId}::int, d::date, l, 1 + (random() * 5)::int, round((50 + random() * 500)::numeric, 2)
    FROM generate_series(now() - interval '89 days', now(), interval '1 day') d, unnest(${lookArray}) l`.execute(db);
  await sql`ANALYZE`.execute(db);
}

/** A batch of one shopper: an impression of each of a few looks, clicks and add-to-carts. */
function batchOf(shopper: number, looks: number[]): FunnelEventBatch {
  const events: FunnelEvent[] = [];
  const device = shopper % 5 < 3 ? 'mobile' : 'desktop';
  for (let i = 0; i < BATCH; i++) {
    const type =
      i % 4 === 0 ? 'impression' : i % 4 === 1 ? 'hotspot_click' : i % 4 === 2 ? 'item_click' : 'add_to_cart';
    events.push({
      type,
      lookId: looks[(shopper + i) % looks.length],
      device,
      at: Date.now(),
      ...(type === 'impression' ? {} : { productId: 'gid://shopify/Product/1' }),
    });
  }
  return { visitorId: `bench-visitor-${shopper.toString(36).padStart(6, '0')}`, events };
}

const rawCount = async (db: Db, shopId: number) =>
  Number(
    (await sql<{ n: number }>`SELECT count(*)::int AS n FROM funnel_events WHERE shop_id = ${shopId}::int`.execute(db))
      .rows[0].n,
  );

export async function run(): Promise<Record<string, string | number>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'funnel-bench-'));
  // Shoppers come from many addresses: X-Forwarded-For from the local load generator is trusted.
  const config = loadConfig({
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-dist'),
    LOG_LEVEL: 'silent',
    PORT: '0',
    TRUST_PROXY: 'loopback',
    MAX_EVENT_LOOP_DELAY_MS: '0',
  });
  const handle = await openDatabase(DATABASE_URL ? { databaseUrl: DATABASE_URL } : {});
  const db = handle.db;
  const shop = await provisionShop(db, SHOP);
  await sql`DELETE FROM funnel_events WHERE shop_id = ${shop.id}::int`.execute(db);
  await sql`DELETE FROM look_funnel_daily WHERE shop_id = ${shop.id}::int`.execute(db);
  await sql`DELETE FROM look_daily_stats WHERE shop_id = ${shop.id}::int`.execute(db);
  await sql`DELETE FROM product_looks WHERE shop_id = ${shop.id}::int`.execute(db);
  const looks: number[] = [];
  for (let i = 0; i < LOOKS; i++) looks.push(await insertLook(db, shop.id, { title: `Look ${i + 1}` }));
  const loadStarted = Date.now();
  await bulkLoad(db, shop.id, looks);
  const loadMs = Date.now() - loadStarted;

  const app = await buildApp({ config, db }, { logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const origin = `http://127.0.0.1:${port}`;
    const headers = async () => ({
      authorization: `Bearer ${await signSessionToken(SHOP, config.apiKey, config.apiSecret)}`,
    });
    const since = day(89 * 86_400_000);
    const until = day(0);
    const reportPath = `/admin/api/v1/analytics/funnel?since=${since}&until=${until}`;

    // The report agrees with the raw events it summarises.
    const report = (await (await fetch(`${origin}${reportPath}`, { headers: await headers() })).json()) as FunnelReport;
    const raw = await sql<{ clicks: number; atc: number }>`
      SELECT count(*) FILTER (WHERE type IN ('hotspot_click', 'item_click'))::int AS clicks, count(*) FILTER (WHERE type = 'add_to_cart')::int AS atc
      FROM funnel_events WHERE shop_id = ${shop.id}::int AND local_day BETWEEN ${since}::date AND ${until}::date`.execute(
      db,
    );
    const sum = (k: 'clicks' | 'addToCarts') => report.looks.reduce((s, l) => s + l[k], 0);
    if (sum('clicks') !== Number(raw.rows[0].clicks) || sum('addToCarts') !== Number(raw.rows[0].atc)) {
      throw new Error(`report ${sum('clicks')}/${sum('addToCarts')} ≠ raw ${JSON.stringify(raw.rows[0])}`);
    }

    // 90-day report, sequential (no load generator competing for the CPU).
    const times: number[] = [];
    const auth = await headers();
    for (let i = 0; i < 100; i++) {
      const started = performance.now();
      const res = await app.inject({ method: 'GET', url: reportPath, headers: auth });
      times.push(performance.now() - started);
      if (res.statusCode !== 200) throw new Error(`report answered ${res.statusCode}`);
    }
    times.sort((a, b) => a - b);
    const reportUnderLoad = await measureInterleaved({
      origin,
      headers,
      target: [{ method: 'GET', path: reportPath }],
      rate: REPORT_RATE,
      phaseSeconds: PHASE_S,
      rounds: ROUNDS,
    });

    // Ingest: 256 shoppers' batches, each from its own address.
    const requests: autocannon.Request[] = Array.from({ length: SHOPPERS }, (_, s) => ({
      method: 'POST',
      path: `/api/storefront/events?shop=${SHOP}`,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${(s >> 8) & 255}.${s & 255}.7` },
      body: JSON.stringify(batchOf(s, looks)),
    }));
    await fire({ url: origin, connections: 10, overallRate: INGEST_RATE, duration: 2, requests });
    const before = await rawCount(db, shop.id);
    const steady = await pacedInterleaved({
      port,
      auth: await headers(),
      target: {
        method: 'POST',
        path: `/api/storefront/events?shop=${SHOP}`,
        bodies: requests.map((r) => String(r.body)),
        headers: requests.map((r) => r.headers as Record<string, string>),
      },
      rate: INGEST_RATE,
      seconds: PHASE_S,
      rounds: ROUNDS,
    });
    const ingest = await measureInterleaved({
      origin,
      headers,
      target: requests,
      rate: INGEST_RATE,
      phaseSeconds: PHASE_S,
      rounds: ROUNDS,
    });
    const flatOut = await fire({ url: origin, connections: 10, duration: PHASE_S, requests });
    const stored = (await rawCount(db, shop.id)) - before;
    const sent =
      (steady.target.requests -
        steady.target.non2xx +
        ingest.target.requests -
        ingest.target.non2xx +
        flatOut.requests.total -
        flatOut.non2xx) *
      BATCH;
    const flatOutEventsPerS = Math.round(((flatOut.requests.total - flatOut.non2xx) * BATCH) / PHASE_S);
    return {
      database: `${handle.kind}${DATABASE_URL ? '' : ' (in-process)'}`,
      'machine load average (1 min)': os.loadavg()[0].toFixed(1),
      'raw events of the shop (bulk-loaded)': EVENTS.toLocaleString('en'),
      'bulk load + roll-up rebuild (ms)': loadMs,
      'report: looks × days': `${report.looks.length} × ${report.series.length}`,
      'report 90 days sequential p50 / p99 (ms)': `${times[50].toFixed(1)} / ${times[98].toFixed(1)}`,
      [`report 90 days p99 ≤ ${REPORT_P99_MS} ms (sequential)`]: times[98] <= REPORT_P99_MS ? 'yes' : 'NO',
      'report rate (req/s, fixed)': REPORT_RATE,
      ...prefixed('report', interleavedFigures('report', reportUnderLoad, REPORT_P99_MS)),
      'ingest batch size (events)': BATCH,
      'ingest rate (req/s fixed) = events/s': `${INGEST_RATE} = ${INGEST_RATE * BATCH}`,
      'ingest paced evenly p50 / p99 / max (ms)': `${steady.target.p50} / ${steady.target.p99} / ${steady.target.max}`,
      'ingest paced: baseline GET /shop p50 / p99 / max (ms), same rate': `${steady.baseline.p50} / ${steady.baseline.p99} / ${steady.baseline.max}`,
      'ingest paced ÷ baseline: p50 / p99': `${(steady.target.p50 / steady.baseline.p50).toFixed(2)}× / ${(steady.target.p99 / steady.baseline.p99).toFixed(2)}×`,
      'ingest paced requests (non-2xx / errors)': `${steady.target.requests} (${steady.target.non2xx} / ${steady.target.errors})`,
      [`ingest paced p99 ≤ ${INGEST_P99_MS} ms`]:
        steady.target.p99 <= INGEST_P99_MS && steady.target.non2xx === 0 ? 'yes' : 'NO',
      ...prefixed(
        'ingest bursts (autocannon, each second sent at its start)',
        interleavedFigures('ingest bursts', ingest, INGEST_P99_MS),
      ),
      'ingest flat out, 10 connections: events/s': flatOutEventsPerS,
      'ingest flat out p50 / p99 (ms)': `${flatOut.latency.p50} / ${flatOut.latency.p99}`,
      'ingest flat out non-2xx / errors': `${flatOut.non2xx} / ${flatOut.errors}`,
      // Requests still in flight when a phase ends are stored but not counted by the load generator.
      'events in 2xx answers ≤ raw rows stored': `${sent.toLocaleString('en')} ≤ ${stored.toLocaleString('en')}${sent <= stored ? '' : ' (MISSING ROWS)'}`,
      'ingest ≥ 2,000 events/s with p99 ≤ 50 ms (paced)':
        INGEST_RATE * BATCH >= 2000 && steady.target.p99 <= INGEST_P99_MS && steady.target.non2xx === 0 ? 'yes' : 'NO',
    };
  } finally {
    await app.close();
    if (DATABASE_URL) {
      await sql`DELETE FROM shops WHERE domain = ${SHOP}`.execute(db).catch(() => undefined);
      await sql`DELETE FROM funnel_events WHERE shop_id = ${shop.id}::int`.execute(db).catch(() => undefined);
    }
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The baseline lines of two interleaved measurements must not overwrite each other. */
function prefixed(label: string, figures: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(figures).map(([k, v]) => [k.startsWith('baseline') ? `${label}: ${k}` : k, v]),
  );
}
