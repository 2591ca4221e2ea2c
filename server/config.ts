import { derivedTokenKeyRing, parseTokenKeyRing, type TokenKeyRing } from './tokenKeys';
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
  /** AES-256 keys of the Admin API tokens at rest, newest first (TOKEN_ENCRYPTION_KEYS or TOKEN_ENCRYPTION_KEY; derived from the secret outside shopify mode). */
  tokenKeys: TokenKeyRing;
  /** Who makes the AI images and finds products in photos (IMAGE_PROVIDER; server/services/gallery/providers). */
  imageProvider: ImageProviderConfig;
  /** The shop's catalog from the Admin API (APP_MODE=shopify). */
  catalog: CatalogConfig;
  /** Months of raw storefront funnel events kept before their monthly partition is dropped (FUNNEL_RETENTION_MONTHS, default 13); the daily roll-ups stay. */
  funnelRetentionMonths: number;
  /** PostgreSQL pool and per-connection limits (DATABASE_*; server/db). */
  database: DatabaseSettings;
  /** Operator surface: migrations at start, metrics, load shedding, shutdown (server/ops). */
  ops: OpsConfig;
  /** Where the app's files live (server/storage): the local directory or an S3-compatible bucket, and their public base URL. */
  files: FilesConfig;
}

export interface DatabaseSettings {
  /** Connections per instance (DATABASE_POOL_MAX, default 10). */
  poolMax: number;
  /** Waiting for a connection (or for the server to accept one) fails after this long (DATABASE_CONNECT_TIMEOUT_MS, default 10 s). */
  connectTimeoutMs: number;
  /** statement_timeout of every connection (DATABASE_STATEMENT_TIMEOUT_MS, default 30 s; 0: none). */
  statementTimeoutMs: number;
  /** lock_timeout of every connection (DATABASE_LOCK_TIMEOUT_MS, default 10 s; 0: none). */
  lockTimeoutMs: number;
  /** idle_in_transaction_session_timeout of every connection (DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS, default 60 s; 0: none). */
  idleInTransactionTimeoutMs: number;
  /** A query on the LISTEN connection this often proves it alive (NOTIFY_HEARTBEAT_MS, default 30 s). */
  notifyHeartbeatMs: number;
}

export interface OpsConfig {
  /** Apply migrations at start (MIGRATE_ON_START, default true). False: `npm run migrate` is a release step and this instance refuses a database whose migrations differ from its code. */
  migrateOnStart: boolean;
  /** Bearer token of GET /metrics (METRICS_TOKEN). Unset: /metrics answers direct loopback connections only. */
  metricsToken?: string;
  /** Longest event-loop delay before requests are shed with 503 + Retry-After (MAX_EVENT_LOOP_DELAY_MS, default 1000; 0: off). */
  maxEventLoopDelayMs: number;
  /** Longest shutdown: in-flight requests and running jobs get this long before the process exits anyway (SHUTDOWN_TIMEOUT_MS, default 25 s). */
  shutdownTimeoutMs: number;
}

/** S3-compatible object storage (AWS S3, Cloudflare R2, MinIO, Google Cloud Storage's XML interop). */
export interface S3Config {
  /** S3_BUCKET: setting it turns the S3 backend on. */
  bucket: string;
  /** S3_REGION (default us-east-1; R2 takes `auto`). */
  region: string;
  /** S3_ENDPOINT: another service than AWS (R2, MinIO, GCS: https://storage.googleapis.com). */
  endpoint?: string;
  /** S3_FORCE_PATH_STYLE=true: http://host/bucket/key instead of http://bucket.host/key (MinIO, most self-hosted servers). */
  forcePathStyle: boolean;
  /** S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY (both or neither; neither: the AWS SDK's default chain — AWS_* variables, instance or task role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

export interface FilesConfig {
  /** The local directory (DATA_DIR/files): the backend unless S3_BUCKET is set. */
  dir: string;
  s3?: S3Config;
  /**
   * FILES_PUBLIC_URL: the base a file's key is appended to in storefront and metafield URLs (a CDN, or the
   * bucket's public address); unset: the app's own `${APP_URL}/files`.
   */
  publicUrl: string;
}

export const DEV_API_KEY = 'shoppable-looks-dev-key';
export const DEV_API_SECRET = 'shoppable-looks-dev-secret-do-not-use-in-production';
export const DEMO_SHOP_DOMAIN = 'demo-shop.myshopify.com';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const appMode: AppMode = env.APP_MODE === 'shopify' ? 'shopify' : 'standalone';
  if (appMode === 'shopify' && (!env.SHOPIFY_API_KEY || !env.SHOPIFY_API_SECRET)) {
    throw new Error('APP_MODE=shopify needs SHOPIFY_API_KEY and SHOPIFY_API_SECRET');
  }
  const usesDevKeys = !env.SHOPIFY_API_KEY || !env.SHOPIFY_API_SECRET;
  const appUrl = (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  return {
    port,
    host: env.HOST?.trim() || DEFAULT_HOST,
    allowedHosts: parseAllowedHosts(appUrl, env.ALLOWED_HOSTS),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    appMode,
    appUrl,
    dataDir,
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
    tokenKeys: tokenKeyRing(env, appMode, usesDevKeys ? DEV_API_SECRET : env.SHOPIFY_API_SECRET!),
    imageProvider: imageProviderConfig(env),
    catalog: catalogConfig(env),
    funnelRetentionMonths: funnelRetentionMonths(env.FUNNEL_RETENTION_MONTHS),
    database: databaseSettings(env),
    ops: opsConfig(env),
    files: filesConfig(env, dataDir, appUrl),
  };
}

const DAY_MS = 24 * 60 * 60_000;

export function databaseSettings(env: NodeJS.ProcessEnv): DatabaseSettings {
  const poolMax = wholeNumber('DATABASE_POOL_MAX', env.DATABASE_POOL_MAX, 10, 1000);
  if (poolMax < 1) throw new Error('DATABASE_POOL_MAX must be at least 1');
  const notifyHeartbeatMs = wholeNumber('NOTIFY_HEARTBEAT_MS', env.NOTIFY_HEARTBEAT_MS, 30_000, DAY_MS);
  if (notifyHeartbeatMs < 1000) throw new Error('NOTIFY_HEARTBEAT_MS must be at least 1000');
  return {
    poolMax,
    connectTimeoutMs: wholeNumber('DATABASE_CONNECT_TIMEOUT_MS', env.DATABASE_CONNECT_TIMEOUT_MS, 10_000, DAY_MS),
    statementTimeoutMs: wholeNumber('DATABASE_STATEMENT_TIMEOUT_MS', env.DATABASE_STATEMENT_TIMEOUT_MS, 30_000, DAY_MS),
    lockTimeoutMs: wholeNumber('DATABASE_LOCK_TIMEOUT_MS', env.DATABASE_LOCK_TIMEOUT_MS, 10_000, DAY_MS),
    idleInTransactionTimeoutMs: wholeNumber(
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      60_000,
      DAY_MS,
    ),
    notifyHeartbeatMs,
  };
}

/** An http(s) URL without a trailing slash; `name` names the variable in the error. */
function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s) URL, not "${value}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name} must be an http(s) URL, not "${value}"`);
  if (url.search || url.hash || url.username || url.password)
    throw new Error(`${name} must be a plain base URL (no query, fragment or credentials)`);
  return value.replace(/\/+$/, '');
}

/** true/false/1/0 (unset: the fallback). */
function flag(name: string, value: string | undefined, fallback: boolean): boolean {
  const raw = value?.trim().toLowerCase();
  if (!raw) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw new Error(`${name} must be true or false, not "${value}"`);
}

export function opsConfig(env: NodeJS.ProcessEnv): OpsConfig {
  const metricsToken = env.METRICS_TOKEN?.trim() || undefined;
  // A bearer token anyone could guess protects nothing.
  if (metricsToken && metricsToken.length < 16)
    throw new Error('METRICS_TOKEN must be at least 16 characters (openssl rand -hex 16)');
  return {
    migrateOnStart: flag('MIGRATE_ON_START', env.MIGRATE_ON_START, true),
    metricsToken,
    maxEventLoopDelayMs: wholeNumber('MAX_EVENT_LOOP_DELAY_MS', env.MAX_EVENT_LOOP_DELAY_MS, 1000, 60_000),
    shutdownTimeoutMs: wholeNumber('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 25_000, 10 * 60_000),
  };
}

/** DATA_DIR/files, or the S3_* bucket; FILES_PUBLIC_URL (default `${APP_URL}/files`). */
export function filesConfig(env: NodeJS.ProcessEnv, dataDir: string, appUrl: string): FilesConfig {
  const bucket = env.S3_BUCKET?.trim();
  const publicUrl = env.FILES_PUBLIC_URL?.trim()
    ? httpUrl('FILES_PUBLIC_URL', env.FILES_PUBLIC_URL.trim())
    : `${appUrl}/files`;
  const files: FilesConfig = { dir: path.join(dataDir, 'files'), publicUrl };
  if (!bucket) {
    const stray = [
      'S3_ENDPOINT',
      'S3_REGION',
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
      'S3_FORCE_PATH_STYLE',
    ].filter((n) => env[n]?.trim());
    if (stray.length)
      throw new Error(
        `${stray.join(', ')} set without S3_BUCKET: set S3_BUCKET to store files in a bucket, or unset them`,
      );
    return files;
  }
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(`S3_BUCKET must be a bucket name (3–63 lowercase letters, digits, dots, hyphens), not "${bucket}"`);
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!!accessKeyId !== !!secretAccessKey)
    throw new Error(
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither (the AWS SDK default credentials)',
    );
  const sessionToken = env.S3_SESSION_TOKEN?.trim() || undefined;
  return {
    ...files,
    s3: {
      bucket,
      region: env.S3_REGION?.trim() || 'us-east-1',
      endpoint: env.S3_ENDPOINT?.trim() ? httpUrl('S3_ENDPOINT', env.S3_ENDPOINT.trim()) : undefined,
      forcePathStyle: flag('S3_FORCE_PATH_STYLE', env.S3_FORCE_PATH_STYLE, false),
      credentials:
        accessKeyId && secretAccessKey
          ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }
          : undefined,
    },
  };
}

export const DEFAULT_FUNNEL_RETENTION_MONTHS = 13;

/** FUNNEL_RETENTION_MONTHS: a whole number of months, 1–120 (unset: 13, a year and the month before it). */
export function funnelRetentionMonths(value: string | undefined): number {
  const raw = value?.trim();
  if (!raw) return DEFAULT_FUNNEL_RETENTION_MONTHS;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > 120)
    throw new Error(`FUNNEL_RETENTION_MONTHS must be a whole number of months from 1 to 120, not "${raw}"`);
  return n;
}

export type ImageProviderName = 'local' | 'openai' | 'gemini';

export interface ImageProviderConfig {
  /** `local`: the built-in composer (sharp; free, offline). `openai` / `gemini`: the provider's image API. */
  name: ImageProviderName;
  openai: {
    apiKey?: string;
    baseURL?: string;
    imageModel: string;
    visionModel: string;
    quality: 'low' | 'medium' | 'high' | 'auto';
  };
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
  if (!['local', 'openai', 'gemini'].includes(name))
    throw new Error(`IMAGE_PROVIDER must be local, openai or gemini, not "${name}"`);
  if (name === 'openai' && !env.OPENAI_API_KEY) throw new Error('IMAGE_PROVIDER=openai needs OPENAI_API_KEY');
  if (name === 'gemini' && !env.GEMINI_API_KEY) throw new Error('IMAGE_PROVIDER=gemini needs GEMINI_API_KEY');
  const quality = (env.OPENAI_IMAGE_QUALITY?.trim() || 'medium') as ImageProviderConfig['openai']['quality'];
  if (!QUALITIES.includes(quality))
    throw new Error(`OPENAI_IMAGE_QUALITY must be one of ${QUALITIES.join(', ')}, not "${quality}"`);
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
 * TOKEN_ENCRYPTION_KEYS (`<id>:<key>,…`, newest first) or TOKEN_ENCRYPTION_KEY (one key): 32 bytes each
 * as 64 hex digits or base64. Required in shopify mode; standalone (and tests without one) derive a key
 * from the API secret, as they only hold demo tokens.
 */
export function tokenKeyRing(env: NodeJS.ProcessEnv, appMode: AppMode, apiSecret: string): TokenKeyRing {
  const ring = parseTokenKeyRing(env);
  if (ring) return ring;
  if (appMode === 'shopify')
    throw new Error(
      'APP_MODE=shopify needs TOKEN_ENCRYPTION_KEYS or TOKEN_ENCRYPTION_KEY (32 bytes, hex or base64: openssl rand -base64 32)',
    );
  return derivedTokenKeyRing(apiSecret);
}
