import { AsyncLocalStorage } from 'node:async_hooks';
import '@shopify/shopify-api/adapters/node';
import { ApiVersion, LogSeverity, shopifyApi, type Shopify } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import type { Config } from '../config';

/**
 * The platform's maintained library (@shopify/shopify-api) does the token exchange, the refresh
 * and the Admin GraphQL requests. It always addresses `https://{shop}`; SHOPIFY_ADMIN_API_BASE_URL
 * (the test seam, e.g. the local stand-in of the Admin API) is honoured by the one fetch the
 * library uses: inside `platformCall(base, fn)` every `https://{shop}/…` it requests goes to
 * `{base}/…` instead. The base travels in an AsyncLocalStorage, so two apps in one process (tests)
 * can point at different stand-ins.
 */
const adminBase = new AsyncLocalStorage<string | undefined>();

/** Every request the library makes times out (a hung platform must not hold a request forever). */
export const PLATFORM_TIMEOUT_MS = 15_000;

setAbstractFetchFunc(async (input: RequestInfo | URL, init?: RequestInit) => {
  const base = adminBase.getStore();
  let url = input instanceof Request ? input.url : String(input);
  if (base) {
    const target = new URL(url);
    url = `${base.replace(/\/$/, '')}${target.pathname}${target.search}`;
  }
  return globalThis.fetch(url, { ...init, signal: init?.signal ?? AbortSignal.timeout(PLATFORM_TIMEOUT_MS) });
});

/** Runs fn with the library's requests sent to `base` (when set) instead of https://{shop}. */
export function platformCall<T>(base: string | undefined, fn: () => Promise<T>): Promise<T> {
  return adminBase.run(base, fn);
}

export type PlatformLog = (level: 'error' | 'warn' | 'info', message: string) => void;

/** The library configured from the app's config and shopify.app.toml. */
export function createShopifyApi(config: Config, log: PlatformLog = () => undefined): Shopify {
  const apiVersion = Object.values(ApiVersion).find((v) => v === config.shopifyApp.apiVersion);
  if (!apiVersion)
    throw new Error(
      `shopify.app.toml: webhooks.api_version ${config.shopifyApp.apiVersion} is not supported by @shopify/shopify-api`,
    );
  const appUrl = new URL(config.appUrl);
  return shopifyApi({
    apiKey: config.apiKey,
    apiSecretKey: config.apiSecret,
    scopes: config.shopifyApp.scopes,
    hostName: appUrl.host,
    hostScheme: appUrl.protocol === 'http:' ? 'http' : 'https',
    apiVersion,
    isEmbeddedApp: true,
    logger: {
      level: LogSeverity.Warning,
      httpRequests: false,
      timestamps: false,
      log: async (severity, message) =>
        log(severity === LogSeverity.Error ? 'error' : severity === LogSeverity.Warning ? 'warn' : 'info', message),
    },
  });
}
