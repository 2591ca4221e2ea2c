import { type Kysely } from 'kysely';

/**
 * platform_leases (0017) goes: its last user, the token exchange and refresh, holds a PostgreSQL
 * advisory lock of the shop instead (server/platform/shopMutex.ts); background work runs as jobs of
 * the job engine. A lease left in the table is meaningless once no code reads it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('platform_leases').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('platform_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
