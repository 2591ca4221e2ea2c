import path from 'node:path';
import { loadConfig, type Config } from './config';
import { exposedHostWarning, isLoopbackHost } from './networkConfig';
import { openDatabase, type DatabaseHandle } from './db';
import { buildApp } from './app';
import { seedDemo } from './demo';
import { migratesAtStart } from './ops/plugin';
import { installGracefulShutdown } from './ops/shutdown';

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const handle = await openConfiguredDatabase(config);
  const onClose: Array<() => Promise<void> | void> = [];
  if (config.seedDemo) await seedDemo(handle.db, config);
  const app = await buildApp({ config, db: handle.db, onClose });
  // The database closes after the server (and every feature's onClose hook), never before.
  installGracefulShutdown(app, { timeoutMs: config.ops.shutdownTimeoutMs, closeDatabase: () => handle.close() });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { db: handle.kind, mode: config.appMode, ms: Date.now() - started, listen: `${config.host}:${config.port}` },
    `Shoppable Looks ready on ${config.appUrl}`,
  );
  if (!isLoopbackHost(config.host)) app.log.warn(exposedHostWarning(config));
  if (config.usesDevKeys) {
    app.log.warn(
      `Using the development key pair (SHOPIFY_API_KEY=${config.apiKey}); set SHOPIFY_API_KEY and SHOPIFY_API_SECRET for real use.`,
    );
  }
}

/**
 * PostgreSQL with the configured pool and timeouts, or the embedded PGlite. Migrations run here
 * unless MIGRATE_ON_START=false (PostgreSQL only: `npm run migrate` is then the release step, and
 * the ops plugin keeps the instance unready until the database matches its code).
 */
function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  return openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    settings: config.database,
    migrate: migratesAtStart(config),
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
