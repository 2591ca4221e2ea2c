import { sql } from 'kysely';
import { HttpResponseError, RequestedTokenType, type Session } from '@shopify/shopify-api';
import type { Db } from '../db';
import { findShopByDomain, provisionShop, type ShopRow } from '../services/shop/shops';
import { decryptToken, encryptToken } from './tokenCipher';
import { platformCall } from './shopifyApi';
import type { PlatformContext, ShopRef } from './context';

/**
 * The shop's Admin API token pair (APP_MODE=shopify):
 * - the first authenticated request of a shop without a token exchanges its session token for an
 *   expiring offline access token with a refresh token (managed install; no redirect);
 * - the access token is refreshed when less than REFRESH_MARGIN_MS is left and on a 401 — one refresh
 *   at a time per shop: an in-process single flight, and in the database the token row locked
 *   (SELECT … FOR UPDATE) and re-read, so two instances never both rotate the pair;
 * - one row per shop, replaced in one statement, both tokens AES-256-GCM encrypted.
 */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/** The shop has no usable token: a new exchange (the merchant opening the app) is needed. */
export class NoAccessTokenError extends Error {}

/** The exchange failed; `invalidSessionToken` when the platform refused the session token itself. */
export class TokenExchangeError extends Error {
  constructor(
    message: string,
    readonly invalidSessionToken: boolean,
  ) {
    super(message);
  }
}

export interface TokenPair {
  accessToken: string;
  expiresAt: Date | null;
  refreshToken: string | null;
  refreshTokenExpiresAt: Date | null;
  scope: string;
}

const pairFrom = (session: Session): TokenPair => {
  if (!session.accessToken) throw new Error('The platform answered without an access token');
  return {
    accessToken: session.accessToken,
    expiresAt: session.expires ?? null,
    refreshToken: session.refreshToken ?? null,
    refreshTokenExpiresAt: session.refreshTokenExpires ?? null,
    scope: session.scope ?? '',
  };
};

/** Stores the pair of a shop: insert or replace, one statement (never two live pairs). */
export async function storeTokenPair(db: Db, key: Buffer, shopId: number, pair: TokenPair, now: Date): Promise<void> {
  const values = {
    accessToken: encryptToken(key, shopId, 'access', pair.accessToken),
    expiresAt: pair.expiresAt,
    refreshToken: pair.refreshToken === null ? null : encryptToken(key, shopId, 'refresh', pair.refreshToken),
    refreshTokenExpiresAt: pair.refreshTokenExpiresAt,
    scope: pair.scope,
    updatedAt: now,
  };
  await db
    .insertInto('accessTokens')
    .values({ shopId, ...values })
    .onConflict((oc) => oc.column('shopId').doUpdateSet(values))
    .execute();
}

export async function readTokenPair(db: Db, key: Buffer, shopId: number, forUpdate = false): Promise<TokenPair | undefined> {
  let query = db.selectFrom('accessTokens').selectAll().where('shopId', '=', shopId);
  if (forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return {
    accessToken: decryptToken(key, shopId, 'access', row.accessToken),
    expiresAt: row.expiresAt,
    refreshToken: row.refreshToken === null ? null : decryptToken(key, shopId, 'refresh', row.refreshToken),
    refreshTokenExpiresAt: row.refreshTokenExpiresAt,
    scope: row.scope,
  };
}

export async function deleteTokenPair(db: Db, shopId: number): Promise<void> {
  await db.deleteFrom('accessTokens').where('shopId', '=', shopId).execute();
}

export interface AccessTokens {
  /**
   * The installed shop of a verified session token: exchanges the token first when the shop has
   * no access token (exactly one exchange per shop, however many requests arrive at once).
   */
  ensureInstalled(shopDomain: string, sessionToken: string): Promise<{ shop: ShopRow; exchanged: boolean }>;
  /** A usable access token (refreshed first when it expires soon). Throws NoAccessTokenError. */
  accessToken(shop: ShopRef): Promise<string>;
  /**
   * Refreshes the pair. `stale`: the token in hand (expiring soon, or answered 401) — when the
   * stored token differs by the time the lock is held, another request or instance already
   * rotated the pair and its token is returned. Throws NoAccessTokenError.
   */
  refresh(shop: ShopRef, stale?: string): Promise<string>;
  /** Forgets the shop's token (app/uninstalled). */
  remove(shopId: number): Promise<void>;
}

export function createAccessTokens(ctx: PlatformContext, hooks: { onExchanged?: (shop: ShopRow) => void } = {}): AccessTokens {
  const { db, config, shopify } = ctx;
  const key = config.tokenEncryptionKey;
  const exchanges = new Map<string, Promise<{ shop: ShopRow; exchanged: boolean }>>();
  const refreshes = new Map<number, Promise<string>>();
  const call = <T>(fn: () => Promise<T>) => platformCall(config.adminApiBaseUrl, fn);

  async function exchange(shopDomain: string, sessionToken: string) {
    return db.transaction().execute(async (trx) => {
      // Serializes installs of this shop across instances; re-check after the lock.
      await sql`select pg_advisory_xact_lock(hashtext(${`access_tokens:${shopDomain}`}))`.execute(trx);
      const existing = await findShopByDomain(trx, shopDomain);
      if (existing?.installedAt) {
        const row = await trx.selectFrom('accessTokens').select('shopId').where('shopId', '=', existing.id).executeTakeFirst();
        if (row) return { shop: existing, exchanged: false };
      }
      let session: Session;
      try {
        ({ session } = await call(() =>
          shopify.auth.tokenExchange({
            shop: shopDomain,
            sessionToken,
            requestedTokenType: RequestedTokenType.OfflineAccessToken,
            expiring: true,
          }),
        ));
      } catch (error) {
        const status = error instanceof HttpResponseError ? error.response.code : undefined;
        const body = error instanceof HttpResponseError ? JSON.stringify(error.response.body ?? {}) : '';
        throw new TokenExchangeError(
          `Token exchange failed${status ? ` (${status})` : ''}: ${(error as Error).message}`,
          status === 400 || status === 401 || /invalid_subject_token/.test(body),
        );
      }
      const shop = await provisionShop(trx, shopDomain, { origin: 'platform' });
      await storeTokenPair(trx, key, shop.id, pairFrom(session), ctx.now());
      return { shop, exchanged: true };
    });
  }

  async function rotate(shop: ShopRef, stale: string | undefined): Promise<string> {
    const outcome = await db.transaction().execute(async (trx) => {
      const current = await readTokenPair(trx, key, shop.id, true);
      if (!current) return { gone: true as const };
      const now = ctx.now().getTime();
      const live = !current.expiresAt || current.expiresAt.getTime() > now;
      const fresh = !current.expiresAt || current.expiresAt.getTime() - now > REFRESH_MARGIN_MS;
      // Another request or instance rotated the pair while we waited for the lock: use its token.
      if (stale !== undefined && current.accessToken !== stale && live) return { token: current.accessToken };
      // Not due (a refresh asked for without a token in hand).
      if (stale === undefined && fresh) return { token: current.accessToken };
      const refreshUsable = current.refreshToken && (!current.refreshTokenExpiresAt || current.refreshTokenExpiresAt.getTime() > now);
      if (!refreshUsable) {
        await deleteTokenPair(trx, shop.id);
        return { gone: true as const };
      }
      let session: Session;
      try {
        ({ session } = await call(() => shopify.auth.refreshToken({ shop: shop.domain, refreshToken: current.refreshToken! })));
      } catch (error) {
        if (error instanceof HttpResponseError && error.response.code >= 400 && error.response.code < 500) {
          // The pair is dead (revoked, uninstalled): forget it, the next admin request exchanges anew.
          await deleteTokenPair(trx, shop.id);
          return { gone: true as const };
        }
        throw error;
      }
      const pair = pairFrom(session);
      await storeTokenPair(trx, key, shop.id, pair, ctx.now());
      return { token: pair.accessToken };
    });
    if ('gone' in outcome) throw new NoAccessTokenError(`The shop ${shop.domain} has no usable access token`);
    return outcome.token;
  }

  const tokens: AccessTokens = {
    async ensureInstalled(shopDomain, sessionToken) {
      // The usual case, one query: an installed shop with a token.
      const found = await db
        .selectFrom('shops')
        .leftJoin('accessTokens', 'accessTokens.shopId', 'shops.id')
        .selectAll('shops')
        .select('accessTokens.shopId as tokenShopId')
        .where('shops.domain', '=', shopDomain)
        .executeTakeFirst();
      if (found?.installedAt && found.tokenShopId !== null) {
        const { tokenShopId: _, ...shop } = found;
        return { shop, exchanged: false };
      }
      let pending = exchanges.get(shopDomain);
      if (!pending) {
        pending = exchange(shopDomain, sessionToken).finally(() => exchanges.delete(shopDomain));
        exchanges.set(shopDomain, pending);
        // Once per exchange, however many requests wait on it (e.g. the first catalog sync).
        pending.then((r) => r.exchanged && hooks.onExchanged?.(r.shop)).catch(() => undefined);
      }
      return pending;
    },

    async accessToken(shop) {
      let pair: TokenPair | undefined;
      try {
        pair = await readTokenPair(db, key, shop.id);
      } catch {
        // Not readable with this TOKEN_ENCRYPTION_KEY (the key was changed): forget it; the next
        // request from the admin exchanges a new token.
        await deleteTokenPair(db, shop.id);
        ctx.log('warn', `the access token of ${shop.domain} could not be decrypted (TOKEN_ENCRYPTION_KEY changed?); it was dropped`);
      }
      if (!pair) throw new NoAccessTokenError(`The shop ${shop.domain} has no access token`);
      if (pair.expiresAt && pair.expiresAt.getTime() - ctx.now().getTime() <= REFRESH_MARGIN_MS) return tokens.refresh(shop, pair.accessToken);
      return pair.accessToken;
    },

    refresh(shop, stale) {
      let pending = refreshes.get(shop.id);
      if (!pending) {
        pending = rotate(shop, stale).finally(() => refreshes.delete(shop.id));
        refreshes.set(shop.id, pending);
      }
      return pending;
    },

    remove: (shopId) => deleteTokenPair(db, shopId),
  };
  return tokens;
}
