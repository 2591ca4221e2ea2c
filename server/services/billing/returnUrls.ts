import type { Config } from '../../config';

/** The app's page inside the admin: https://admin.shopify.com/store/<store>/apps/<handle> (handle from shopify.app.toml). */
export function adminAppUrl(shopDomain: string, handle: string): string {
  return `https://admin.shopify.com/store/${shopDomain.replace(/\.myshopify\.com$/, '')}/apps/${handle}`;
}

/**
 * Where the merchant comes back after deciding on a charge (`returnUrl`): in shopify mode the app's
 * page inside the admin (the admin loads `pathAndQuery` in the app's frame, never APP_URL on its
 * own); standalone, the origin the merchant opened the app at (APP_URL when unknown).
 */
export function chargeReturnUrl(
  config: Pick<Config, 'appMode' | 'appUrl' | 'shopifyApp'>,
  shopDomain: string,
  pathAndQuery: string,
  origin?: string,
): string {
  if (config.appMode === 'shopify') return `${adminAppUrl(shopDomain, config.shopifyApp.handle)}${pathAndQuery}`;
  return `${origin ?? config.appUrl}${pathAndQuery}`;
}

/** The origin a request was made to (`protocol://host`), or undefined when the Host header is unusable. */
export function requestOrigin(protocol: string, host: string | undefined): string | undefined {
  if (!host || !/^[a-z0-9.:[\]-]+$/i.test(host) || (protocol !== 'http' && protocol !== 'https')) return undefined;
  return `${protocol}://${host}`;
}

/** Query parameters the admin adds when it loads an app page, kept when the app redirects within its frame. */
export const EMBEDDED_PARAMS = ['shop', 'host', 'embedded'] as const;

/**
 * A page of the app after a charge decision, as a path on the origin the return arrived at: the
 * merchant's own origin standalone, the app's frame inside the admin (with the admin's shop/host
 * parameters, which App Bridge reads on load).
 */
export function appPagePath(
  pathAndQuery: string,
  embedded: Partial<Record<(typeof EMBEDDED_PARAMS)[number], string>> = {},
): string {
  const url = new URL(pathAndQuery, 'http://app.invalid');
  // Only a page the admin loaded (it always passes host) carries them on.
  if (!embedded.host) return `${url.pathname}${url.search}`;
  for (const key of EMBEDDED_PARAMS) {
    const value = embedded[key];
    if (typeof value === 'string' && value && /^[A-Za-z0-9._=-]{1,255}$/.test(value)) url.searchParams.set(key, value);
  }
  return `${url.pathname}${url.search}`;
}
