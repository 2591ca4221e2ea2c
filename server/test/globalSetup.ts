import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely } from 'kysely';
import { PGliteDialect } from 'kysely-pglite-dialect';
import { migrateToLatest } from '../db/migrate';

/**
 * Builds one migrated PGlite database for the whole server test run and dumps
 * it to a tarball; every suite clones it (loadDataDir) instead of paying
 * ~2 s for a fresh database.
 */
export default async function globalSetup() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-template-'));
  const pglite = await PGlite.create();
  const db = new Kysely<any>({ dialect: new PGliteDialect(pglite), plugins: [new CamelCasePlugin()] });
  await migrateToLatest(db);
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  process.env.PGLITE_TEMPLATE = file;
}
