import type { FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { addToCartEventSchema } from '../../src/contracts/analytics.schema';
import { adminRoute } from '../http/adminRoute';
import type { YupTypeProvider } from '../http/validate';
import { badRequest, forbidden } from '../http/errors';
import { getStats } from '../services/analytics/stats';
import { listShopOrders } from '../services/analytics/orders';
import { recordAddToCart } from '../services/analytics/addToCart';
import { clientAddressKey, sharedRateLimitStore, tooManyRequests } from '../http/rateLimitStore';

export const ADD_TO_CART_PATH = '/api/storefront/add-to-cart';
/** Add-to-cart events per client address (request.ip) and minute, counted in the shared rate_limits table. */
export const ADD_TO_CART_RATE_LIMIT = { max: 120, timeWindow: 60_000 };

/** HTTP routes of the analytics feature: stats and orders (admin), storefront add-to-cart. Orders arrive by webhook (routes/webhooks.ts). */
export default async function analyticsRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  adminRoute(app, 'GET /stats', async (req) => {
    const q = req.query;
    checkRange(q.fromDate, q.toDate);
    return getStats(db, req.shop, q);
  });

  adminRoute(app, 'GET /shopOrders', async (req) => {
    const q = req.query;
    checkRange(q.fromDate, q.toDate);
    return listShopOrders(db, config, req.shop, {
      page: q.page,
      limit: q.limit,
      fromDate: q.fromDate,
      toDate: q.toDate,
    });
  });

  await app.register(addToCartRoutes);
}

function checkRange(from?: string, to?: string) {
  if (from && to && from > to) throw badRequest('Analytics.errors.invalidRange', 'invalid_range');
}

const originNotAllowed = () => forbidden('Analytics.errors.originNotAllowed', 'origin_not_allowed');

/** Origins allowed to call the public add-to-cart endpoint: storefronts of the platform and this app's demo storefront. */
export function isAllowedStorefrontOrigin(origin: string | undefined, appUrl: string): boolean {
  if (!origin) return true; // not a browser cross-origin call (server-side, same-origin navigation)
  try {
    const url = new URL(origin);
    if (url.origin === new URL(appUrl).origin) return true;
    return url.protocol === 'https:' && url.hostname.endsWith('.myshopify.com');
  } catch {
    return false;
  }
}

/** POST /api/storefront/add-to-cart: public, CORS-limited, rate-limited, bounded body. */
async function addToCartRoutes(app: FastifyInstance) {
  const { db, config, now } = app.deps;
  await app.register(cors, {
    origin: (origin, cb) => cb(null, isAllowedStorefrontOrigin(origin, config.appUrl)),
    methods: ['POST'],
    allowedHeaders: ['Content-Type'],
    maxAge: 600,
    preflight: false,
  });
  await app.register(rateLimit, {
    ...ADD_TO_CART_RATE_LIMIT,
    keyGenerator: (req) => `ip:${clientAddressKey(req.ip)}`,
    store: sharedRateLimitStore(db, now, 'add-to-cart'),
    errorResponseBuilder: (_req, ctx) => tooManyRequests('Analytics.errors.tooManyAddToCart', ctx.ttl),
  });
  // Preflight for this one path (a global OPTIONS * route would clash with other features).
  app.options(ADD_TO_CART_PATH, { config: { rateLimit: false } }, async (req, reply) => {
    const origin = req.headers.origin;
    if (!isAllowedStorefrontOrigin(origin, config.appUrl)) throw originNotAllowed();
    if (origin) reply.header('Access-Control-Allow-Origin', origin).header('Vary', 'Origin');
    return reply
      .header('Access-Control-Allow-Methods', 'POST')
      .header('Access-Control-Allow-Headers', 'Content-Type')
      .header('Access-Control-Max-Age', '600')
      .status(204)
      .send();
  });
  app
    .withTypeProvider<YupTypeProvider>()
    .post(ADD_TO_CART_PATH, { bodyLimit: 2048, schema: { body: addToCartEventSchema } }, async (req, reply) => {
      if (!isAllowedStorefrontOrigin(req.headers.origin, config.appUrl)) throw originNotAllowed();
      const event = req.body;
      await recordAddToCart(db, event, now());
      return reply.status(204).send();
    });
}
