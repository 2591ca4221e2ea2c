import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import underPressure from '@fastify/under-pressure';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { poolStatsFor, type Db } from '../db';
import { describeMigrationStatus, migrationStatus } from '../db/migrate';
import { notifierFor } from '../db/notify';
import { localeFromAcceptLanguage, translate } from '../i18n';
import { isLoopbackHost } from '../networkConfig';
import { Readiness } from './readiness';
import { OpsMetrics } from './metrics';
import { REQUEST_ID_HEADER } from './requestId';

/** What features plug into the operator surface. */
export interface Ops {
  /** GET /readyz's checks: `register('jobs', …)` replaces the built-in one of that name. */
  readiness: Readiness;
  /** GET /metrics: `setJobStats(…)` for the job engine, `addSseSource(…)` for event streams. */
  metrics: OpsMetrics;
  /** Work to hand back when the server closes, after in-flight requests are answered (the job engine's stop). */
  onShutdown(name: string, fn: () => Promise<void> | void): void;
  /** Set once shutdown begins: /readyz answers 503 so the load balancer stops sending traffic. */
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ops: Ops;
  }
}

/** The operator's routes: unauthenticated (metrics has its own rule), never shed, not logged at info. */
export const OPS_ROUTES = ['/healthz', '/readyz', '/metrics'];

/** Seconds a shed request is told to wait (Retry-After). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * MIGRATE_ON_START=false against PostgreSQL: the instance never migrates and must not serve a
 * database whose migrations differ from its code. The embedded PGlite always migrates at start.
 */
export const migratesAtStart = (config: Pick<Config, 'databaseUrl' | 'ops'>): boolean =>
  !config.databaseUrl || config.ops.migrateOnStart;

const sha256 = (value: string) => createHash('sha256').update(value).digest();

/** Bearer METRICS_TOKEN, or without one a direct loopback connection (a proxy on this host adds X-Forwarded-For). */
export function metricsAllowed(request: FastifyRequest, token: string | undefined): boolean {
  if (token) {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    // Equal-length digests: timingSafeEqual needs them, and the comparison leaks nothing about the token.
    return !!match && timingSafeEqual(sha256(match[1]), sha256(token));
  }
  const forwarded = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !forwarded && isLoopbackHost(request.socket.remoteAddress ?? '');
}

const localeOf = (request: FastifyRequest) => localeFromAcceptLanguage(request.headers['accept-language']) ?? 'en';

/**
 * The operator surface (docs/ARCHITECTURE.md, README "Run several instances"): request ids in the
 * answer header and in every error body, /healthz, /readyz, /metrics, load shedding with
 * @fastify/under-pressure, the migration gate and the shutdown hooks. Registered first in buildApp.
 */
export const opsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, db } = app.deps;
    const readiness = new Readiness();
    const metrics = new OpsMetrics({ db, poolStats: poolStatsFor(db), warn: (obj, msg) => app.log.warn(obj, msg) });
    const shutdownHooks = new Map<string, () => Promise<void> | void>();
    const ops: Ops = {
      readiness,
      metrics,
      onShutdown: (name, fn) => void shutdownHooks.set(name, fn),
      draining: false,
    };
    app.decorate('ops', ops);

    // --- request ids (Fastify's genReqId is requestIdOf, set in buildApp) ---------------------
    app.addHook('onRequest', async (request, reply) => {
      reply.header(REQUEST_ID_HEADER, request.id);
    });
    app.addHook('preSerialization', async (request, reply, payload: unknown) => {
      if (reply.statusCode < 400 || !payload || typeof payload !== 'object' || Array.isArray(payload)) return payload;
      return { ...payload, requestId: request.id };
    });
    app.addHook('onResponse', async (request, reply) => metrics.observeRequest(request, reply));

    // --- readiness ----------------------------------------------------------------------------
    const gate = migrationGate(db, !migratesAtStart(config));
    readiness.register('database', async () => {
      await sql`select 1`.execute(db);
      return { ok: true };
    });
    readiness.register('migrations', async () => {
      const status = await gate.status();
      // An instance that migrated at start, or passed the gate, serves: a later release's migrations
      // are additive (expand, then contract one release later), so they show here without failing it.
      return { ok: status.current || gate.open(), detail: describeMigrationStatus(status) };
    });
    readiness.register('notifications', () => {
      const notifier = notifierFor(db);
      if (!notifier) return { ok: false, detail: 'no notifier on this database' };
      return notifier.listening
        ? { ok: true }
        : {
            ok: false,
            detail: 'the LISTEN connection is down (reconnecting); caches and event streams may miss changes',
          };
    });
    // The job engine registers its own 'jobs' check; until then, today's in-process workers.
    readiness.register('jobs', () => ({
      ok: true,
      detail:
        'in-process background work of this instance (generation workers, webhook queue, metafield writer, catalog reconciler); no job engine registered',
    }));
    readiness.register('shutdown', () => (ops.draining ? { ok: false, detail: 'shutting down' } : { ok: true }));

    // --- load shedding -------------------------------------------------------------------------
    if (config.ops.maxEventLoopDelayMs > 0) {
      await app.register(underPressure, {
        maxEventLoopDelay: config.ops.maxEventLoopDelayMs,
        retryAfter: RETRY_AFTER_SECONDS,
        // The handler's answer is sent as is (under-pressure sends a non-null return value).
        pressureHandler: ((request: FastifyRequest, reply: FastifyReply) => {
          // The build's files (the page's scripts, styles, logo) are sent from disk with next to no work;
          // refusing them breaks a page whose HTML has already gone out (seen right after a start on a
          // busy host: an unstyled dashboard). They pass; the API and the documents wait.
          if (isBuildFile(request)) return undefined;
          reply.status(503).header('Retry-After', String(RETRY_AFTER_SECONDS));
          return { message: translate(localeOf(request), 'ops.busy'), code: 'under_pressure' };
        }) as unknown as () => void,
      });
    }

    // --- migration gate ------------------------------------------------------------------------
    app.addHook('onRequest', async (request, reply) => {
      if (gate.open() || OPS_ROUTES.includes(request.routeOptions.url ?? '')) return;
      if ((await gate.status()).current) return;
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ message: translate(localeOf(request), 'ops.notReady'), code: 'migrations_not_current' });
    });

    // --- routes ---------------------------------------------------------------------------------
    const opsRoute = { logLevel: 'warn' as const, config: { pressureHandler: () => undefined } };
    app.get('/healthz', opsRoute, async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' };
    });
    app.get('/readyz', opsRoute, async (_request, reply) => {
      const report = await readiness.run();
      reply.header('Cache-Control', 'no-store');
      return reply
        .status(report.ready ? 200 : 503)
        .send({ status: report.ready ? 'ready' : 'not_ready', checks: report.checks });
    });
    app.get('/metrics', opsRoute, async (request, reply) => {
      // Operator-facing answers (never a merchant's screen): English.
      if (!metricsAllowed(request, config.ops.metricsToken)) {
        reply.header('Cache-Control', 'no-store');
        if (config.ops.metricsToken) {
          return reply.status(401).header('WWW-Authenticate', 'Bearer').send({
            message: 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>',
            code: 'metrics_unauthorized',
          });
        }
        return reply.status(403).send({
          message:
            'GET /metrics answers direct loopback connections only; set METRICS_TOKEN to scrape it from elsewhere',
          code: 'metrics_forbidden',
        });
      }
      const { contentType, body } = await metrics.text();
      return reply.header('Cache-Control', 'no-store').type(contentType).send(body);
    });

    // --- shutdown hooks: after in-flight requests (Fastify closes the server before onClose hooks) ---
    app.addHook('onClose', async () => {
      ops.draining = true;
      for (const [name, fn] of shutdownHooks) {
        try {
          await fn();
        } catch (error) {
          app.log.error({ err: error }, `shutdown: ${name} failed`);
        }
      }
    });
  },
  { name: 'ops' },
);

/**
 * Open when the instance migrated at start or found the database's migrations equal to its code;
 * closed instances re-read the status (at most once a second) until `npm run migrate` has run.
 */
function migrationGate(db: Db, enforced: boolean) {
  let passed = !enforced;
  let cached: { at: number; value: ReturnType<typeof migrationStatus> } | undefined;
  return {
    open: () => passed,
    status() {
      const now = Date.now();
      if (!cached || now - cached.at > 1000) {
        const value = migrationStatus(db);
        value.catch(() => (cached = undefined));
        cached = { at: now, value };
      }
      return cached.value.then((s) => {
        if (s.current) passed = true;
        return s;
      });
    },
  };
}

/** A GET of the built SPA's static files: `/assets/…` and the files at the build's root (`/logo.svg`…). */
function isBuildFile(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0];
  return path.startsWith('/assets/') || /^\/[\w.-]+\.(svg|png|ico|webmanifest|txt)$/.test(path);
}
