import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle, type Db } from '../db';
import { signSessionToken } from '../auth/sessionToken';
import { provisionShop, type ShopRow } from '../services/shop/shops';
import { seedDemo } from '../demo';
import { createDatabase, dropDatabase, TEST_DATABASE_URL, uniqueDatabaseName } from './postgres';

/** The AES-256 key (hex) test apps encrypt Admin API tokens with. */
export const TEST_TOKEN_ENCRYPTION_KEY = '4f'.repeat(32);

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  handle: DatabaseHandle;
  /** A valid session token for a shop (provisioned on first use in standalone mode). */
  tokenFor(shopDomain?: string): Promise<string>;
  /** inject() with a bearer token for the shop (default shop-a). */
  request(opts: InjectOptions & { shop?: string }): Promise<Awaited<ReturnType<FastifyInstance['inject']>>>;
  provision(shopDomain: string): Promise<ShopRow>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Seed the demo store (catalog, looks, orders…) into the database. */
  seed?: boolean;
  now?: () => Date;
  deps?: Partial<AppDeps>;
}

/**
 * A fresh migrated database: a copy of the template built by globalSetup —
 * in-memory PGlite by default, or, with TEST_DATABASE_URL, a new PostgreSQL
 * database cloned from the template and dropped again on close().
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const base = TEST_DATABASE_URL();
  if (base) {
    const name = uniqueDatabaseName('sl_test');
    const url = await createDatabase(base, name, process.env.PG_TEMPLATE_DATABASE);
    const handle = await openDatabase({ databaseUrl: url, migrate: true });
    return {
      ...handle,
      async close() {
        await handle.close();
        await dropDatabase(base, name);
      },
    };
  }
  const file = process.env.PGLITE_TEMPLATE;
  if (file && fs.existsSync(file)) {
    return openDatabase({ loadDataDir: new Blob([fs.readFileSync(file)]), migrate: true });
  }
  return openDatabase({});
}

/** The environment of an instance in shopify mode whose Admin API calls go to a stand-in (FakeShopifyAdmin). */
export const shopifyModeEnv = (adminApiUrl: string, apiKey: string, apiSecret: string): Record<string, string> => ({
  APP_MODE: 'shopify',
  SHOPIFY_API_KEY: apiKey,
  SHOPIFY_API_SECRET: apiSecret,
  SHOPIFY_ADMIN_API_BASE_URL: adminApiUrl,
  TOKEN_ENCRYPTION_KEY: TEST_TOKEN_ENCRYPTION_KEY,
});

/** A whole app (buildApp) on a cloned template database, driven with inject(). */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-dist'),
    LOG_LEVEL: 'silent',
    // No load shedding in tests: many apps and PGlite share one event loop (ops.test.ts tests shedding itself).
    MAX_EVENT_LOOP_DELAY_MS: '0',
    // shopify mode requires a token key; tests use a fixed one (standalone would derive one anyway).
    TOKEN_ENCRYPTION_KEY: TEST_TOKEN_ENCRYPTION_KEY,
    ...options.env,
  });
  const handle = await openTestDatabase();
  let app: FastifyInstance;
  try {
    if (options.seed) await seedDemo(handle.db, config, options.now?.());
    app = await buildApp({ config, db: handle.db, now: options.now, ...options.deps }, { logger: false });
    await app.ready();
  } catch (error) {
    // Never leave a database (a PostgreSQL pool keeps jest alive) behind a failed setup.
    await handle.close().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const tokenFor = (shop = 'shop-a.myshopify.com') => signSessionToken(shop, config.apiKey, config.apiSecret);
  return {
    app,
    db: handle.db,
    config,
    handle,
    tokenFor,
    async request({ shop, headers, ...opts }) {
      const token = await tokenFor(shop);
      return app.inject({ ...opts, headers: { authorization: `Bearer ${token}`, ...headers } });
    },
    provision: (shop) => provisionShop(handle.db, shop),
    async close() {
      await app.close();
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
