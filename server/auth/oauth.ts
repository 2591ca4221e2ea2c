import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';
import type { Db } from '../db';
import { provisionShop, type ShopRow } from '../services/shop/shops';

/**
 * The platform's OAuth install flow (authorization code grant), APP_MODE=shopify:
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

export function verifyQueryHmac(query: Record<string, unknown>, secret: string): boolean {
  const given = query.hmac;
  return typeof given === 'string' && safeEqualHex(given.toLowerCase(), queryHmac(query, secret));
}

const oauthBase = (config: Pick<Config, 'adminApiBaseUrl'>, shop: string) =>
  (config.adminApiBaseUrl ?? `https://${shop}`).replace(/\/$/, '');

export function authorizeUrl(config: Pick<Config, 'apiKey' | 'apiSecret' | 'appUrl' | 'scopes'>, shop: string, state: string): string {
  const params = new URLSearchParams({
    client_id: config.apiKey,
    scope: config.scopes,
    redirect_uri: `${config.appUrl}/api/auth/callback`,
    state,
  });
  return `https://${shop}/admin/oauth/authorize?${params}`;
}

/** The app inside the platform admin: https://admin.shopify.com/store/<store>/apps/<api key>. */
export function embeddedAppUrl(shop: string, apiKey: string): string {
  return `https://admin.shopify.com/store/${shop.replace(/\.myshopify\.com$/, '')}/apps/${apiKey}`;
}

export class OauthError extends Error {}

/** POST <shop>/admin/oauth/access_token → { access_token, scope }. */
export async function exchangeCode(
  config: Pick<Config, 'apiKey' | 'apiSecret' | 'adminApiBaseUrl'>,
  shop: string,
  code: string,
  fetchImpl: typeof fetch = fetch,
): Promise<{ accessToken: string; scope: string }> {
  const response = await fetchImpl(`${oauthBase(config, shop)}/admin/oauth/access_token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ client_id: config.apiKey, client_secret: config.apiSecret, code }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new OauthError(`Access token request failed (${response.status})`);
  const body = (await response.json()) as { access_token?: unknown; scope?: unknown };
  if (typeof body.access_token !== 'string' || !body.access_token) throw new OauthError('No access token in the answer');
  return { accessToken: body.access_token, scope: typeof body.scope === 'string' ? body.scope : '' };
}

/** Stores the shop's access token and (re)installs the shop. */
export async function completeInstall(db: Db, shop: string, token: { accessToken: string; scope: string }): Promise<ShopRow> {
  const row = await provisionShop(db, shop);
  await db
    .insertInto('oauthSessions')
    .values({ shopId: row.id, accessToken: token.accessToken, scope: token.scope, updatedAt: new Date() })
    .onConflict((oc) => oc.column('shopId').doUpdateSet({ accessToken: token.accessToken, scope: token.scope, updatedAt: new Date() }))
    .execute();
  return row;
}
