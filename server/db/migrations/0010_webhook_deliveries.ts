import { sql, type Kysely } from 'kysely';

/**
 * Platform webhooks: every verified delivery is recorded before it is processed
 * (so a failure is retried, never lost) and de-duplicated by the platform's
 * event id and webhook id. Also the data the webhook topics keep: customer data
 * requests (customers/data_request) with the data produced for the merchant,
 * deleted products (products/delete) so looks can show them, and the scopes the
 * merchant granted (app/scopes_update).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('topic', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text')
    .addColumn('webhook_id', 'text')
    .addColumn('api_version', 'text')
    .addColumn('triggered_at', 'text')
    // The JSON body until the delivery is processed; cleared afterwards (it may hold customer data).
    .addColumn('payload', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('processed_at', 'timestamptz')
    .execute();
  await sql`CREATE UNIQUE INDEX webhook_deliveries_event ON webhook_deliveries (shop_id, topic, event_id) WHERE event_id IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX webhook_deliveries_webhook ON webhook_deliveries (shop_id, webhook_id) WHERE webhook_id IS NOT NULL`.execute(
    db,
  );
  // The retry sweep reads only unfinished deliveries.
  await sql`CREATE INDEX webhook_deliveries_unfinished ON webhook_deliveries (received_at) WHERE status IN ('pending', 'processing', 'failed')`.execute(
    db,
  );
  await db.schema
    .createIndex('webhook_deliveries_received')
    .on('webhook_deliveries')
    .columns(['received_at'])
    .execute();

  await db.schema
    .createTable('customer_data_requests')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    // The platform's data_request id (or the delivery's when absent): a replay updates, never duplicates.
    .addColumn('request_key', 'text', (c) => c.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('customer_email', 'text')
    .addColumn('orders_requested', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('customer_data_requests_shop_key', ['shop_id', 'request_key'])
    .execute();

  await db.schema
    .createTable('deleted_products')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('gid', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('deleted_products_pk', ['shop_id', 'gid'])
    .execute();

  // Null until the platform reports the granted scopes (comma separated).
  await db.schema.alterTable('shops').addColumn('granted_scopes', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shops').dropColumn('granted_scopes').execute();
  await db.schema.dropTable('deleted_products').execute();
  await db.schema.dropTable('customer_data_requests').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
}
