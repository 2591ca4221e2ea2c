import { createHmac, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, unauthorized } from '../http/errors';
import { findShopByDomain, type ShopRow } from '../services/shop/shops';
import { rememberProxyPath } from '../services/storefront/proxyPath';

/**
 * App proxy requests (https://{shop}/apps/looks/… forwarded to /api/proxy/…) carry the platform's
 * signature in the query: `shop`, `logged_in_customer_id`, `path_prefix`, `timestamp` and
 * `signature`, next to the storefront's own parameters.
 *
 * Hand-written rather than @shopify/shopify-api's `validateHmac(…, { signator: 'appProxy' })`:
 * the library sorts the keys with `localeCompare` (locale-dependent; e.g. `a1` and `a`, or `B` and
 * `a`, come out in another order than the platform's byte-wise sort of the `key=value` strings,
 * so a storefront parameter such as `page1` beside `page` would fail), it reads the clock from
 * `Date.now()` (the app's clock is injectable), and it needs a configured Shopify instance that
 * standalone mode does not build. The algorithm is the platform's, as documented (PLATFORM.md §6):
 * drop `signature`; each parameter as `key=value`, values decoded and repeats joined by `,`; sort;
 * concatenate without a separator; hex HMAC-SHA256 with the app secret; constant-time compare.
 */

/** The largest clock difference accepted between the signed `timestamp` and now (as the library). */
export const APP_PROXY_MAX_AGE_SECONDS = 90;

/** Parameters the platform sets once; a repeat makes the request ambiguous and is refused. */
const SINGLE_VALUE_PARAMS = new Set(['shop', 'signature', 'timestamp', 'path_prefix', 'logged_in_customer_id']);

export interface AppProxyContext {
  /** The installed shop named by the signed `shop` parameter. */
  shop: ShopRow;
  /** Where the storefront reaches the proxy (`/apps/looks`; the merchant may change it): links start here. */
  pathPrefix: string;
  /** The signed-in customer's id, null for a guest. */
  loggedInCustomerId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `verifyAppProxy` on app proxy routes. */
    appProxy: AppProxyContext;
  }
}

/** The query of a URL as the platform signs it: every key with all its decoded values, in order. */
export function proxyQueryParams(url: string): Map<string, string[]> {
  const q = url.indexOf('?');
  const params = new Map<string, string[]>();
  if (q < 0) return params;
  for (const [key, value] of new URLSearchParams(url.slice(q + 1))) {
    const values = params.get(key);
    if (values) values.push(value);
    else params.set(key, [value]);
  }
  return params;
}

/** The hex signature of a proxied query (its `signature` parameter, if any, left out). */
export function appProxySignature(params: Map<string, string[]>, secret: string): string {
  const message = [...params]
    .filter(([key]) => key !== 'signature')
    .map(([key, values]) => `${key}=${values.join(',')}`)
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .join('');
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex');
}

/** Signs params (a query object; arrays are repeated parameters) the way the platform does; tests and the dev proxy use it. */
export function signAppProxyQuery(query: Record<string, string | string[]>, secret: string): string {
  const params = new Map<string, string[]>(Object.entries(query).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));
  const search = new URLSearchParams();
  for (const [key, values] of params) for (const value of values) search.append(key, value);
  search.append('signature', appProxySignature(params, secret));
  return search.toString();
}

export type ProxySignatureCheck =
  | { ok: true; shopDomain: string; pathPrefix: string; loggedInCustomerId: string | null }
  | { ok: false; reason: 'missing' | 'invalid' | 'stale' };

/** Checks the signature and age of a proxied request's URL. */
export function checkAppProxySignature(url: string, secret: string, now: Date): ProxySignatureCheck {
  const params = proxyQueryParams(url);
  const signature = params.get('signature');
  if (!signature || signature.length !== 1 || !signature[0]) return { ok: false, reason: 'missing' };
  for (const key of SINGLE_VALUE_PARAMS)
    if ((params.get(key)?.length ?? 0) > 1) return { ok: false, reason: 'invalid' };
  const given = Buffer.from(signature[0], 'utf8');
  const expected = Buffer.from(appProxySignature(params, secret), 'utf8');
  // Equal lengths for timingSafeEqual: a wrong length compares the digest with itself (same time).
  const matches =
    given.length === expected.length ? timingSafeEqual(given, expected) : (timingSafeEqual(expected, expected), false);
  if (!matches) return { ok: false, reason: 'invalid' };
  const timestamp = params.get('timestamp')?.[0] ?? '';
  if (!/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'invalid' };
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > APP_PROXY_MAX_AGE_SECONDS)
    return { ok: false, reason: 'stale' };
  const shopDomain = params.get('shop')?.[0] ?? '';
  if (!shopDomain) return { ok: false, reason: 'invalid' };
  const pathPrefix = params.get('path_prefix')?.[0] ?? '';
  return {
    ok: true,
    shopDomain,
    pathPrefix: /^(\/[A-Za-z0-9_-]+)+$/.test(pathPrefix) ? pathPrefix : '/apps/looks',
    loggedInCustomerId: params.get('logged_in_customer_id')?.[0] || null,
  };
}

const REASON_MESSAGES = {
  missing: 'proxy.signatureMissing',
  invalid: 'auth.invalidHmac',
  stale: 'proxy.signatureExpired',
} as const;

/**
 * Fastify preHandler of the app proxy routes: 401 (translated) on a missing, wrong or stale
 * signature; 404 unless the signed shop is a shop with this app installed. Sets `request.appProxy`
 * and `request.shop` (so services are scoped by `request.shop.id` as everywhere else) and answers
 * in the shop's locale from then on.
 */
export async function verifyAppProxy(request: FastifyRequest): Promise<void> {
  const { config, db, now } = request.server.deps;
  const check = checkAppProxySignature(request.url, config.apiSecret, now());
  if (!check.ok) throw unauthorized(REASON_MESSAGES[check.reason]);
  const shop = await findShopByDomain(db, check.shopDomain);
  if (!shop?.installedAt) throw new HttpError(404, 'proxy.shopNotFound', 'not_found');
  request.shop = shop;
  request.locale = shop.locale;
  request.appProxy = { shop, pathPrefix: check.pathPrefix, loggedInCustomerId: check.loggedInCustomerId };
}

/**
 * onSend hook of the app proxy routes: a verified request the app answered without an error tells it
 * where the storefront reaches the proxy (the signed `path_prefix` itself; check.pathPrefix falls back
 * to the default for a malformed one), which the storefront script learns through the config metafield.
 * After the answer is decided, so a rejected request changes nothing.
 */
export async function rememberVerifiedProxyPath(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (request.appProxy && reply.statusCode < 400) {
    await rememberProxyPath(
      request.server.deps.db,
      request.appProxy.shop,
      proxyQueryParams(request.url).get('path_prefix')?.[0] ?? '',
    );
  }
  return payload;
}

/**
 * The shopper's address on an app proxy request. The request comes from the platform's proxy
 * (`request.ip`, after any hops TRUST_PROXY believes); the platform names the shopper it forwards for
 * in X-Forwarded-For, the entry just before its own address (or the last one when the proxy connected
 * to us directly). Anything further left was sent by the shopper and is not believed. Falls back to
 * `request.ip`. Meant for per-shopper limits, after the signature proved the platform sent it.
 */
export function proxyShopperAddress(request: Pick<FastifyRequest, 'ip' | 'headers'>): string {
  const header = request.headers['x-forwarded-for'];
  const hops = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  const proxyAt = hops.lastIndexOf(request.ip);
  const shopper = proxyAt > 0 ? hops[proxyAt - 1] : proxyAt === -1 ? hops.at(-1) : undefined;
  return shopper && isIP(shopper) ? shopper : request.ip;
}
