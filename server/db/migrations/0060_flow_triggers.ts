import { sql, type Kysely } from 'kysely';

/**
 * Shopify Flow triggers in use (issue 28 §6). Flow tells the app, per shop and trigger, whether an
 * enabled workflow starts with it (the trigger lifecycle callback); the app sends `flowTriggerReceive`
 * only where one does. `changed_at` is the callback's own timestamp: an older callback arriving late
 * never overwrites a newer one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('flow_trigger_usage')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('changed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('flow_trigger_usage_pk', ['shop_id', 'handle'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('flow_trigger_usage').execute();
}
