import path from 'node:path';

export type AppMode = 'standalone' | 'shopify';

export interface Config {
  port: number;
  host: string;
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
  seedDemo: boolean;
  /** Base URL of the platform Admin API and OAuth endpoints (default https://<shop>; injectable for tests / fakes). */
  adminApiBaseUrl?: string;
  /** OAuth scopes requested on install (APP_MODE=shopify). */
  scopes: string;
  imageApiUrl?: string;
  imageApiKey?: string;
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
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    appMode,
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    apiKey: usesDevKeys ? DEV_API_KEY : env.SHOPIFY_API_KEY!,
    apiSecret: usesDevKeys ? DEV_API_SECRET : env.SHOPIFY_API_SECRET!,
    usesDevKeys,
    logLevel: env.LOG_LEVEL ?? 'info',
    distDir: path.resolve(env.DIST_DIR ?? './dist'),
    seedDemo: appMode === 'standalone' && env.SEED_DEMO !== '0',
    adminApiBaseUrl: env.SHOPIFY_ADMIN_API_BASE_URL || undefined,
    scopes: env.SCOPES || 'read_products,write_discounts',
    imageApiUrl: env.IMAGE_API_URL || undefined,
    imageApiKey: env.IMAGE_API_KEY || undefined,
  };
}
