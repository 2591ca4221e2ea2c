/**
 * `npm run migrate`: the release step of a deployment with several instances. Applies the pending
 * migrations to DATABASE_URL (or the embedded database under DATA_DIR) and exits; instances started
 * with MIGRATE_ON_START=false serve once the database matches their code. Migrations run without
 * statement_timeout (an index build may take minutes) but keep lock_timeout, so a migration waiting
 * behind live traffic fails and can be retried instead of queueing every request behind its lock.
 */
import path from 'node:path';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db';
import { describeMigrationStatus, migrateToLatest, migrationStatus } from '../server/db/migrate';

async function main() {
  const config = loadConfig();
  const handle = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    settings: { ...config.database, poolMax: 1, statementTimeoutMs: 0 },
    applicationName: 'shoppable-looks:migrate',
    migrate: false,
  });
  try {
    const before = await migrationStatus(handle.db);
    if (before.ahead.length) throw new Error(describeMigrationStatus(before));
    await migrateToLatest(handle.db);
    const after = await migrationStatus(handle.db);
    console.log(`Migrated ${handle.kind}: ${before.behind.length} applied now; ${describeMigrationStatus(after)}.`);
  } finally {
    await handle.close();
  }
}

main().catch((error) => {
  console.error(`npm run migrate failed: ${(error as Error).message}`);
  process.exit(1);
});
