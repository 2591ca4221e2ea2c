import type { Host } from './Host';
import { createAppBridgeHost, getShopifyGlobal } from './appBridgeHost';
import { createStandaloneHost } from './standaloneHost/standaloneHost';

/** App Bridge when its `shopify` global is present (inside Shopify admin), standalone otherwise. */
export function selectHost(win: unknown = typeof window === 'undefined' ? undefined : window): Host {
  const shopify = getShopifyGlobal(win);
  return shopify ? createAppBridgeHost(shopify) : createStandaloneHost();
}
