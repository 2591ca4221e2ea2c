import { createHash } from 'node:crypto';
import path from 'node:path';
import { DEFAULT_HOST, parseAllowedHosts, parseTrustProxy, type TrustProxy } from './networkConfig';
import { readAppToml, type AppToml } from './appToml';

export type AppMode = 'standalone' | 'shopify';

export interface Config {
  port: number;
  /** Interface to listen on (HOST, default 127.0.0.1: loopback only). */
  host: string;
  /** Host names requests may address (any port); others get 421. */
  allowedHosts: string[];
  /** Proxies trusted for X-Forwarded-* (TRUST_PROXY; off by default). */
  trustProxy: TrustProxy;
  appMode: AppMode;
  /** Public URL of this app (used for confirmation pages, storefront links). */
  appUrl: string;
  dataDir: string;
  databaseUrl?: string;
  apiKey: string;
  apiSecret: string;
  /** True when the dev key pair is used because none was configured. */
  usesDevKeys: boolean;
  logLevel: string;
  distDir: string;
  /** Admin pages' first screen rendered on the server (server/ssr; SSR=0 turns it off). */
  serverRender?: boolean;
  seedDemo: boolean;
  /** Base URL of the platform Admin API and OAuth endpoints (default https://<shop>; injectable for tests / fakes). */
  adminApiBaseUrl?: string;
  /** shopify.app.toml: scopes (managed install; the OAuth fallback requests the same), handle, API version. */
  shopifyApp: AppToml;
  /** AES-256 key of the Admin API tokens at rest (TOKEN_ENCRYPTION_KEY; derived from the secret outside shopify mode). */
  tokenEncryptionKey: Buffer;
  /** Who makes the AI images and finds products in photos (IMAGE_PROVIDER; server/services/gallery/providers). */
  imageProvider: ImageProviderConfig;
  /** The shop's catalog from the Admin API (APP_MODE=shopify). */
  catalog: CatalogConfig;
  /** Months of raw storefront funnel events kept before their monthly partition is dropped (FUNNEL_RETENTION_MONTHS, default 13); the daily roll-ups stay. */
  funnelRetentionMonths: number;
}

export const DEV_API_KEY = 'shoppable-looks-dev-key';
export const DEV_API_SECRET = 'shoppable-looks-dev-secret-do-not-use-in-production';
export const DEMO_SHOP_DOMAIN = 'demo-shop.myshopify.com';

/** Folder under the data dir where uploads, catalog and generated images live (served at /files/). */
export const filesDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'files');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const appMode: AppMode = env.APP_MODE === 'shopify' ? 'shopify' : 'standalone';
  if (appMode === 'shopify' && (!env.SHOPIFY_API_KEY || !env.SHOPIFY_API_SECRET)) {
    throw new Error('APP_MODE=shopify needs SHOPIFY_API_KEY and SHOPIFY_API_SECRET');
  }
  const usesDevKeys = !env.SHOPIFY_API_KEY || !env.SHOPIFY_API_SECRET;
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST?.trim() || DEFAULT_HOST,
    allowedHosts: parseAllowedHosts(appUrl, env.ALLOWED_HOSTS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    appMode,
    appUrl,
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    apiKey: usesDevKeys ? DEV_API_KEY : env.SHOPIFY_API_KEY!,
    apiSecret: usesDevKeys ? DEV_API_SECRET : env.SHOPIFY_API_SECRET!,
    usesDevKeys,
    logLevel: env.LOG_LEVEL ?? 'info',
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    serverRender: env.SSR !== '0',
    seedDemo: appMode === 'standalone' && env.SEED_DEMO !== '0',
    adminApiBaseUrl: env.SHOPIFY_ADMIN_API_BASE_URL || undefined,
    shopifyApp: readAppToml(env.SHOPIFY_APP_TOML || undefined),
    tokenEncryptionKey: tokenEncryptionKey(env, appMode, usesDevKeys ? DEV_API_SECRET : env.SHOPIFY_API_SECRET!),
    imageProvider: imageProviderConfig(env),
    catalog: catalogConfig(env),
    funnelRetentionMonths: funnelRetentionMonths(env.FUNNEL_RETENTION_MONTHS),
  };
}

export const DEFAULT_FUNNEL_RETENTION_MONTHS = 13;

/** FUNNEL_RETENTION_MONTHS: a whole number of months, 1–120 (unset: 13, a year and the month before it). */
export function funnelRetentionMonths(value: string | undefined): number {
  const raw = value?.trim();
  if (!raw) return DEFAULT_FUNNEL_RETENTION_MONTHS;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > 120) throw new Error(`FUNNEL_RETENTION_MONTHS must be a whole number of months from 1 to 120, not "${raw}"`);
  return n;
}

export type ImageProviderName = 'local' | 'openai' | 'gemini';

export interface ImageProviderConfig {
  /** `local`: the built-in composer (sharp; free, offline). `openai` / `gemini`: the provider's image API. */
  name: ImageProviderName;
  openai: { apiKey?: string; baseURL?: string; imageModel: string; visionModel: string; quality: 'low' | 'medium' | 'high' | 'auto' };
  gemini: { apiKey?: string; baseUrl?: string; imageModel: string; visionModel: string };
  /** One request's timeout (IMAGE_PROVIDER_TIMEOUT_MS, default 120 s). */
  timeoutMs: number;
  /** Retries of 429/5xx with backoff before a failure is final (IMAGE_PROVIDER_RETRIES, default 2). */
  retries: number;
  /** First backoff delay (IMAGE_PROVIDER_RETRY_DELAY_MS, default 1,000 ms; OpenAI's SDK uses its own and the answer's retry-after). */
  retryDelayMs: number;
}

const QUALITIES = ['low', 'medium', 'high', 'auto'] as const;

/** IMAGE_PROVIDER and its keys; a provider without its key refuses to start (no silent fallback to the composer). */
export function imageProviderConfig(env: NodeJS.ProcessEnv): ImageProviderConfig {
  const name = (env.IMAGE_PROVIDER?.trim() || 'local') as ImageProviderName;
  if (!['local', 'openai', 'gemini'].includes(name)) throw new Error(`IMAGE_PROVIDER must be local, openai or gemini, not "${name}"`);
  if (name === 'openai' && !env.OPENAI_API_KEY) throw new Error('IMAGE_PROVIDER=openai needs OPENAI_API_KEY');
  if (name === 'gemini' && !env.GEMINI_API_KEY) throw new Error('IMAGE_PROVIDER=gemini needs GEMINI_API_KEY');
  const quality = (env.OPENAI_IMAGE_QUALITY?.trim() || 'medium') as ImageProviderConfig['openai']['quality'];
  if (!QUALITIES.includes(quality)) throw new Error(`OPENAI_IMAGE_QUALITY must be one of ${QUALITIES.join(', ')}, not "${quality}"`);
  return {
    name,
    openai: {
      apiKey: env.OPENAI_API_KEY || undefined,
      baseURL: env.OPENAI_BASE_URL || undefined,
      imageModel: env.OPENAI_IMAGE_MODEL || 'gpt-image-2',
      visionModel: env.OPENAI_VISION_MODEL || 'gpt-5.4-mini',
      quality,
    },
    gemini: {
      apiKey: env.GEMINI_API_KEY || undefined,
      baseUrl: env.GEMINI_BASE_URL || undefined,
      imageModel: env.GEMINI_IMAGE_MODEL || 'gemini-3.1-flash-image',
      visionModel: env.GEMINI_VISION_MODEL || 'gemini-flash-latest',
    },
    timeoutMs: wholeNumber('IMAGE_PROVIDER_TIMEOUT_MS', env.IMAGE_PROVIDER_TIMEOUT_MS, 120_000, 600_000) || 120_000,
    retries: wholeNumber('IMAGE_PROVIDER_RETRIES', env.IMAGE_PROVIDER_RETRIES, 2, 10),
    retryDelayMs: wholeNumber('IMAGE_PROVIDER_RETRY_DELAY_MS', env.IMAGE_PROVIDER_RETRY_DELAY_MS, 1000, 60_000),
  };
}

export interface CatalogConfig {
  /** Above this many products the first sync reads the catalog with a bulk operation (CATALOG_BULK_THRESHOLD, default 2,000). */
  bulkThreshold: number;
  /** Minutes between `updated_at` reconciliations of the installed shops' catalogs (CATALOG_RECONCILE_MINUTES, default 15; 0: off). */
  reconcileMinutes: number;
}

function wholeNumber(name: string, value: string | undefined, fallback: number, max: number): number {
  const raw = value?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n > max) throw new Error(`${name} must be a whole number from 0 to ${max}, not "${raw}"`);
  return n;
}

export function catalogConfig(env: NodeJS.ProcessEnv): CatalogConfig {
  return {
    bulkThreshold: wholeNumber('CATALOG_BULK_THRESHOLD', env.CATALOG_BULK_THRESHOLD, 2000, 10_000_000),
    reconcileMinutes: wholeNumber('CATALOG_RECONCILE_MINUTES', env.CATALOG_RECONCILE_MINUTES, 15, 7 * 24 * 60),
  };
}

/**
 * TOKEN_ENCRYPTION_KEY: 32 bytes as 64 hex digits or base64. Required in shopify mode; standalone
 * (and tests without one) derive a key from the API secret, as they only hold demo tokens.
 */
export function tokenEncryptionKey(env: NodeJS.ProcessEnv, appMode: AppMode, apiSecret: string): Buffer {
  const raw = env.TOKEN_ENCRYPTION_KEY?.trim();
  if (!raw) {
    if (appMode === 'shopify') throw new Error('APP_MODE=shopify needs TOKEN_ENCRYPTION_KEY (32 bytes, hex or base64: openssl rand -base64 32)');
    return createHash('sha256').update(`shoppable-looks access tokens:${apiSecret}`).digest();
  }
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
  if (key.length !== 32) throw new Error('TOKEN_ENCRYPTION_KEY must be 32 bytes (64 hex digits or base64)');
  return key;
}
