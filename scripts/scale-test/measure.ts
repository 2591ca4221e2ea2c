/**
 * `npm run scale-measure`: the figures of docs/SCALING.md. One app process (standalone demo store)
 * on a throwaway PostgreSQL; autocannon drives the hot routes for MEASURE_SECONDS each (default 10)
 * with MEASURE_CONNECTIONS (default 20); then funnel ingest (events/s) and webhook deliveries
 * processed per second (today's in-process queue, until the job engine). Loopback only; prints a
 * Markdown table and one JSON line last.
 */
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { DEMO_SHOP_DOMAIN, DEV_API_KEY, DEV_API_SECRET } from '../../server/config';
import { openDatabase } from '../../server/db';
import { signSessionToken } from '../../server/auth/sessionToken';
import { signAppProxyQuery } from '../../server/auth/appProxy';
import { exitOf, migrate, signal, startApp, waitReady } from './instances';
import { startPostgres } from './postgres';

const SECONDS = Number(process.env.MEASURE_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.MEASURE_CONNECTIONS ?? 20);

async function cannon(url: string, opts: Partial<autocannon.Options> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, ...opts });
  // Status classes of the answers (a 429 is the route's rate limit at work, not a failure of the server).
  const statuses = { '2xx': result['2xx'], '4xx': result['4xx'], '5xx': result['5xx'] };
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    statuses,
    errors: result.errors,
  };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-measure-'));
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-measure-pg-'));
  const pg = await startPostgres(pgDir);
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  try {
    // TRUST_PROXY=loopback: funnel ingest is rate-limited per client address, so each ingest request
    // names another client (X-Forwarded-For), as shoppers' browsers would be.
    const env = {
      DATABASE_URL: pg.url,
      LOG_LEVEL: 'warn',
      SSR: '0',
      MIGRATE_ON_START: 'false',
      MAX_EVENT_LOOP_DELAY_MS: '0',
      TRUST_PROXY: 'loopback',
    };
    await migrate(env, path.join(dir, 'migrate.log'));
    app = await startApp('measured', dir, env);
    await waitReady(app);
    const handle = await openDatabase({ databaseUrl: pg.url, migrate: false, settings: { poolMax: 2 } });
    const shop = await handle.db
      .selectFrom('shops')
      .select('id')
      .where('domain', '=', DEMO_SHOP_DOMAIN)
      .executeTakeFirstOrThrow();
    const look = await handle.db
      .selectFrom('productLooks')
      .select('id')
      .where('shopId', '=', shop.id)
      .orderBy('active', 'desc')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const bearer = `Bearer ${await signSessionToken(DEMO_SHOP_DOMAIN, DEV_API_KEY, DEV_API_SECRET)}`;
    const proxyQuery = signAppProxyQuery(
      {
        shop: DEMO_SHOP_DOMAIN,
        logged_in_customer_id: '',
        path_prefix: '/a/looks',
        timestamp: String(Math.floor(Date.now() / 1000)),
      },
      DEV_API_SECRET,
    );
    const rows: Array<[string, Awaited<ReturnType<typeof cannon>>, string?]> = [];
    rows.push(['GET /healthz (floor)', await cannon(`${app.url}/healthz`)]);
    rows.push([
      'GET /api/proxy (storefront gallery page, app proxy)',
      await cannon(`${app.url}/api/proxy?${proxyQuery}`),
    ]);
    rows.push([
      'GET /admin/api/v1/productLooks (admin list)',
      await cannon(`${app.url}/admin/api/v1/productLooks`, { headers: { authorization: bearer } }),
    ]);
    const batch = 10;
    const events = JSON.stringify({
      visitorId: `measure-${randomBytes(4).toString('hex')}`,
      events: Array.from({ length: batch }, (_, i) => ({
        type: i % 2 ? 'hotspot_click' : 'impression',
        lookId: look.id,
        device: 'desktop',
        at: Date.now(),
      })),
    });
    let client = 0;
    const ingest = await cannon(`${app.url}/api/storefront/events?shop=${DEMO_SHOP_DOMAIN}`, {
      requests: [
        {
          method: 'POST',
          body: events,
          setupRequest: (req) => {
            client += 1;
            const ip = `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
            return { ...req, headers: { ...req.headers, 'content-type': 'application/json', 'x-forwarded-for': ip } };
          },
        },
      ],
    });
    rows.push([
      `POST /api/storefront/events (funnel ingest, ${batch} events per request)`,
      ingest,
      `${ingest.rps * batch} events/s`,
    ]);

    // Webhook deliveries: recorded, answered, processed after the answer (today's in-process queue).
    const total = 300;
    const before = Date.now();
    for (let i = 0; i < total; i += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, total - i) }, async (_, j) => {
          const body = JSON.stringify({ id: 1, current: ['read_products'], previous: [] });
          await fetch(`${app!.url}/api/webhooks`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-shopify-topic': 'app/scopes_update',
              'x-shopify-shop-domain': DEMO_SHOP_DOMAIN,
              'x-shopify-hmac-sha256': createHmac('sha256', DEV_API_SECRET).update(body).digest('base64'),
              'x-shopify-webhook-id': `measure-${i + j}`,
              'x-shopify-event-id': `measure-${i + j}`,
            },
            body,
          });
        }),
      );
    }
    let processed = 0;
    for (let wait = 0; wait < 600 && processed < total; wait++) {
      processed = Number(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from webhook_deliveries where status = 'processed' and event_id like 'measure-%'`.execute(
            handle.db,
          )
        ).rows[0].n,
      );
      if (processed < total) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const jobsPerSecond = Math.round((processed / (Date.now() - before)) * 1000);
    await handle.close();

    console.log(`\n| Route | req/s | p50 ms | p99 ms | 4xx | 5xx |\n|---|---|---|---|---|---|`);
    for (const [name, r, note] of rows)
      console.log(
        `| ${name} | ${r.rps}${note ? ` (${note})` : ''} | ${r.p50} | ${r.p99} | ${r.statuses['4xx']} | ${r.statuses['5xx']} |`,
      );
    console.log(
      `\nWebhook deliveries (received → processed, in-process queue): ${processed}/${total} in ${Date.now() - before} ms = ${jobsPerSecond}/s`,
    );
    console.log(
      JSON.stringify({
        cpus: os.cpus().length,
        seconds: SECONDS,
        connections: CONNECTIONS,
        routes: Object.fromEntries(rows.map(([name, r]) => [name, r])),
        eventsPerSecond: ingest.rps * batch,
        webhookDeliveriesPerSecond: jobsPerSecond,
      }),
    );
  } finally {
    if (app) {
      signal(app, 'SIGTERM');
      await exitOf(app.child, 30_000);
    }
    pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
