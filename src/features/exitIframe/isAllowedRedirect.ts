export const PLATFORM_ADMIN_HOST = 'admin.shopify.com';
export const STORE_DOMAIN_SUFFIX = '.myshopify.com';

/**
 * /exitiframe may only navigate to the app itself (the current host), the
 * platform admin, or a store domain. Returns the absolute URL to go to, or
 * null when the target is not allowed (or not a http(s) URL at all).
 */
export function allowedRedirect(redirectUri: string | null | undefined, currentHost: string): string | null {
  if (!redirectUri) return null;
  let url: URL;
  try {
    url = new URL(redirectUri, `https://${currentHost}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const host = url.host.toLowerCase();
  const hostname = url.hostname.toLowerCase();
  const allowed =
    host === currentHost.toLowerCase() ||
    hostname === PLATFORM_ADMIN_HOST ||
    (hostname.endsWith(STORE_DOMAIN_SUFFIX) &&
      hostname.length > STORE_DOMAIN_SUFFIX.length &&
      !hostname.startsWith('.'));
  return allowed ? url.toString() : null;
}
