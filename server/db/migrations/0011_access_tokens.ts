import { sql, type Kysely } from 'kysely';

/**
 * The shop's Admin API access token pair (token exchange, APP_MODE=shopify): one row per shop,
 * replaced in one statement on exchange and refresh, both tokens encrypted (AES-256-GCM) by the
 * server before they reach the database. Supersedes 0007's oauth_sessions, whose plaintext,
 * non-expiring tokens are dropped here: the shop's next request from the admin exchanges a new
 * expiring token (no merchant action needed).
 *
 * catalog_syncs: progress of the shop's product sync from the Admin API ("1,200 of 5,000").
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('access_tokens')
    .addColumn('shop_id', 'integer', (c) => c.primaryKey().references('shops.id').onDelete('cascade'))
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz')
    .addColumn('refresh_token', 'text')
    .addColumn('refresh_token_expires_at', 'timestamptz')
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.dropTable('oauth_sessions').execute();

  await db.schema
    .createTable('catalog_syncs')
    .addColumn('shop_id', 'integer', (c) => c.primaryKey().references('shops.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('synced', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer')
    .addColumn('error', 'text')
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('finished_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalog_syncs').execute();
  await db.schema.dropTable('access_tokens').execute();
  await db.schema
    .createTable('oauth_sessions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shop_id', 'integer', (c) => c.notNull().unique().references('shops.id').onDelete('cascade'))
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('scope', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}
