import type { FastifyBaseLogger } from 'fastify';
import { HttpError, unauthorized } from '../http/errors';
import { TokenExchangeError } from '../platform/accessTokens';
import type { Platform } from '../platform';
import { attachSessionToken } from '../platform/requestSession';
import type { ShopRow } from '../services/shop/shops';

/** App Bridge fetches a new session token and retries the request once when an answer carries this. */
export const RETRY_INVALID_SESSION_HEADER = 'X-Shopify-Retry-Invalid-Session-Request';

/**
 * APP_MODE=shopify: the installed shop of a verified session token. A shop without an access token
 * (first request after the managed install, or after a reinstall) gets one by token exchange first;
 * concurrent first requests share that one exchange.
 */
export async function installedShop(
  platform: Platform,
  shopDomain: string,
  sessionToken: string,
  log: FastifyBaseLogger,
): Promise<ShopRow> {
  try {
    const { shop, exchanged } = await platform.tokens.ensureInstalled(shopDomain, sessionToken);
    if (exchanged) log.info({ shop: shopDomain }, 'access token exchanged');
    // This request's Admin API calls may re-exchange it on a 401 (adminApi.ts).
    return attachSessionToken(shop, sessionToken);
  } catch (error) {
    if (error instanceof TokenExchangeError && error.invalidSessionToken) {
      log.warn({ shop: shopDomain, err: error }, 'token exchange refused');
      throw unauthorized('auth.invalidToken', { [RETRY_INVALID_SESSION_HEADER]: '1' });
    }
    log.error({ shop: shopDomain, err: error }, 'token exchange failed');
    throw new HttpError(503, 'auth.exchangeUnavailable', 'token_exchange_unavailable');
  }
}
