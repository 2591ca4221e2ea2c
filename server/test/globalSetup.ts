import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { migrateToLatest } from '../db/migrate';
import { openDatabase, type DatabaseSource, type Db } from '../db';
import type { Database } from '../db/schema';
import { JobEngine } from '../jobs';
import { createDatabase, TEST_DATABASE_URL, uniqueDatabaseName } from './postgres';

/**
 * Builds one migrated database for the whole server test run; every test app
 * clones it instead of migrating again.
 * - PGlite (default): dumped to a tarball, loaded with loadDataDir (~2 s saved per suite).
 * - PostgreSQL (TEST_DATABASE_URL set): a template database, cloned with CREATE DATABASE … TEMPLATE.
 */
export default async function globalSetup() {
  const base = TEST_DATABASE_URL();
  if (base) {
    const name = uniqueDatabaseName('sl_template');
    const url = await createDatabase(base, name);
    const handle = await openDatabase({ databaseUrl: url });
    await installJobEngine(handle.db);
    await handle.close();
    process.env.PG_TEMPLATE_DATABASE = name;
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-template-'));
  const pglite = await PGlite.create();
  const db: Db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins: [new CamelCasePlugin()] });
  await migrateToLatest(db);
  await installJobEngine(db, { kind: 'pglite', pglite });
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  process.env.PGLITE_TEMPLATE = file;
}

/** The job engine's schema and queues (pg-boss installs them at its first start; every test app would). */
async function installJobEngine(db: Db, source?: DatabaseSource) {
  const engine = new JobEngine({ db, source });
  await engine.start();
  await engine.stop(0);
}
