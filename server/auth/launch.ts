import type { Config } from '../config';
import { verifySessionToken } from './sessionToken';
import { isShopDomain } from './oauth';

/**
 * The shop a document request may be framed by (`frame-ancestors https://{shop} https://admin.shopify.com`).
 * Like shopify-app-js `addDocumentResponseHeaders`: the sanitized `shop` query parameter, without
 * further proof — letting a shop's admin frame a page grants nothing, and documents the admin opens
 * after a redirect (the billing return, a reload) carry `shop` and `host` but no `id_token`/`hmac`.
 * Without a `shop` parameter, the shop of a valid `id_token`.
 */
export async function documentShop(
  query: Record<string, unknown>,
  config: Pick<Config, 'apiKey' | 'apiSecret'>,
): Promise<string | undefined> {
  if (query.shop !== undefined) return isShopDomain(query.shop) ? query.shop : undefined;
  if (typeof query.id_token !== 'string' || !query.id_token) return undefined;
  try {
    return (await verifySessionToken(query.id_token, config.apiKey, config.apiSecret)).shopDomain;
  } catch {
    return undefined;
  }
}
