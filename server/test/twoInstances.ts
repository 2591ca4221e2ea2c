import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import { attachDatabaseSource, databaseSourceOf, openDatabase, type Db } from '../db';
import { attachNotifier } from '../db/notify';
import type { GalleryOptions } from '../routes/gallery';
import { signSessionToken } from '../auth/sessionToken';
import { createDatabase, dropDatabase, TEST_DATABASE_URL, uniqueDatabaseName } from './postgres';
import { openTestDatabase } from './testApp';

/** One database that two server instances share (each with its own Db: own pool, caches and listener). */
export interface SharedDatabase {
  kind: 'pglite' | 'postgres';
  a: Db;
  b: Db;
  close(): Promise<void>;
}

/**
 * PostgreSQL (TEST_DATABASE_URL): a database cloned from the template, opened
 * twice — two pools, two LISTEN connections, exactly as two processes would.
 * PGlite: one embedded database (it is single-process); the second Db shares
 * its connection queue and notifier but is a distinct object, so everything
 * kept per Db (the caches) is kept per instance.
 */
export async function openSharedDatabase(): Promise<SharedDatabase> {
  const base = TEST_DATABASE_URL();
  if (base) {
    const name = uniqueDatabaseName('sl_two');
    const url = await createDatabase(base, name, process.env.PG_TEMPLATE_DATABASE);
    const a = await openDatabase({ databaseUrl: url });
    const b = await openDatabase({ databaseUrl: url, migrate: false });
    return {
      kind: 'postgres',
      a: a.db,
      b: b.db,
      async close() {
        await a.close();
        await b.close();
        await dropDatabase(base, name);
      },
    };
  }
  const handle = await openTestDatabase();
  const b: Db = handle.db.withTables<Record<never, never>>();
  attachNotifier(b, handle.notifier);
  attachDatabaseSource(b, databaseSourceOf(handle.db)!);
  return { kind: 'pglite', a: handle.db, b, close: () => handle.close() };
}

export interface Instance {
  app: FastifyInstance;
  config: Config;
  /** inject() with a session token for the shop. */
  request(opts: InjectOptions & { shop: string }): Promise<Awaited<ReturnType<FastifyInstance['inject']>>>;
  token(shop: string): Promise<string>;
  close(): Promise<void>;
}

export { shopifyModeEnv } from './testApp';

export interface InstanceOptions {
  /** More environment (e.g. shopifyModeEnv). */
  env?: Record<string, string>;
  storefrontMetafields?: AppDeps['storefrontMetafields'];
}

/** A whole app (buildApp) on a shared database: one "server instance". Closing it leaves the database open. */
export async function startInstance(
  db: Db,
  gallery: GalleryOptions = {},
  options: InstanceOptions = {},
): Promise<Instance> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-instance-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    DIST_DIR: path.join(dataDir, 'no-dist'),
    LOG_LEVEL: 'silent',
    MAX_EVENT_LOOP_DELAY_MS: '0',
    ...options.env,
  });
  const app = await buildApp(
    { config, db, gallery, storefrontMetafields: options.storefrontMetafields },
    { logger: false },
  );
  await app.ready();
  const token = (shop: string) => signSessionToken(shop, config.apiKey, config.apiSecret);
  return {
    app,
    config,
    token,
    async request({ shop, headers, ...opts }) {
      return app.inject({ ...opts, headers: { authorization: `Bearer ${await token(shop)}`, ...headers } });
    },
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
