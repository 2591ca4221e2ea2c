import type { Config } from '../config';
import { verifySessionToken } from './sessionToken';
import { isShopDomain, verifyQueryHmac } from './oauth';

/**
 * The shop that opened the app inside the platform admin, taken from the launch
 * query (`?shop=…&host=…&id_token=…&hmac=…`) only once it is proven: by the
 * `id_token` session token (its shop must match `shop` when both are given) or
 * by the query `hmac`. Undefined when nothing proves it.
 */
export async function verifiedLaunchShop(
  query: Record<string, unknown>,
  config: Pick<Config, 'apiKey' | 'apiSecret'>,
): Promise<string | undefined> {
  const named = typeof query.shop === 'string' ? query.shop : undefined;
  if (typeof query.id_token === 'string' && query.id_token) {
    try {
      const { shopDomain } = await verifySessionToken(query.id_token, config.apiKey, config.apiSecret);
      if (named === undefined || named === shopDomain) return shopDomain;
    } catch {
      /* not proven by the token; the hmac may still prove it */
    }
  }
  if (isShopDomain(named) && typeof query.hmac === 'string' && verifyQueryHmac(query, config.apiSecret)) return named;
  return undefined;
}
