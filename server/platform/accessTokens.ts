import { HttpResponseError, RequestedTokenType, type Session } from '@shopify/shopify-api';
import type { Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { findShopByDomain, provisionShop, type ShopRow } from '../services/shop/shops';
import { encryptToken, openToken, TokenDecryptError, type TokenKeyRing } from './tokenCipher';
import { platformCall, PLATFORM_TIMEOUT_MS } from './shopifyApi';
import { underShopMutex, type Outcome } from './shopMutex';
import type { PlatformContext, ShopRef } from './context';

/**
 * The shop's Admin API token pair (APP_MODE=shopify):
 * - the first authenticated request of a shop without a token exchanges its session token for an
 *   expiring offline access token with a refresh token (managed install; no redirect);
 * - the access token is refreshed when less than REFRESH_MARGIN_MS is left and on a 401;
 * - one exchange or refresh at a time per shop: an in-process single flight, and across instances the
 *   shop's mutex (shopMutex.ts: a PostgreSQL advisory lock held on its own connection, outside any
 *   transaction) — the platform is called outside any database transaction (PGlite has one
 *   connection: a transaction held across a 15-second call would stall every other request), and the
 *   new pair is written back compare-and-swap on the envelope it replaces;
 * - a refresh drops the pair only when the platform says the grant is gone (`invalid_grant`, 400/401);
 *   429 and 5xx (and an unreachable platform) are retried with back-off, and the pair is kept;
 * - one row per shop, both tokens AES-256-GCM encrypted with the key ring (tokenCipher.ts); a row no
 *   key of the ring opens is kept as it is (another instance may hold the key) and reported.
 */
export const REFRESH_MARGIN_MS = 5 * 60_000;

/** Attempts of a refresh answered 429, 5xx or not at all, and the first back-off (doubling). */
export const REFRESH_ATTEMPTS = 4;
export const REFRESH_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;

/** How long one exchange or refresh may hold the shop's mutex (every attempt timing out, plus the back-offs). */
export const TOKEN_HOLD_MS = REFRESH_ATTEMPTS * PLATFORM_TIMEOUT_MS + 2 * MAX_BACKOFF_MS;
const MUTEX_POLL_MS = 100;

/** The shop has no usable token: a new exchange (the merchant opening the app) is needed. */
export class NoAccessTokenError extends Error {}

/** The stored pair cannot be opened with this instance's key ring (it is kept; fix TOKEN_ENCRYPTION_KEYS). */
export class TokenUnreadableError extends Error {}

/** The platform did not refresh the pair (429/5xx after every retry, unreachable); the pair is kept. */
export class TokenRefreshUnavailableError extends Error {}

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

/** A stored pair as read: the tokens, the envelopes it was read from (the compare-and-swap key) and whether an older key wrote it. */
interface StoredPair extends TokenPair {
  accessEnvelope: string;
  refreshEnvelope: string | null;
  staleKey: boolean;
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

const encryptedValues = (ring: TokenKeyRing, shopId: number, pair: TokenPair, now: Date) => ({
  accessToken: encryptToken(ring, shopId, 'access', pair.accessToken),
  expiresAt: pair.expiresAt,
  refreshToken: pair.refreshToken === null ? null : encryptToken(ring, shopId, 'refresh', pair.refreshToken),
  refreshTokenExpiresAt: pair.refreshTokenExpiresAt,
  scope: pair.scope,
  updatedAt: now,
});

/** Stores the pair of a shop: insert or replace, one statement (never two live pairs). */
export async function storeTokenPair(
  db: Db,
  ring: TokenKeyRing,
  shopId: number,
  pair: TokenPair,
  now: Date,
): Promise<void> {
  const values = encryptedValues(ring, shopId, pair, now);
  await db
    .insertInto('accessTokens')
    .values({ shopId, ...values })
    .onConflict((oc) => oc.column('shopId').doUpdateSet(values))
    .execute();
}

/**
 * Replaces the pair only if the row still holds the access envelope it was read with
 * (compare-and-swap). False when the row changed or is gone meanwhile.
 */
async function swapTokenPair(
  db: Db,
  ring: TokenKeyRing,
  shopId: number,
  expected: string,
  pair: TokenPair,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('accessTokens')
    .set(encryptedValues(ring, shopId, pair, now))
    .where('shopId', '=', shopId)
    .where('accessToken', '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The stored pair, or undefined without one. Throws TokenDecryptError when no key of the ring opens it. */
async function readStoredPair(db: Db, ring: TokenKeyRing, shopId: number): Promise<StoredPair | undefined> {
  const row = await db.selectFrom('accessTokens').selectAll().where('shopId', '=', shopId).executeTakeFirst();
  if (!row) return undefined;
  const access = openToken(ring, shopId, 'access', row.accessToken);
  const refresh = row.refreshToken === null ? null : openToken(ring, shopId, 'refresh', row.refreshToken);
  return {
    accessToken: access.value,
    expiresAt: row.expiresAt,
    refreshToken: refresh?.value ?? null,
    refreshTokenExpiresAt: row.refreshTokenExpiresAt,
    scope: row.scope,
    accessEnvelope: row.accessToken,
    refreshEnvelope: row.refreshToken,
    staleKey: access.stale || !!refresh?.stale,
  };
}

export async function readTokenPair(db: Db, ring: TokenKeyRing, shopId: number): Promise<TokenPair | undefined> {
  const stored = await readStoredPair(db, ring, shopId);
  if (!stored) return undefined;
  const { accessToken, expiresAt, refreshToken, refreshTokenExpiresAt, scope } = stored;
  return { accessToken, expiresAt, refreshToken, refreshTokenExpiresAt, scope };
}

export async function deleteTokenPair(db: Db, shopId: number): Promise<void> {
  await db.deleteFrom('accessTokens').where('shopId', '=', shopId).execute();
}

/** What a failed refresh means: the grant is gone (drop the pair), try again later, or a plain failure. */
export function refreshFailure(error: unknown): 'gone' | 'retry' | 'fail' {
  if (!(error instanceof HttpResponseError)) return 'retry'; // unreachable, timed out
  const { code, body } = error.response;
  if ((body as { error?: unknown } | undefined)?.error === 'invalid_grant' || code === 400 || code === 401)
    return 'gone';
  if (code === 429 || code >= 500) return 'retry';
  return 'fail';
}

/** The back-off before attempt `attempt + 1`: doubling from REFRESH_BACKOFF_MS, at least the platform's Retry-After. */
function backoffMs(error: unknown, attempt: number): number {
  const retryAfter =
    error instanceof HttpResponseError ? Number((error.response as { retryAfter?: number }).retryAfter) : NaN;
  const doubling = REFRESH_BACKOFF_MS * 2 ** attempt;
  return Math.min(
    MAX_BACKOFF_MS,
    Number.isFinite(retryAfter) && retryAfter > 0 ? Math.max(doubling, retryAfter * 1000) : doubling,
  );
}

export interface AccessTokens {
  /**
   * The installed shop of a verified session token: exchanges the token first when the shop has
   * no access token (exactly one exchange per shop, however many requests arrive at once).
   */
  ensureInstalled(shopDomain: string, sessionToken: string): Promise<{ shop: ShopRow; exchanged: boolean }>;
  /** A usable access token (refreshed first when it expires soon). Throws NoAccessTokenError, TokenUnreadableError. */
  accessToken(shop: ShopRef): Promise<string>;
  /**
   * Refreshes the pair. `stale`: the token in hand (expiring soon, or answered 401) — when the
   * stored token differs by the time the mutex is held, another request or instance already
   * rotated the pair and its token is returned. Throws NoAccessTokenError.
   */
  refresh(shop: ShopRef, stale?: string): Promise<string>;
  /**
   * Exchanges a request's session token for a new pair, replacing the stored one (the official
   * strategy's answer to a 401 inside an admin request). `stale`: the token that was refused — when
   * the stored one differs by then, it is returned instead.
   */
  reexchange(shop: ShopRef, sessionToken: string, stale: string): Promise<string>;
  /** Forgets the shop's token (app/uninstalled). */
  remove(shopId: number): Promise<void>;
}

export function createAccessTokens(
  ctx: PlatformContext,
  hooks: {
    /** A new shop's exchange stored its token: called inside that transaction (the install is recorded with it). */
    installed?: (trx: Transaction<Database>, shop: ShopRow) => Promise<void>;
  } = {},
): AccessTokens {
  const { db, config, shopify } = ctx;
  const ring = config.tokenKeys;
  const exchanges = new Map<string, Promise<{ shop: ShopRow; exchanged: boolean }>>();
  const refreshes = new Map<number, Promise<string>>();
  const call = <T>(fn: () => Promise<T>) => platformCall(config.adminApiBaseUrl, fn);

  /** The stored pair, or undefined; a pair this ring cannot open is reported and kept. */
  async function read(shop: ShopRef): Promise<StoredPair | undefined> {
    try {
      return await readStoredPair(db, ring, shop.id);
    } catch (error) {
      if (!(error instanceof TokenDecryptError)) throw error;
      ctx.log(
        'error',
        `the access token of ${shop.domain} cannot be decrypted with TOKEN_ENCRYPTION_KEYS (${error.message}); it is kept — add its key to the ring`,
      );
      throw new TokenUnreadableError(
        `The access token of ${shop.domain} cannot be decrypted with this instance's keys`,
      );
    }
  }

  /**
   * Holds the shop's mutex while `work` runs. While another request or instance holds it, `settled`
   * is asked every MUTEX_POLL_MS whether that holder's work already answers ours.
   */
  function underMutex<T>(shopDomain: string, settled: () => Promise<Outcome<T>>, work: () => Promise<T>): Promise<T> {
    return underShopMutex(
      db,
      `access-token:${shopDomain}`,
      {
        waitMs: TOKEN_HOLD_MS + 5_000,
        pollMs: MUTEX_POLL_MS,
        onTimeout: () => new TokenRefreshUnavailableError(`The token mutex of ${shopDomain} stayed taken`),
      },
      settled,
      work,
    );
  }

  async function exchangeToken(shopDomain: string, sessionToken: string): Promise<TokenPair> {
    try {
      const { session } = await call(() =>
        shopify.auth.tokenExchange({
          shop: shopDomain,
          sessionToken,
          requestedTokenType: RequestedTokenType.OfflineAccessToken,
          expiring: true,
        }),
      );
      return pairFrom(session);
    } catch (error) {
      const status = error instanceof HttpResponseError ? error.response.code : undefined;
      const body = error instanceof HttpResponseError ? JSON.stringify(error.response.body ?? {}) : '';
      throw new TokenExchangeError(
        `Token exchange failed${status ? ` (${status})` : ''}: ${(error as Error).message}`,
        status === 400 || status === 401 || /invalid_subject_token/.test(body),
      );
    }
  }

  async function installedWithToken(shopDomain: string): Promise<Outcome<{ shop: ShopRow; exchanged: boolean }>> {
    const existing = await findShopByDomain(db, shopDomain);
    if (!existing?.installedAt) return undefined;
    const row = await db
      .selectFrom('accessTokens')
      .select('shopId')
      .where('shopId', '=', existing.id)
      .executeTakeFirst();
    return row ? { done: { shop: existing, exchanged: false } } : undefined;
  }

  async function exchange(shopDomain: string, sessionToken: string) {
    return underMutex(
      shopDomain,
      () => installedWithToken(shopDomain),
      async () => {
        const pair = await exchangeToken(shopDomain, sessionToken);
        const shop = await db.transaction().execute(async (trx) => {
          const row = await provisionShop(trx, shopDomain, { origin: 'platform' });
          await storeTokenPair(trx, ring, row.id, pair, ctx.now());
          await hooks.installed?.(trx, row);
          return row;
        });
        return { shop, exchanged: true };
      },
    );
  }

  /** The token to use instead of refreshing, when the stored pair makes a refresh unnecessary. */
  function settledToken(current: StoredPair, stale: string | undefined): string | undefined {
    const now = ctx.now().getTime();
    const live = !current.expiresAt || current.expiresAt.getTime() > now;
    const fresh = !current.expiresAt || current.expiresAt.getTime() - now > REFRESH_MARGIN_MS;
    // Another request or instance rotated the pair meanwhile: use its token.
    if (stale !== undefined && current.accessToken !== stale && live) return current.accessToken;
    // Not due (a refresh asked for without a token in hand).
    if (stale === undefined && fresh) return current.accessToken;
    return undefined;
  }

  const gone = (shop: ShopRef) => new NoAccessTokenError(`The shop ${shop.domain} has no usable access token`);

  /** Drops the pair it was read as (not a newer one written meanwhile). */
  async function dropPair(shop: ShopRef, current: StoredPair) {
    await db
      .deleteFrom('accessTokens')
      .where('shopId', '=', shop.id)
      .where('accessToken', '=', current.accessEnvelope)
      .execute();
  }

  async function refreshPair(shop: ShopRef, current: StoredPair): Promise<string> {
    const now = ctx.now().getTime();
    if (!current.refreshToken || (current.refreshTokenExpiresAt && current.refreshTokenExpiresAt.getTime() <= now)) {
      // No refresh token, or it ran out: the grant is gone for certain.
      await dropPair(shop, current);
      throw gone(shop);
    }
    for (let attempt = 0; ; attempt += 1) {
      let session: Session;
      try {
        ({ session } = await call(() =>
          shopify.auth.refreshToken({ shop: shop.domain, refreshToken: current.refreshToken! }),
        ));
      } catch (error) {
        const failure = refreshFailure(error);
        if (failure === 'gone') {
          // The platform says the grant is gone (revoked, uninstalled): the next admin request exchanges anew.
          await dropPair(shop, current);
          throw gone(shop);
        }
        if (failure === 'retry' && attempt + 1 < REFRESH_ATTEMPTS) {
          ctx.log(
            'warn',
            `refreshing the access token of ${shop.domain} failed (${(error as Error).message}); retrying`,
          );
          await ctx.sleep(backoffMs(error, attempt));
          continue;
        }
        // Kept: the pair is still the shop's; a token that has not run out yet still works meanwhile.
        if (current.expiresAt && current.expiresAt.getTime() > ctx.now().getTime()) return current.accessToken;
        throw new TokenRefreshUnavailableError(
          `Refreshing the access token of ${shop.domain} failed: ${(error as Error).message}`,
        );
      }
      const pair = pairFrom(session);
      if (await swapTokenPair(db, ring, shop.id, current.accessEnvelope, pair, ctx.now())) return pair.accessToken;
      // The row changed under us (the shop uninstalled meanwhile): what is stored now decides.
      const now2 = await read(shop);
      if (!now2) throw gone(shop);
      return now2.accessToken;
    }
  }

  async function rotate(shop: ShopRef, stale: string | undefined): Promise<string> {
    const settled = async (): Promise<Outcome<string>> => {
      const current = await read(shop);
      if (!current) throw gone(shop);
      const token = settledToken(current, stale);
      return token === undefined ? undefined : { done: token };
    };
    const early = await settled();
    if (early) return early.done;
    return underMutex(shop.domain, settled, async () => {
      const current = await read(shop);
      if (!current) throw gone(shop);
      return refreshPair(shop, current);
    });
  }

  /** Re-encrypts a pair read with an older key of the ring with the newest (compare-and-swap; a lost race changes nothing). */
  async function reencrypt(shop: ShopRef, current: StoredPair) {
    await swapTokenPair(db, ring, shop.id, current.accessEnvelope, current, ctx.now()).catch((error) =>
      ctx.log('warn', `re-encrypting the access token of ${shop.domain} failed: ${(error as Error).message}`),
    );
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
      }
      return pending;
    },

    async accessToken(shop) {
      const pair = await read(shop);
      if (!pair) throw new NoAccessTokenError(`The shop ${shop.domain} has no access token`);
      if (pair.staleKey) await reencrypt(shop, pair);
      if (pair.expiresAt && pair.expiresAt.getTime() - ctx.now().getTime() <= REFRESH_MARGIN_MS)
        return tokens.refresh(shop, pair.accessToken);
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

    async reexchange(shop, sessionToken, stale) {
      const settled = async (): Promise<Outcome<string>> => {
        const current = await read(shop);
        return current && current.accessToken !== stale ? { done: current.accessToken } : undefined;
      };
      return underMutex(shop.domain, settled, async () => {
        const pair = await exchangeToken(shop.domain, sessionToken);
        await storeTokenPair(db, ring, shop.id, pair, ctx.now());
        return pair.accessToken;
      });
    },

    remove: (shopId) => deleteTokenPair(db, shopId),
  };
  return tokens;
}
