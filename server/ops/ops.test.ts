import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestApp, openTestDatabase, TEST_TOKEN_ENCRYPTION_KEY, type TestApp } from '../test/testApp';
import { TEST_DATABASE_URL } from '../test/postgres';
import { databaseSettings, opsConfig } from '../config';
import { DEFAULT_DATABASE_SETTINGS } from '../db';
import { observeAdminApiThrottleWait } from './metrics';
import { Readiness } from './readiness';
import { validRequestId } from './requestId';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = 'metrics-token-0123456789';

describe('operator surface', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('request ids', () => {
    it('answers with the caller’s valid X-Request-Id, else a fresh UUID', async () => {
      const given = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.91:2' } });
      expect(given.headers['x-request-id']).toBe('lb-7f3a.91:2');
      const fresh = await t.app.inject({ url: '/healthz' });
      expect(fresh.headers['x-request-id']).toMatch(UUID);
      const other = await t.app.inject({ url: '/healthz' });
      expect(other.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);
      for (const bad of ['x'.repeat(129), 'a b', 'id\r\nX-Evil: 1', '<script>', '']) {
        const res = await t.app.inject({ url: '/healthz', headers: { 'x-request-id': bad } });
        expect(res.headers['x-request-id']).toMatch(UUID);
      }
      expect(validRequestId(['first', 'second'])).toBe('first');
    });

    it('names the id in every log line of the request; health probes are not logged at info', async () => {
      const lines: Array<Record<string, unknown>> = [];
      const stream = { write: (line: string) => void lines.push(JSON.parse(line)) };
      const handle = await openTestDatabase();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-ops-log-'));
      const config = loadConfig({
        DATA_DIR: dataDir,
        DIST_DIR: path.join(dataDir, 'none'),
        TOKEN_ENCRYPTION_KEY: TEST_TOKEN_ENCRYPTION_KEY,
      });
      const app = await buildApp({ config, db: handle.db }, { logger: { level: 'info', stream } });
      try {
        await app.inject({ url: '/admin/api/v1/productLooks', headers: { 'x-request-id': 'trace-77' } });
        const ofRequest = lines.filter((l) => l.reqId === 'trace-77');
        expect(ofRequest.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
        const before = lines.length;
        await app.inject({ url: '/healthz' });
        await app.inject({ url: '/readyz' });
        expect(lines.slice(before)).toEqual([]);
      } finally {
        await app.close();
        await handle.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });

    it('puts the id into every error answer: unauthorized, not found, validation, bad JSON', async () => {
      const headers = { 'x-request-id': 'req-42' };
      const unauthorized = await t.app.inject({ url: '/admin/api/v1/productLooks', headers });
      expect(unauthorized.statusCode).toBe(401);
      expect(unauthorized.json()).toMatchObject({ code: 'unauthorized', requestId: 'req-42' });

      const missing = await t.request({ url: '/admin/api/no-such-thing', headers });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'not_found', requestId: 'req-42' });

      const invalid = await t.request({
        method: 'POST',
        url: '/admin/api/v1/productLooks',
        headers,
        payload: { title: 7 },
      });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().requestId).toBe('req-42');

      const badJson = await t.request({
        method: 'POST',
        url: '/admin/api/v1/productLooks',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{',
      });
      expect(badJson.statusCode).toBe(400);
      expect(badJson.json().requestId).toBe('req-42');

      // Success bodies stay as they were.
      const ok = await t.request({ url: '/admin/api/v1/productLooks', headers });
      expect(ok.statusCode).toBe(200);
      expect(JSON.stringify(ok.json())).not.toContain('req-42');
    });
  });

  describe('health and readiness', () => {
    it('/healthz: the process lives; no session, no caching', async () => {
      const res = await t.app.inject({ url: '/healthz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok' });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('/readyz: database, migrations, notifications, jobs and shutdown, each with its time', async () => {
      const res = await t.app.inject({ url: '/readyz' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe('ready');
      expect(Object.keys(body.checks).sort()).toEqual(['database', 'jobs', 'migrations', 'notifications', 'shutdown']);
      expect(body.checks.migrations).toMatchObject({
        ok: true,
        detail: expect.stringMatching(/^all \d+ migrations applied$/),
      });
      for (const check of Object.values(body.checks) as Array<{ ms: number }>)
        expect(check.ms).toBeGreaterThanOrEqual(0);
    });

    it('/readyz: a feature’s check (the job engine’s) replaces the built-in one and decides readiness', async () => {
      const app = await createTestApp();
      try {
        let running = false;
        app.app.ops.readiness.register('jobs', () => ({
          ok: running,
          detail: running ? 'pg-boss running' : 'pg-boss stopped',
        }));
        const down = await app.app.inject({ url: '/readyz' });
        expect(down.statusCode).toBe(503);
        expect(down.json()).toMatchObject({
          status: 'not_ready',
          checks: { jobs: { ok: false, detail: 'pg-boss stopped' }, database: { ok: true } },
        });
        running = true;
        expect((await app.app.inject({ url: '/readyz' })).statusCode).toBe(200);
        app.app.ops.draining = true;
        const draining = await app.app.inject({ url: '/readyz' });
        expect(draining.statusCode).toBe(503);
        expect(draining.json().checks.shutdown).toMatchObject({ ok: false, detail: 'shutting down' });
      } finally {
        await app.close();
      }
    });

    it('a check that hangs or throws fails alone, within the bound', async () => {
      const readiness = new Readiness();
      readiness.register('fast', () => ({ ok: true }));
      readiness.register('hangs', () => new Promise(() => undefined));
      readiness.register('throws', () => {
        throw new Error('disk on fire');
      });
      const started = Date.now();
      const report = await readiness.run(100);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(report.ready).toBe(false);
      expect(report.checks.fast.ok).toBe(true);
      expect(report.checks.hangs).toMatchObject({ ok: false, detail: 'no answer within 100 ms' });
      expect(report.checks.throws).toMatchObject({ ok: false, detail: 'disk on fire' });
    });
  });

  describe('metrics', () => {
    it('loopback without a token; never through a proxy (X-Forwarded-For) or from another address', async () => {
      const direct = await t.app.inject({ url: '/metrics' });
      expect(direct.statusCode).toBe(200);
      expect(direct.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      const proxied = await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(proxied.statusCode).toBe(403);
      expect(proxied.json().code).toBe('metrics_forbidden');
      const remote = await t.app.inject({ url: '/metrics', remoteAddress: '10.1.2.3' });
      expect(remote.statusCode).toBe(403);
    });

    it('with METRICS_TOKEN: the bearer token from anywhere, nothing without it (loopback included)', async () => {
      const app = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
      try {
        const none = await app.app.inject({ url: '/metrics' });
        expect(none.statusCode).toBe(401);
        expect(none.headers['www-authenticate']).toBe('Bearer');
        const wrong = await app.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}x` } });
        expect(wrong.statusCode).toBe(401);
        const right = await app.app.inject({
          url: '/metrics',
          remoteAddress: '10.1.2.3',
          headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '1.2.3.4' },
        });
        expect(right.statusCode).toBe(200);
      } finally {
        await app.close();
      }
      expect(() => opsConfig({ METRICS_TOKEN: 'short' })).toThrow(/at least 16/);
    });

    it('request latency per route pattern, never the raw URL', async () => {
      await t.request({ url: '/admin/api/v1/productLooks/987654' });
      await t.request({ url: '/admin/api/v1/productLooks/123456' });
      await t.app.inject({ url: '/no/such/page.png' });
      await t.app.inject({ url: '/healthz' });
      const text = (await t.app.inject({ url: '/metrics' })).body;
      expect(text).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/admin\/api\/v1\/productLooks\/:id",status_code="404"\} 2/,
      );
      expect(text).toMatch(
        /http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/healthz",status_code="200"\}/,
      );
      expect(text).toMatch(/route="unmatched"/);
      expect(text).not.toContain('987654');
      expect(text).not.toContain('page.png');
    });

    it('jobs per queue and state, webhook lag, SSE streams, Admin API throttle waits, process metrics', async () => {
      const shop = await t.provision('metrics-shop.myshopify.com');
      await t.db
        .insertInto('webhookDeliveries')
        .values({
          shopId: shop.id,
          topic: 'products/update',
          payload: '{}',
          status: 'pending',
          receivedAt: new Date(Date.now() - 90_000),
        })
        .execute();
      await t.db
        .insertInto('webhookDeliveries')
        .values({
          shopId: shop.id,
          topic: 'products/update',
          status: 'processed',
          receivedAt: new Date(Date.now() - 4000),
          processedAt: new Date(Date.now() - 2000),
        })
        .execute();
      t.app.ops.metrics.addSseSource(() => 3);
      observeAdminApiThrottleWait(1500);
      const text = (await t.app.inject({ url: '/metrics' })).body;
      expect(text).toMatch(/sl_jobs\{queue="webhook",state="pending"\} 1/);
      const backlog = Number(/sl_webhook_lag_seconds\{stage="backlog"\} ([\d.]+)/.exec(text)?.[1]);
      expect(backlog).toBeGreaterThanOrEqual(89);
      expect(backlog).toBeLessThan(200);
      expect(Number(/sl_webhook_lag_seconds\{stage="processed"\} ([\d.]+)/.exec(text)?.[1])).toBeCloseTo(2, 0);
      expect(
        Number(/sl_job_oldest_age_seconds\{queue="webhook",state="pending"\} ([\d.]+)/.exec(text)?.[1]),
      ).toBeGreaterThanOrEqual(89);
      expect(text).toMatch(/sl_sse_streams_open 3/);
      expect(text).toMatch(/sl_admin_api_throttle_wait_seconds_bucket\{le="2"\} [1-9]/);
      expect(text).toMatch(/process_cpu_seconds_total/);
      expect(text).toMatch(/nodejs_eventloop_lag_seconds/);
      if (TEST_DATABASE_URL()) expect(text).toMatch(/sl_db_pool_connections\{state="max"\} 10/);
    });

    it('the job engine’s source replaces today’s tables; a failing collector is counted, the scrape still answers', async () => {
      const app = await createTestApp();
      try {
        app.app.ops.metrics.setJobStats(async () => [
          { queue: 'generation', state: 'created', count: 4, oldestSeconds: 12 },
        ]);
        let text = (await app.app.inject({ url: '/metrics' })).body;
        expect(text).toMatch(/sl_jobs\{queue="generation",state="created"\} 4/);
        expect(text).toMatch(/sl_job_oldest_age_seconds\{queue="generation",state="created"\} 12/);
        app.app.ops.metrics.setJobStats(async () => {
          throw new Error('boss unreachable');
        });
        const res = await app.app.inject({ url: '/metrics' });
        expect(res.statusCode).toBe(200);
        text = res.body;
        expect(text).toMatch(/sl_metrics_collector_errors_total\{collector="jobs"\} 1/);
        expect(text).not.toMatch(/sl_jobs\{/);
      } finally {
        await app.close();
      }
    });
  });

  it('under pressure: 503 + Retry-After with a translated answer; health routes still answer', async () => {
    const app = await createTestApp({ env: { MAX_EVENT_LOOP_DELAY_MS: '1' } });
    try {
      // Block the event loop in slices for longer than under-pressure's sampling interval.
      const until = Date.now() + 1500;
      while (Date.now() < until) {
        const slice = Date.now() + 150;
        while (Date.now() < slice);
        await new Promise((resolve) => setTimeout(resolve, 1));
      }
      const shed = await app.request({
        url: '/admin/api/v1/productLooks',
        headers: { 'accept-language': 'de', 'x-request-id': 'busy-1' },
      });
      expect(shed.statusCode).toBe(503);
      expect(shed.headers['retry-after']).toBe('5');
      expect(shed.json()).toEqual({
        message: 'Die App ist gerade stark ausgelastet. Bitte versuche es in ein paar Sekunden erneut.',
        code: 'under_pressure',
        requestId: 'busy-1',
      });
      // The page's own files still go out (a document already sent needs them), and the health routes answer.
      expect((await app.app.inject({ url: '/assets/main.0123456789ab.js' })).statusCode).not.toBe(503);
      expect((await app.app.inject({ url: '/logo.svg' })).statusCode).not.toBe(503);
      expect((await app.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await app.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      expect((await app.app.inject({ url: '/metrics' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('MIGRATE_ON_START=false: a database behind or ahead of the code is refused (readyz says why) until it matches', async () => {
    // DATABASE_URL only makes the config a PostgreSQL one (the gate's condition); the test database is the clone.
    const app = await createTestApp({
      env: { DATABASE_URL: 'postgres://configured.invalid/db', MIGRATE_ON_START: 'false' },
    });
    try {
      const last = (
        await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(app.db)
      ).rows[0].name;
      const row = (
        await sql<{
          name: string;
          timestamp: string;
        }>`select name, timestamp from kysely_migration where name = ${last}`.execute(app.db)
      ).rows[0];
      await sql`delete from kysely_migration where name = ${last}`.execute(app.db);
      await new Promise((resolve) => setTimeout(resolve, 1100)); // the gate re-reads at most once a second

      const refused = await app.request({ url: '/admin/api/v1/productLooks', headers: { 'accept-language': 'fr' } });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({
        code: 'migrations_not_current',
        message: "L'application est en cours de mise à jour. Veuillez réessayer dans un instant.",
      });
      const behind = await app.app.inject({ url: '/readyz' });
      expect(behind.statusCode).toBe(503);
      expect(behind.json().checks.migrations).toEqual({
        ok: false,
        detail: `1 migration(s) not applied (${last}): run \`npm run migrate\` (the release step) first`,
        ms: expect.any(Number),
      });
      expect((await app.app.inject({ url: '/healthz' })).statusCode).toBe(200);

      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${row.timestamp}), ('9999_from_a_newer_release', ${row.timestamp})`.execute(
        app.db,
      );
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const ahead = await app.app.inject({ url: '/readyz' });
      expect(ahead.statusCode).toBe(503);
      expect(ahead.json().checks.migrations.detail).toMatch(
        /the database has migrations this code does not know \(9999_from_a_newer_release\)/,
      );
      expect((await app.request({ url: '/admin/api/v1/productLooks' })).statusCode).toBe(503);

      await sql`delete from kysely_migration where name = '9999_from_a_newer_release'`.execute(app.db);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await app.request({ url: '/admin/api/v1/productLooks' })).statusCode).toBe(200);
      expect((await app.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('shutdown hooks run when the app closes, after the answers in flight', async () => {
    const app = await createTestApp();
    const order: string[] = [];
    app.app.ops.onShutdown('jobs', async () => {
      order.push('jobs handed back');
    });
    app.app.ops.onShutdown('broken', () => {
      throw new Error('already stopped');
    });
    app.app.ops.onShutdown('after', () => void order.push('after'));
    await app.close();
    expect(order).toEqual(['jobs handed back', 'after']);
  });
});

describe('operator configuration', () => {
  it('database settings: defaults, whole numbers, bounds', () => {
    // The configuration's defaults are the database layer's (openDatabase without settings).
    expect(databaseSettings({})).toEqual(DEFAULT_DATABASE_SETTINGS);
    expect(DEFAULT_DATABASE_SETTINGS).toMatchObject({ poolMax: 10, statementTimeoutMs: 30_000, lockTimeoutMs: 10_000 });
    expect(databaseSettings({ DATABASE_POOL_MAX: '40', DATABASE_STATEMENT_TIMEOUT_MS: '0' })).toMatchObject({
      poolMax: 40,
      statementTimeoutMs: 0,
    });
    expect(() => databaseSettings({ DATABASE_POOL_MAX: '0' })).toThrow(/at least 1/);
    expect(() => databaseSettings({ DATABASE_LOCK_TIMEOUT_MS: '5s' })).toThrow(
      /DATABASE_LOCK_TIMEOUT_MS must be a whole number/,
    );
    expect(() => databaseSettings({ NOTIFY_HEARTBEAT_MS: '10' })).toThrow(/at least 1000/);
  });

  it('MIGRATE_ON_START: true by default; true/false/1/0, nothing else', () => {
    expect(opsConfig({}).migrateOnStart).toBe(true);
    expect(opsConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
    expect(opsConfig({ MIGRATE_ON_START: '0' }).migrateOnStart).toBe(false);
    expect(opsConfig({ MIGRATE_ON_START: 'TRUE' }).migrateOnStart).toBe(true);
    expect(() => opsConfig({ MIGRATE_ON_START: 'no' })).toThrow(/MIGRATE_ON_START must be true or false/);
  });
});
