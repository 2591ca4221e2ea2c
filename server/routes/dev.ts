import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signSessionToken } from '../auth/sessionToken';
import { isShopDomain } from '../auth/oauth';
import { DEMO_SHOP_DOMAIN } from '../config';
import { badRequest, forbidden } from '../http/errors';
import { findShopByDomain } from '../services/shop/shops';

/** Lifetime of a dev session token, in seconds (the platform's are a minute too). */
export const DEV_TOKEN_TTL_SECONDS = 60;

/**
 * True for a request another site's page made: Sec-Fetch-Site `cross-site` or
 * `same-site` (another origin on the same site, e.g. another localhost port), or
 * an Origin that is neither APP_URL's nor this request's own (Host is checked
 * before any route). Direct navigations and non-browser clients send neither.
 */
export function isForeignRequest(req: FastifyRequest, appUrl: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  const own = new Set([originOf(appUrl), originOf(`${req.protocol}://${req.host}`)]);
  return !own.has(originOf(origin) ?? 'null');
}

function originOf(url: string): string | undefined {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * Standalone mode only (absent, so 404, in APP_MODE=shopify): hands the
 * standalone host a session token, signed like the platform signs them, for
 * the demo shop or `?shop=` — only a shop the standalone app itself made
 * (origin `standalone`). It never creates a shop, and refuses other sites' pages.
 */
export default async function devRoutes(app: FastifyInstance) {
  const { config, db } = app.deps;
  if (config.appMode !== 'standalone') return;
  app.get<{ Querystring: { shop?: unknown } }>('/api/dev/session-token', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (isForeignRequest(req, config.appUrl)) throw forbidden('devToken.foreignRequest', 'foreign_request');
    const shopDomain = req.query.shop ?? DEMO_SHOP_DOMAIN;
    if (!isShopDomain(shopDomain)) throw badRequest('auth.invalidShop', 'invalid_shop');
    const shop = await findShopByDomain(db, shopDomain);
    if (!shop || shop.origin !== 'standalone' || !shop.installedAt) {
      throw forbidden('devToken.unknownShop', 'unknown_shop');
    }
    const token = await signSessionToken(shop.domain, config.apiKey, config.apiSecret, {
      ttlSeconds: DEV_TOKEN_TTL_SECONDS,
    });
    return { token, expiresIn: DEV_TOKEN_TTL_SECONDS };
  });
}
