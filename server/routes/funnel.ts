import type { FastifyInstance, FastifyReply } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { API_PREFIX } from '../../src/contracts/api';
import { funnelBatchSchema } from '../../src/contracts/funnel.schema';
import { adminRoute } from '../http/adminRoute';
import type { FunnelEventBatch } from '../../src/contracts/storefront';
import { DEMO_SHOP_DOMAIN } from '../config';
import type { Db } from '../db';
import type { YupTypeProvider } from '../http/validate';
import { badRequest, notFound } from '../http/errors';
import { proxyShopperAddress, rememberVerifiedProxyPath, verifyAppProxy } from '../auth/appProxy';
import { clientAddressKey, sharedRateLimitStore, tooManyRequests } from '../http/rateLimitStore';
import { getFunnel } from '../services/analytics/funnel';
import { recordFunnelBatch, type FunnelShop } from '../services/analytics/funnelIngest';
import { maintainFunnelStorage } from '../services/analytics/funnelPartitions';

export const FUNNEL_PATH = `${API_PREFIX}/analytics/funnel`;
export const DEMO_EVENTS_PATH = '/api/storefront/events';
export const PROXY_EVENTS_PATH = '/api/proxy/events';
/**
 * Event batches per minute, counted in the shared rate_limits table: per client address on the demo
 * endpoint; through the app proxy (whose requests all come from the platform's few proxy addresses)
 * per signed shop and shopper address, checked after the signature.
 */
export const FUNNEL_RATE_LIMIT = { max: 600, timeWindow: 60_000 };
/** 50 events of ~150 bytes each, with room to spare. */
export const FUNNEL_BODY_LIMIT = 16 * 1024;
/** The maintenance step (partitions ahead, retention, dedup pruning): every 6 hours, one instance of the cluster (job `funnel.maintain`). */
export const MAINTENANCE_CRON = '23 */6 * * *';

/** The storefront funnel: the admin's report, the two event endpoints and the storage maintenance. */
export default async function funnelRoutes(app: FastifyInstance) {
  const { db, config, now } = app.deps;

  adminRoute(app, 'GET /analytics/funnel', async (req) => getFunnel(db, req.shop.id, req.query.since, req.query.until));

  await app.register(eventRoutes);

  await app.jobs.work('funnel.maintain', async () => {
    const r = await maintainFunnelStorage(db, now(), config.funnelRetentionMonths);
    if (r.created.length || r.dropped.length) app.log.info(r, 'funnel storage maintained');
  });
  await app.jobs.schedule('funnel.maintain', MAINTENANCE_CRON, {});
}

/** POST /api/storefront/events (demo storefront) and /api/proxy/events (stores, signed by the app proxy): public, rate-limited, bounded. */
async function eventRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db, config, now } = app.deps;
  const shops = shopCache(db);
  // navigator.sendBeacon with a string body sends text/plain: the same JSON.
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest('validation.invalidBody', 'invalid_body'), undefined);
    }
  });
  await app.register(rateLimit, {
    ...FUNNEL_RATE_LIMIT,
    // After the app proxy's signature check (a preValidation of its route), so the key can trust its shop.
    hook: 'preHandler',
    keyGenerator: (req) =>
      req.appProxy
        ? `proxy:${req.appProxy.shop.id}:${clientAddressKey(proxyShopperAddress(req))}`
        : `ip:${clientAddressKey(req.ip)}`,
    store: sharedRateLimitStore(db, now, 'funnel-events'),
    errorResponseBuilder: (_req, ctx) => tooManyRequests('Analytics.errors.tooManyEvents', ctx.ttl),
  });

  const ingest = async (shop: FunnelShop | undefined, batch: FunnelEventBatch, reply: FastifyReply) => {
    if (!shop) throw notFound('Analytics.errors.unknownShop');
    return reply.status(202).send(await recordFunnelBatch(db, shop, batch, now()));
  };

  /** The demo storefront (standalone mode): the demo shop, or the shop its `?shop=` names. */
  app.post(
    DEMO_EVENTS_PATH,
    { bodyLimit: FUNNEL_BODY_LIMIT, schema: { body: funnelBatchSchema } },
    async (req, reply) => {
      if (config.appMode !== 'standalone') throw notFound();
      const { shop } = req.query as { shop?: unknown };
      const domain = typeof shop === 'string' && SHOP_DOMAIN.test(shop) ? shop : DEMO_SHOP_DOMAIN;
      return ingest(await shops.get(domain), req.body as FunnelEventBatch, reply);
    },
  );

  /** A store through the app proxy (POST /apps/looks/events): the shop comes from the signed parameters only. */
  app.post(
    PROXY_EVENTS_PATH,
    {
      bodyLimit: FUNNEL_BODY_LIMIT,
      preValidation: verifyAppProxy,
      onSend: rememberVerifiedProxyPath,
      schema: { body: funnelBatchSchema },
    },
    async (req, reply) => ingest({ id: req.shop.id, timezone: req.shop.timezone }, req.body as FunnelEventBatch, reply),
  );
}

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** Installed shops by domain for a minute (every batch names its shop; the embedded database pays per query). */
function shopCache(db: Db) {
  const entries = new Map<string, { shop: FunnelShop | undefined; expires: number }>();
  return {
    async get(domain: string): Promise<FunnelShop | undefined> {
      const hit = entries.get(domain);
      if (hit && hit.expires > Date.now()) return hit.shop;
      const row = await db
        .selectFrom('shops')
        .select(['id', 'timezone'])
        .where('domain', '=', domain)
        .where('installedAt', 'is not', null)
        .executeTakeFirst();
      if (entries.size > 10_000) entries.clear();
      entries.set(domain, { shop: row, expires: Date.now() + 60_000 });
      return row;
    },
  };
}
