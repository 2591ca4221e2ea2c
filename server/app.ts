import fs from 'node:fs';
import path from 'node:path';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import fastifyStatic from '@fastify/static';
import { gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import type { Config } from './config';
import type { Db } from './db';
import { HttpError, sendHttpError } from './http/errors';
import { authPlugin, requiresSession } from './auth/plugin';
import { documentShop } from './auth/launch';
import { platformPlugin } from './platform';
import { bundleDiscountsPlugin } from './platform/discounts/plugin';
import { storefrontMetafieldsPlugin } from './platform/metafields/plugin';
import { changesPlugin } from './platform/changes/plugin';
import type { StorefrontMetafieldOptions } from './platform/metafields/storefrontMetafields';
import { securityHeaders } from './http/securityHeaders';
import { hostCheck } from './http/hostCheck';
import { fastifyTrustProxy } from './networkConfig';
import { inputValidation } from './http/input';
import shopRoutes from './routes/shop';
import eventRoutes from './routes/events';
import devRoutes from './routes/dev';
import authRoutes from './routes/auth';
import catalogRoutes from './routes/catalog';
import looksRoutes from './routes/looks';
import storefrontRoutes from './routes/storefront';
import analyticsRoutes from './routes/analytics';
import funnelRoutes from './routes/funnel';
import experimentRoutes from './routes/experiments';
import webhookRoutes from './routes/webhooks';
import flowLifecycleRoutes from './routes/flowLifecycle';
import reconciliationRoutes from './routes/reconciliation';
import billingRoutes from './routes/billing';
import galleryRoutes from './routes/gallery';
import hotspotRoutes from './routes/hotspots';
import chargeRoutes from './routes/charges';
import webVitalsRoutes from './routes/webVitals';
import proxyRoutes from './routes/proxy';
import storefrontAssetRoutes from './routes/storefrontAssets';
import fileRoutes from './routes/files';
import type { GalleryOptions } from './routes/gallery';
import { firstScreenDocument } from './ssr/firstScreenDocument';
import { opsPlugin } from './ops/plugin';
import { requestIdOf } from './ops/requestId';
import { attachJobs, JobEngine, jobCounts, type JobEngineOptions } from './jobs';
import { currentJobStats } from './ops/jobStats';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Injectable clock (tests). */
  now?: () => Date;
  /** Background work started by features (workers, timers); stopped on close. */
  onClose?: Array<() => Promise<void> | void>;
  /** Image generation pipeline knobs (generator, pool size, timeouts); tests inject fakes. */
  gallery?: GalleryOptions;
  /** Storefront metafield writer timing (debounce, sweep); tests shorten it. */
  storefrontMetafields?: Partial<StorefrontMetafieldOptions>;
  /** Job engine knobs (polling; how long a stop waits for running jobs before handing them back). */
  jobs?: Pick<JobEngineOptions, 'pollingSeconds' | 'cronMonitorSeconds' | 'monitorSeconds'> & { stopGraceMs?: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Required<Pick<AppDeps, 'config' | 'db' | 'now'>> & Pick<AppDeps, 'gallery'>;
    /** The one engine of background work (server/jobs): features register their workers while the app is built. */
    jobs: JobEngine;
  }
}

export async function buildApp(deps: AppDeps, opts: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: deps.config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    // X-Request-Id when valid, else a UUID: in every log line of the request (`reqId`) and every error answer (server/ops).
    genReqId: requestIdOf,
    requestIdHeader: false,
    ...opts,
  });
  app.decorate('deps', {
    config: deps.config,
    db: deps.db,
    now: deps.now ?? (() => new Date()),
    gallery: deps.gallery,
  });
  for (const fn of deps.onClose ?? []) app.addHook('onClose', async () => fn());
  // Started once every feature has registered its workers; stopped first on close, handing back
  // jobs still running after the grace period (another instance, or the next start, runs them).
  const jobs = new JobEngine({ db: deps.db, log: app.log, ...deps.jobs });
  app.decorate('jobs', jobs);
  attachJobs(deps.db, jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop(deps.jobs?.stopGraceMs));

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof HttpError) return sendHttpError(request, reply, error);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, too large, unsupported media type, rate limit…
      return reply.status(status).send({ message: error.message, code: error.code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error' });
  });

  // The operator surface first: request ids, load shedding and the migration gate come before any other hook.
  await app.register(opsPlugin);
  // The job engine's own readiness and counts (pg-boss, queues named `a.b`), beside what the tables hold
  // of the work not yet on it (generations, metafield outbox, catalog syncs) and the deliveries' own states.
  app.ops.readiness.register('jobs', () =>
    jobs.running ? { ok: true } : { ok: false, detail: 'the job engine (pg-boss) is not running on this instance' },
  );
  app.ops.metrics.setJobStats(async (db) => [...(await jobCounts(jobs)), ...(await currentJobStats(db))]);
  // Security headers next (so every answer has them), then the Host check, before any route or auth.
  await app.register(securityHeaders, {
    launchShop: (request) => documentShop(request.query as Record<string, unknown>, deps.config),
    privateRoute: requiresSession,
  });
  await app.register(hostCheck);
  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(inputValidation);
  await app.register(platformPlugin);
  // Look bundle discounts follow look changes (APP_MODE=shopify).
  await app.register(bundleDiscountsPlugin);
  // Storefront metafields follow looks, layout, settings, booster and catalog changes (APP_MODE=shopify).
  await app.register(storefrontMetafieldsPlugin, { options: deps.storefrontMetafields });
  await app.register(changesPlugin);
  await app.register(authPlugin);

  for (const routes of [
    shopRoutes,
    eventRoutes,
    devRoutes,
    authRoutes,
    catalogRoutes,
    looksRoutes,
    storefrontRoutes,
    analyticsRoutes,
    funnelRoutes,
    experimentRoutes,
    webhookRoutes,
    flowLifecycleRoutes,
    reconciliationRoutes,
    billingRoutes,
    galleryRoutes,
    hotspotRoutes,
    chargeRoutes,
    webVitalsRoutes,
    proxyRoutes,
    storefrontAssetRoutes,
  ]) {
    await app.register(routes);
  }

  // Uploaded, catalog and generated images, from the storage (server/storage).
  await app.register(fileRoutes);

  await registerSpa(app, deps.config);
  return app;
}

/**
 * Serves the built SPA: hashed assets cached long, index.html never cached,
 * history fallback (with the page's first screen rendered on the server when
 * its bundle is built, see server/ssr).
 */
async function registerSpa(app: FastifyInstance, config: Config) {
  const { distDir } = config;
  const indexFile = path.join(distDir, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  const indexHtml = hasSpa ? renderIndexHtml(fs.readFileSync(indexFile, 'utf8'), config) : '';
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: path.join(distDir, 'assets'),
      prefix: '/assets/',
      decorateReply: false,
      // The build's x.js.br / x.js.gz (scripts/build/precompressAssets.ts), as the browser accepts them.
      preCompressed: true,
      cacheControl: false,
      // The ETag is what a revalidation (an unhashed file) needs; Last-Modified said it again on every asset.
      lastModified: false,
      // Scripts, styles and the build's images are fetched whole: no range requests, no Accept-Ranges on each.
      acceptRanges: false,
      setHeaders(res, filePath) {
        const hashed = /\.[0-9a-f]{12}\./.test(path.basename(filePath));
        res.setHeader('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same URL is sent brotli, gzip or plain: a shared cache must keep them apart.
        res.setHeader('Vary', 'Accept-Encoding');
      },
    });
    for (const file of fs.readdirSync(distDir)) {
      if (file === 'index.html' || !fs.statSync(path.join(distDir, file)).isFile()) continue;
      app.get(`/${file}`, (_req, reply) => {
        reply.header('Cache-Control', 'public, max-age=3600');
        return reply.type(contentType(file)).send(fs.createReadStream(path.join(distDir, file)));
      });
    }
  }
  const firstScreen = hasSpa ? firstScreenDocument(app, config, indexHtml) : undefined;
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.startsWith('/admin/api/') || request.url.startsWith('/api/');
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApi &&
      hasSpa &&
      !path.extname(request.url.split('?')[0])
    ) {
      const rendered =
        request.method === 'GET' && firstScreen
          ? await firstScreen(`${request.protocol}://${request.host}${request.url}`, request.log, request.headers)
          : undefined;
      // A rendered page holds the shop's data: no shared cache keeps it.
      reply.header('Cache-Control', rendered ? 'private, no-cache' : 'no-cache').type('text/html');
      return rendered ? sendCompressed(request, reply, rendered) : reply.send(indexHtml);
    }
    return reply.status(404).send({ message: 'Not found', code: 'not_found' });
  });
}

/**
 * A rendered page (tens of KB of markup), gzipped when the browser takes it:
 * the not-found handler is not a route, so @fastify/compress leaves it alone.
 */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  reply.header('Vary', 'Accept-Encoding');
  if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(html);
  return reply.header('Content-Encoding', 'gzip').send(gzipSync(html));
}

/**
 * App Bridge's script and the API key meta tag stay only when the app runs
 * inside Shopify admin (APP_MODE=shopify); standalone pages never wait on the CDN.
 */
export function renderIndexHtml(template: string, config: Pick<Config, 'appMode' | 'apiKey'>): string {
  if (config.appMode !== 'shopify') {
    return template
      .replace(/<meta[^>]*name="?shopify-api-key"?[^>]*>\s*/g, '')
      .replace(/<script[^>]*app-bridge\.js[^>]*><\/script>\s*/g, '');
  }
  const key = config.apiKey.replace(/[^A-Za-z0-9_-]/g, '');
  return template.replace('%SHOPIFY_API_KEY%', key);
}

function contentType(file: string): string {
  const ext = path.extname(file).toLowerCase();
  return (
    {
      '.svg': 'image/svg+xml',
      '.png': 'image/png',
      '.ico': 'image/x-icon',
      '.txt': 'text/plain',
      '.json': 'application/json',
    }[ext] ?? 'application/octet-stream'
  );
}
