import type { Host } from './Host';
import { createAppBridgeHost, getShopifyGlobal, rawShopifyGlobal } from './appBridgeHost';
import { createStandaloneHost } from './standaloneHost/standaloneHost';

/** APP_MODE=shopify pages carry the app's client id (the server fills it in; standalone pages have none). */
function hasAppApiKey(win: unknown): boolean {
  const doc = (win as { document?: Document } | null | undefined)?.document;
  const key = doc?.querySelector?.('meta[name="shopify-api-key"]')?.getAttribute('content') ?? '';
  return key !== '' && !key.startsWith('%');
}

/**
 * App Bridge when its `shopify` global is complete (inside Shopify admin). Inside the admin without
 * it (script blocked or slow, a partial global) the standalone host stands in, degraded: session
 * tokens from App Bridge's idToken when that exists, else the admin URL's `id_token`. Standalone otherwise.
 */
export function selectHost(win: unknown = typeof window === 'undefined' ? undefined : window): Host {
  const shopify = getShopifyGlobal(win);
  if (shopify) return createAppBridgeHost(shopify);
  const partial = rawShopifyGlobal(win);
  if (partial || hasAppApiKey(win)) {
    const appBridgeToken = partial?.idToken;
    const search = (win as { location?: { search?: string } } | null | undefined)?.location?.search ?? '';
    // The launch token's reader is a chunk of its own: only a page without App Bridge needs it.
    const tokenSource =
      typeof appBridgeToken === 'function'
        ? () => Promise.resolve((appBridgeToken as () => Promise<string>).call(partial))
        : () =>
            import(/* webpackChunkName: "launch-token" */ './launchToken').then((m) => m.launchTokenSource(search)());
    return createStandaloneHost({ degraded: true, tokenSource });
  }
  return createStandaloneHost();
}
