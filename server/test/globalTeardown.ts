import fs from 'node:fs';
import path from 'node:path';
import { dropDatabase, TEST_DATABASE_URL } from './postgres';

/** Removes the template built by globalSetup (PGlite tarball or PostgreSQL template database). */
export default async function globalTeardown() {
  const base = TEST_DATABASE_URL();
  if (base && process.env.PG_TEMPLATE_DATABASE) await dropDatabase(base, process.env.PG_TEMPLATE_DATABASE);
  const file = process.env.PGLITE_TEMPLATE;
  if (file) fs.rmSync(path.dirname(file), { recursive: true, force: true });
}
