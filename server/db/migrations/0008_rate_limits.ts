import type { Kysely } from 'kysely';

/**
 * Shared rate-limit counters (fixed windows), so every server instance on the
 * same database counts the same requests: one row per key, incremented with
 * an atomic upsert; rows whose window ended are pruned.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_ends_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window_ends_at_idx').on('rate_limits').column('window_ends_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
}
