/**
 * Stats under load (issue 5): the demo store plus 100k orders over a year
 * (bulk-loaded, attributed to the demo looks, rollups rebuilt from the raw
 * rows and checked against them), the real app started in-process, autocannon
 * at a fixed 200 req/s over GET /stats (full with a range, full all time,
 * lite) in phases interleaved with the trivial GET /shop at the same rate
 * (interleaved.ts: p99 also as a ratio to it), and GET /shopOrders.
 * Target: GET /stats p99 ≤ 50 ms.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { buildApp } from '../../server/app';
import { loadConfig, DEMO_SHOP_DOMAIN } from '../../server/config';
import { openDatabase, type Db } from '../../server/db';
import { seedDemo } from '../../server/demo';
import { signSessionToken } from '../../server/auth/sessionToken';
import { signWebhook } from '../../server/platform/webhooks';
import { interleavedFigures, measureInterleaved } from './interleaved';

export const name = 'stats (GET /admin/api/v1/stats over 100k orders, 200 req/s)';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 100_000);
const RATE = 200;
const DURATION_S = Number(process.env.BENCH_DURATION ?? 15);
const TARGET_P99_MS = 50;
const ROUNDS = 3;

function fire(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(opts, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/** 100k orders for the demo shop in one SQL statement, then the rollups rebuilt from the raw rows. */
async function bulkLoad(db: Db, shopId: number) {
  const looks = (
    await db.selectFrom('productLooks').select('id').where('shopId', '=', shopId).orderBy('id').execute()
  ).map((l) => l.id);
  const lookArray = sql.raw(`ARRAY[${looks.join(',')}]::int[]`);
  await sql`
    INSERT INTO orders (shop_id, platform_order_id, identifier, currency, order_total, generated_revenue, financial_status, look_id, product_gid, ordered_at, local_day)
    SELECT ${shopId}, 'bench-' || g, '#B' || g, 'USD', round((50 + random() * 400)::numeric, 2), round((20 + random() * 200)::numeric, 2), 'paid',
           (${lookArray})[1 + (g % ${looks.length})], 'gid://shopify/Product/' || (1001 + g % 30),
           t, (t AT TIME ZONE 'UTC')::date
    FROM generate_series(1, ${ORDERS}) AS g, LATERAL (SELECT now() - (random() * interval '365 days') AS t) AS x`.execute(
    db,
  );
  await sql`
    INSERT INTO order_look_items (shop_id, order_id, look_id, product_gid, quantity, revenue)
    SELECT shop_id, id, look_id, product_gid, 1, generated_revenue FROM orders WHERE shop_id = ${shopId} AND platform_order_id LIKE 'bench-%'`.execute(
    db,
  );
  await sql`
    INSERT INTO add_to_cart_events (shop_id, look_id, product_id, price, quantity, local_day, created_at)
    SELECT ${shopId}, (${lookArray})[1 + (g % ${looks.length})], 'gid://shopify/Product/1001', round((20 + random() * 200)::numeric, 2), 1, (t AT TIME ZONE 'UTC')::date, t
    FROM generate_series(1, ${ORDERS}) AS g, LATERAL (SELECT now() - (random() * interval '365 days') AS t) AS x`.execute(
    db,
  );
  // Rebuild the rollups from the raw rows (the same sums the webhook path keeps up to date).
  await sql`DELETE FROM look_daily_stats WHERE shop_id = ${shopId}`.execute(db);
  await sql`DELETE FROM shop_daily_stats WHERE shop_id = ${shopId}`.execute(db);
  await sql`
    INSERT INTO look_daily_stats (shop_id, day, look_id, orders, generated_revenue, add_to_cart_count, add_to_cart_revenue)
    SELECT shop_id, day, look_id, sum(orders), sum(rev), sum(atc_count), sum(atc_rev) FROM (
      SELECT o.shop_id, o.local_day AS day, i.look_id, count(DISTINCT o.id) AS orders, sum(i.revenue) AS rev, 0 AS atc_count, 0 AS atc_rev
      FROM orders o JOIN order_look_items i ON i.order_id = o.id WHERE o.shop_id = ${shopId} GROUP BY 1, 2, 3
      UNION ALL
      SELECT shop_id, local_day, look_id, 0, 0, sum(quantity), sum(price * quantity) FROM add_to_cart_events WHERE shop_id = ${shopId} GROUP BY 1, 2, 3
    ) s GROUP BY 1, 2, 3`.execute(db);
  await sql`
    INSERT INTO shop_daily_stats (shop_id, day, orders, generated_revenue, add_to_cart_revenue)
    SELECT shop_id, day, sum(orders), sum(rev), sum(atc) FROM (
      SELECT shop_id, local_day AS day, count(*) AS orders, sum(generated_revenue) AS rev, 0 AS atc FROM orders WHERE shop_id = ${shopId} AND look_id IS NOT NULL GROUP BY 1, 2
      UNION ALL
      SELECT shop_id, local_day, 0, 0, sum(price * quantity) FROM add_to_cart_events WHERE shop_id = ${shopId} GROUP BY 1, 2
    ) s GROUP BY 1, 2`.execute(db);
  await sql`ANALYZE`.execute(db);
}

export async function run(): Promise<Record<string, string | number>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stats-bench-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-dist'),
    LOG_LEVEL: 'silent',
    PORT: '0',
  });
  const handle = await openDatabase({});
  const seedStarted = Date.now();
  await seedDemo(handle.db, config);
  const seedMs = Date.now() - seedStarted;
  const shop = await handle.db
    .selectFrom('shops')
    .select('id')
    .where('domain', '=', DEMO_SHOP_DOMAIN)
    .executeTakeFirstOrThrow();
  const loadStarted = Date.now();
  await bulkLoad(handle.db, shop.id);
  const loadMs = Date.now() - loadStarted;
  const app = await buildApp({ config, db: handle.db }, { logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const origin = `http://127.0.0.1:${port}`;
    const headers = async () => ({
      authorization: `Bearer ${await signSessionToken(DEMO_SHOP_DOMAIN, config.apiKey, config.apiSecret)}`,
    });
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86400000).toISOString().slice(0, 10);

    // Consistency: the rollup totals equal the aggregates over the raw orders.
    const stats = (await (await fetch(`${origin}/admin/api/v1/stats`, { headers: await headers() })).json()) as {
      orderGenerated: number;
      generatedRevenue: number;
    };
    const raw = await handle.db
      .selectFrom('orders')
      .where('shopId', '=', shop.id)
      .where('lookId', 'is not', null)
      .select([sql<string>`count(*)`.as('n'), sql<string>`sum(generated_revenue)`.as('rev')])
      .executeTakeFirstOrThrow();
    if (stats.orderGenerated !== Number(raw.n) || Math.abs(stats.generatedRevenue - Number(raw.rev)) > 0.01) {
      throw new Error(`stats ${JSON.stringify(stats)} ≠ raw ${JSON.stringify(raw)}`);
    }

    // Ingest through the real webhook path (signed, verified, idempotent, rollups).
    const ingestN = 300;
    const ingestStarted = Date.now();
    for (let i = 0; i < ingestN; i++) {
      const body = JSON.stringify({
        id: 9_000_000 + i,
        name: `#W${i}`,
        total_price: '80.00',
        created_at: new Date().toISOString(),
        line_items: [{ product_id: 1001, quantity: 1, price: '80.00', properties: [{ name: '_look_id', value: '1' }] }],
      });
      const res = await fetch(`${origin}/api/webhooks`, {
        method: 'POST',
        body,
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': 'orders/create',
          'x-shopify-shop-domain': DEMO_SHOP_DOMAIN,
          'x-shopify-hmac-sha256': signWebhook(body, config.apiSecret),
        },
      });
      if (!res.ok) throw new Error(`webhook answered ${res.status}`);
    }
    const ingestPerS = Math.round((ingestN * 1000) / (Date.now() - ingestStarted));

    // Service time without a load generator competing for the CPU: sequential in-process requests.
    const inject = async (url: string, samples: number) => {
      const times: number[] = [];
      const auth = await headers();
      for (let i = 0; i < samples; i++) {
        const started = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: auth });
        times.push(performance.now() - started);
        if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}`);
      }
      times.sort((a, b) => a - b);
      return `${times[Math.floor(samples / 2)].toFixed(1)} / ${times[Math.floor(samples * 0.99)].toFixed(1)}`;
    };
    const sequentialCached = await inject(`/admin/api/v1/stats?fromDate=${monthAgo}&toDate=${today}`, 400);
    let k = 0;
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const from = new Date(Date.now() - (40 + (k++ % 300)) * 86400000).toISOString().slice(0, 10);
      const started = performance.now();
      await app.inject({
        method: 'GET',
        url: `/admin/api/v1/stats?fromDate=${from}&toDate=${today}`,
        headers: await headers(),
      });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const sequentialCold = `${times[100].toFixed(1)} / ${times[198].toFixed(1)}`;

    const requests = [
      { method: 'GET' as const, path: `/admin/api/v1/stats?fromDate=${monthAgo}&toDate=${today}` },
      { method: 'GET' as const, path: '/admin/api/v1/stats' },
      { method: 'GET' as const, path: '/admin/api/v1/stats?lite=true' },
    ];
    await fire({ url: origin, headers: await headers(), connections: 10, overallRate: RATE, duration: 3, requests });
    const phaseSeconds = Math.max(2, Math.round(DURATION_S / ROUNDS));
    const measured = await measureInterleaved({
      origin,
      headers,
      target: requests,
      rate: RATE,
      phaseSeconds,
      rounds: ROUNDS,
    });
    // Cold: a different range on every request (no cache hit), at a lower rate.
    let n = 0;
    const cold = await fire({
      url: origin,
      headers: await headers(),
      connections: 5,
      overallRate: 40,
      duration: Math.max(5, Math.round(DURATION_S / 3)),
      requests: [
        {
          method: 'GET',
          setupRequest: (req) => {
            n++;
            const from = new Date(Date.now() - (40 + (n % 300)) * 86400000).toISOString().slice(0, 10);
            return {
              ...req,
              path: `/admin/api/v1/stats?fromDate=${from}&toDate=${today}&n=${n}`.replace(/&n=\d+$/, ''),
            };
          },
        },
      ],
    });
    const orders = await fire({
      url: origin,
      headers: await headers(),
      connections: 10,
      workers: 1,
      overallRate: 100,
      duration: Math.max(5, Math.round(DURATION_S / 3)),
      requests: [{ method: 'GET', path: `/admin/api/v1/shopOrders?page=3&fromDate=${monthAgo}&toDate=${today}` }],
    });
    return {
      'orders in the database': stats.orderGenerated + ingestN,
      'machine load average (1 min)': os.loadavg()[0].toFixed(1),
      'demo seed incl. 60 days of webhook orders (ms)': seedMs,
      'bulk load 100k orders + 100k add-to-carts + rollups (ms)': loadMs,
      'webhook ingest (orders/s, sequential)': ingestPerS,
      'stats sequential, cached p50 / p99 (ms)': sequentialCached,
      'stats sequential, uncached p50 / p99 (ms)': sequentialCold,
      'rate (req/s, fixed)': RATE,
      phases: `${ROUNDS} × (baseline, stats) of ${phaseSeconds} s`,
      ...interleavedFigures('stats', measured, TARGET_P99_MS),
      'stats uncached (new range each request, 40 req/s) p50 / p99 (ms)': `${cold.latency.p50} / ${cold.latency.p99}`,
      'shopOrders p50 / p99 (ms, 100 req/s)': `${orders.latency.p50} / ${orders.latency.p99}`,
      'shopOrders non-2xx': orders.non2xx,
    };
  } finally {
    await app.close();
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
