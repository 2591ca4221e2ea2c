import type { ShopRef } from './context';

/**
 * The session token an admin request was authenticated with, beside the shop row that request
 * carries (request.shop): the Admin API client re-exchanges it when the platform answers 401 and the
 * stored pair cannot be refreshed, as the official token-exchange strategy does. A WeakMap, so the
 * token lives no longer than the request's shop object and never reaches a log or a copy of the row.
 */
const sessionTokens = new WeakMap<object, string>();

export function attachSessionToken<T extends ShopRef>(shop: T, sessionToken: string): T {
  sessionTokens.set(shop, sessionToken);
  return shop;
}

export function sessionTokenOf(shop: ShopRef): string | undefined {
  return sessionTokens.get(shop);
}
