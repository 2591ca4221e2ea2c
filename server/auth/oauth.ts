import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import type { Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { provisionShop, type ShopRow } from '../services/shop/shops';
import { storeTokenPair, type TokenPair } from '../platform/accessTokens';

/**
 * The non-embedded fallback (APP_MODE=shopify): the authorization code grant, for the app opened
 * outside the admin. Inside the admin the managed install and token exchange need none of this.
 *   GET /api/auth?shop=…          → redirect to https://<shop>/admin/oauth/authorize (signed state)
 *   GET /api/auth/callback?…      → verify query HMAC + state, exchange the code for an offline
 *                                   access token, store it, (re)install the shop, open the app.
 */

export const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
export const isShopDomain = (shop: unknown): shop is string => typeof shop === 'string' && SHOP_DOMAIN.test(shop);

/** How long an authorize redirect stays valid. */
export const STATE_TTL_SECONDS = 600;

const hmacHex = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest('hex');

function safeEqualHex(a: string, b: string): boolean {
  if (!/^[0-9a-f]+$/i.test(a) || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));
}

/** `state`: a random nonce bound to the shop and an expiry, HMAC'd with the app secret. */
export function signState(shop: string, secret: string, nowMs = Date.now()): string {
  const payload = `${randomBytes(16).toString('hex')}.${shop}.${Math.floor(nowMs / 1000) + STATE_TTL_SECONDS}`;
  return `${payload}.${hmacHex(secret, `state:${payload}`)}`;
}

/** The cookie that binds the authorize redirect's state to the browser (shopify-api's name). */
export const STATE_COOKIE = 'shopify_app_state';

/** Sent back only to the callback, over HTTPS when the app runs on HTTPS, and on the top-level redirect from the platform (lax). */
export function stateCookieOptions(config: Pick<Config, 'appUrl'>) {
  return {
    path: '/api/auth/callback',
    httpOnly: true,
    secure: config.appUrl.startsWith('https:'),
    sameSite: 'lax' as const,
    maxAge: STATE_TTL_SECONDS,
  };
}

export function verifyState(state: unknown, shop: string, secret: string, nowMs = Date.now()): boolean {
  if (typeof state !== 'string') return false;
  const parts = state.split('.');
  if (parts.length < 4) return false;
  const signature = parts.pop()!;
  const payload = parts.join('.');
  if (!safeEqualHex(signature, hmacHex(secret, `state:${payload}`))) return false;
  const expires = Number(parts.pop());
  const stateShop = parts.slice(1).join('.');
  return stateShop === shop && Number.isFinite(expires) && expires >= Math.floor(nowMs / 1000);
}

/**
 * The platform signs redirects with `hmac`: hex HMAC-SHA256 (app secret) of
 * the query without `hmac` (and the legacy `signature`), keys sorted,
 * `k=v` joined with `&`. Compared in constant time.
 */
export function queryHmac(query: Record<string, unknown>, secret: string): string {
  const message = Object.keys(query)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k) => `${k}=${Array.isArray(query[k]) ? (query[k] as unknown[]).join(',') : String(query[k])}`)
    .join('&');
  return hmacHex(secret, message);
}

/** How far a signed query's `timestamp` may be from now (shopify-api `HMAC_TIMESTAMP_PERMITTED_CLOCK_TOLERANCE_SEC`). */
export const HMAC_TIMESTAMP_TOLERANCE_SECONDS = 90;

/**
 * A signed query as the library accepts it (shopify-api `validateHmac`): a whole-number `timestamp`
 * within 90 s of now, and an `hmac` that matches.
 */
export function verifyQueryHmac(query: Record<string, unknown>, secret: string, nowMs = Date.now()): boolean {
  const given = query.hmac;
  const timestamp =
    typeof query.timestamp === 'string' && /^\d+$/.test(query.timestamp) ? Number(query.timestamp) : NaN;
  if (!Number.isInteger(timestamp) || Math.abs(Math.trunc(nowMs / 1000) - timestamp) > HMAC_TIMESTAMP_TOLERANCE_SECONDS)
    return false;
  return typeof given === 'string' && safeEqualHex(given.toLowerCase(), queryHmac(query, secret));
}

const oauthBase = (config: Pick<Config, 'adminApiBaseUrl'>, shop: string) =>
  (config.adminApiBaseUrl ?? `https://${shop}`).replace(/\/$/, '');

/** The authorize page, asking for exactly the scopes of shopify.app.toml. */
export function authorizeUrl(
  config: Pick<Config, 'apiKey' | 'appUrl' | 'shopifyApp'>,
  shop: string,
  state: string,
): string {
  const params = new URLSearchParams({
    client_id: config.apiKey,
    scope: config.shopifyApp.scopes.join(','),
    redirect_uri: `${config.appUrl}/api/auth/callback`,
    state,
  });
  return `https://${shop}/admin/oauth/authorize?${params}`;
}

/** The app inside the platform admin: https://admin.shopify.com/store/<store>/apps/<handle>. */
export function embeddedAppUrl(shop: string, handle: string): string {
  return `https://admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, '')}/apps/${handle}`;
}

export class OauthError extends Error {}

/**
 * POST <shop>/admin/oauth/access_token with the code, asking for an expiring offline token
 * (`expiring=1`) → the token pair. (The library's OAuth begin/callback need its cookie handling
 * on raw requests; this fallback keeps its own signed state instead.)
 */
export async function exchangeCode(
  config: Pick<Config, 'apiKey' | 'apiSecret' | 'adminApiBaseUrl'>,
  shop: string,
  code: string,
  now: Date,
  fetchImpl: typeof fetch = fetch,
): Promise<TokenPair> {
  const response = await fetchImpl(`${oauthBase(config, shop)}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ client_id: config.apiKey, client_secret: config.apiSecret, code, expiring: '1' }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new OauthError(`Access token request failed (${response.status})`);
  const body = (await response.json()) as Record<string, unknown>;
  if (typeof body.access_token !== 'string' || !body.access_token)
    throw new OauthError('No access token in the answer');
  const at = (seconds: unknown) =>
    typeof seconds === 'number' && seconds > 0 ? new Date(now.getTime() + seconds * 1000) : null;
  return {
    accessToken: body.access_token,
    expiresAt: at(body.expires_in),
    refreshToken: typeof body.refresh_token === 'string' && body.refresh_token ? body.refresh_token : null,
    refreshTokenExpiresAt: at(body.refresh_token_expires_in),
    scope: typeof body.scope === 'string' ? body.scope : '',
  };
}

/**
 * Stores the shop's token pair (encrypted, replacing any earlier pair) and (re)installs the shop;
 * `installed` records what follows the install in the same transaction (the platform's lifecycle).
 */
export async function completeInstall(
  db: Db,
  config: Pick<Config, 'tokenKeys'>,
  shop: string,
  pair: TokenPair,
  now: Date,
  installed?: (trx: Transaction<Database>, shop: ShopRow) => Promise<void>,
): Promise<ShopRow> {
  return db.transaction().execute(async (trx) => {
    const row = await provisionShop(trx, shop, { origin: 'platform' });
    await storeTokenPair(trx, config.tokenKeys, row.id, pair, now);
    await installed?.(trx, row);
    return row;
  });
}
