/**
 * `npm run scale-test`: several instances on real engines, on this machine. Starts a throwaway
 * PostgreSQL, an S3-protocol server (s3rver), the Admin API stand-in and three app processes
 * (APP_MODE=shopify, MIGRATE_ON_START=false after one `npm run migrate`) behind a round-robin proxy,
 * runs the checks of issue 25 and prints one JSON line last; exits 1 when a check fails (75 when this
 * host's PostgreSQL would not start: the host's failure, not the product's). Everything
 * listens on loopback; every wait is bounded; processes and temp dirs are removed on every exit path.
 *   SCALE_TEST_KEEP=1 keeps the temp dir (logs of each instance) for a look afterwards.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { openDatabase, type DatabaseHandle } from '../../server/db';
import { FakeShopifyAdmin, makeFakeProducts } from '../../server/test/fakeShopifyAdmin';
import {
  client,
  enableGeneration,
  killMidWork,
  redactLeavesNothing,
  sseAcrossInstances,
  uploadsServedEverywhere,
  webhooksExactlyOnce,
  type Check,
  type Cluster,
} from './checks';
import { exitOf, migrate, signal, startApp, waitReady, type AppProcess } from './instances';
import { freePort, PostgresWouldNotStart, startPostgres, type ThrowawayPostgres } from './postgres';
import { startProxy } from './proxy';

const API_KEY = 'scale-test-key';
const API_SECRET = 'scale-test-secret';
const BUCKET = 'scale-test';
const SHOP = 'scale.myshopify.com';
const KILL_SHOP = 'scale-kill.myshopify.com';
const REDACT_SHOP = 'scale-redact.myshopify.com';
/** The exit code when this host's PostgreSQL would not start (EX_TEMPFAIL). */
const HOST_FAILED = 75;
/** The whole run must end within this (CI budgets it). */
const BUDGET_MS = Number(process.env.SCALE_TEST_BUDGET_MS ?? 720_000);

const cleanups: Array<() => Promise<void> | void> = [];
async function cleanup() {
  while (cleanups.length) {
    try {
      await cleanups.pop()!();
    } catch (error) {
      console.error(`cleanup: ${(error as Error).message}`);
    }
  }
}

const step = (message: string) => console.log(`[scale-test] ${message}`);

async function main(): Promise<number> {
  const started = Date.now();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-scale-'));
  cleanups.push(() => {
    if (process.env.SCALE_TEST_KEEP) return console.log(`[scale-test] kept ${dir}`);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  step('PostgreSQL…');
  // Its own temp dir (the postgres user must reach it when run as root), removed after the server stops.
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-scale-pg-'));
  cleanups.push(() => fs.rmSync(pgDir, { recursive: true, force: true }));
  const pg: ThrowawayPostgres = await startPostgres(pgDir);
  cleanups.push(() => pg.stop());

  step('S3-protocol server (s3rver)…');
  const s3Port = await freePort();
  const s3rver = new S3rver({
    port: s3Port,
    address: '127.0.0.1',
    directory: path.join(dir, 's3'),
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  });
  await s3rver.run();
  cleanups.push(() => s3rver.close());
  const s3Endpoint = `http://127.0.0.1:${s3Port}`;
  const s3 = new S3Client({
    endpoint: s3Endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await s3.send(new CreateBucketCommand({ Bucket: BUCKET })).catch(() => undefined);
  cleanups.push(() => s3.destroy());

  step('Admin API stand-in…');
  const admin = await FakeShopifyAdmin.start({ apiKey: API_KEY, apiSecret: API_SECRET });
  cleanups.push(() => admin.close());
  admin.setProducts(SHOP, makeFakeProducts(20, 'Scale'));
  // Enough pages that the sync is mid-way when its instance is killed (~15 pages paced by the cost limit).
  admin.setProducts(KILL_SHOP, makeFakeProducts(1200, 'Killed'));
  admin.setProducts(REDACT_SHOP, makeFakeProducts(5, 'Redact'));

  const proxyPorts: number[] = [];
  const proxy = await startProxy(() => proxyPorts);
  cleanups.push(() => proxy.close());
  const env: Record<string, string> = {
    APP_MODE: 'shopify',
    DATABASE_URL: pg.url,
    MIGRATE_ON_START: 'false',
    SHOPIFY_API_KEY: API_KEY,
    SHOPIFY_API_SECRET: API_SECRET,
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    SHOPIFY_ADMIN_API_BASE_URL: admin.url,
    APP_URL: proxy.url,
    METRICS_TOKEN: randomBytes(16).toString('hex'),
    LOG_LEVEL: 'warn',
    SSR: '0',
    // Page the big catalog (paced by the cost limit) rather than one bulk operation: a sync to interrupt.
    CATALOG_BULK_THRESHOLD: '100000',
    CATALOG_RECONCILE_MINUTES: '1',
    // Object storage (the storage branch's variables).
    S3_ENDPOINT: s3Endpoint,
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    FILES_PUBLIC_URL: `${s3Endpoint}/${BUCKET}`,
  };

  step('npm run migrate (the release step)…');
  await migrate(env, path.join(dir, 'migrate.log'));

  step('three app processes…');
  const apps: AppProcess[] = [];
  cleanups.push(async () => {
    for (const app of apps) signal(app, 'SIGTERM');
    await Promise.all(apps.map((app) => exitOf(app.child, 30_000)));
    for (const app of apps) signal(app, 'SIGKILL'); // whatever the group still holds
  });
  for (const name of ['app-1', 'app-2', 'app-3']) apps.push(await startApp(name, dir, env));
  await Promise.all(apps.map((app) => waitReady(app)));
  proxyPorts.push(...apps.map((a) => a.port));

  const handle: DatabaseHandle = await openDatabase({ databaseUrl: pg.url, migrate: false, settings: { poolMax: 4 } });
  cleanups.push(() => handle.close());
  const cluster: Cluster = {
    apps,
    proxyUrl: proxy.url,
    db: handle.db,
    s3,
    bucket: BUCKET,
    apiKey: API_KEY,
    apiSecret: API_SECRET,
    filesPublicUrl: env.FILES_PUBLIC_URL,
  };

  // Install the shops (first admin request: token exchange, first sync).
  for (const shop of [SHOP, KILL_SHOP]) {
    const res = await client(cluster, shop).call(proxy.url, 'GET', '/admin/api/v1/shop');
    if (res.status !== 200) throw new Error(`installing ${shop} answered ${res.status}: ${JSON.stringify(res.json)}`);
    await enableGeneration(handle.db, shop);
  }

  const failures: string[] = [];
  // A check that throws fails with its error; the others still run and the JSON line is printed.
  const run = async <T>(fallback: T, check: () => Promise<Check<T>>): Promise<Check<T>> =>
    check().catch((error: Error) => ({ value: fallback, ok: false, failure: `threw ${error.message}` }));
  const record = <T>(name: string, check: Check<T>) => {
    step(`${name}: ${check.ok ? 'ok' : `FAILED — ${check.failure}`}`);
    if (!check.ok) failures.push(`${name}: ${check.failure}`);
    return check.value;
  };

  step('uploads…');
  const uploads = record('uploadsServedEverywhere', await run(false, () => uploadsServedEverywhere(cluster, SHOP)));
  step('generation stream across instances…');
  const sse = record('sseAcrossInstances', await run(false, () => sseAcrossInstances(cluster, SHOP)));
  step('500 webhooks…');
  const webhooks = record(
    'webhooks',
    await run({ sent: 0, processed: 0, duplicates: 0 }, () => webhooksExactlyOnce(cluster, SHOP)),
  );
  step('SIGKILL in the middle of a generation, a catalog sync and metafield writes…');
  const left = BUDGET_MS - (Date.now() - started);
  const killed = record(
    'killed',
    await run({ generation: 'error', sync: 'error', metafields: 'error', chargedTwice: 0, lost: 3 }, () =>
      // The catalog sync is most of it (1,200 products paced by the stand-in's cost bucket: 342-349 s
      // after the kill in four runs, at load averages from 2 to 16). Bounded by the budget, leaving the
      // redaction its time.
      killMidWork(cluster, KILL_SHOP, apps[0], Math.max(30_000, left - 150_000)),
    ),
  );
  if (killed.runningOnVictim)
    step(`running on the killed instance (the others paused): ${JSON.stringify(killed.runningOnVictim)}`);
  if (killed.finishedAfter) step(`finished after the SIGKILL (s): ${JSON.stringify(killed.finishedAfter)}`);
  // The survivors only from now on.
  proxyPorts.splice(0, proxyPorts.length, ...apps.filter((a) => a.alive()).map((a) => a.port));
  cluster.apps = apps.filter((a) => a.alive());
  step('shop/redact…');
  const redact = record(
    'redact',
    await run({ rows: -1, objects: -1 }, () => redactLeavesNothing(cluster, REDACT_SHOP)),
  );

  const line = {
    instances: apps.length,
    uploadsServedEverywhere: uploads,
    sseAcrossInstances: sse,
    webhooks,
    killed: { generation: killed.generation, sync: killed.sync, metafields: killed.metafields },
    redact,
    lost: killed.lost + Math.max(0, webhooks.sent - webhooks.processed),
  };
  if (failures.length) {
    console.error(`\n${failures.length} check(s) failed:\n- ${failures.join('\n- ')}`);
  }
  step(`${Math.round((Date.now() - started) / 1000)} s`);
  console.log(JSON.stringify(line));
  return failures.length ? 1 : 0;
}

// Bounded as a whole, and cleaned up on every exit path (a signal, an error, the end).
const overall = setTimeout(() => {
  console.error(`scale-test: over its budget of ${BUDGET_MS} ms`);
  void cleanup().finally(() => process.exit(1));
}, BUDGET_MS + 60_000);
// `on`, not `once`: npm and tsx pass a signal on, so it may arrive twice; the second must not kill
// the process half-way through its cleanup.
let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (signalled) return;
    signalled = true;
    console.error(`scale-test: ${signal}`);
    void cleanup().finally(() => process.exit(1));
  });
}
main()
  .catch((error) => {
    console.error(`scale-test: ${(error as Error).stack ?? error}`);
    // The host, not the product, failed: EX_TEMPFAIL, which .ci/run reports as a warning.
    return error instanceof PostgresWouldNotStart ? HOST_FAILED : 1;
  })
  .then(async (code) => {
    clearTimeout(overall);
    await cleanup();
    process.exit(code);
  });
