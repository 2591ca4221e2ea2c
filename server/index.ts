import path from 'node:path';
import { loadConfig } from './config';
import { exposedHostWarning, isLoopbackHost } from './networkConfig';
import { openDatabase } from './db';
import { buildApp } from './app';
import { seedDemo } from './demo';

async function main() {
  const config = loadConfig();
  const started = Date.now();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
  });
  const onClose: Array<() => Promise<void> | void> = [];
  if (config.seedDemo) await seedDemo(handle.db, config);
  const app = await buildApp({ config, db: handle.db, onClose });
  // onClose hooks run last-registered first: the job engine hands its running jobs back before the database closes.
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await handle.close();
  });
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
  const stop = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
