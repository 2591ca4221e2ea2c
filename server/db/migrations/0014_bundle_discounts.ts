import { sql, type Kysely } from 'kysely';

/**
 * The shop's look bundle discounts on the platform (APP_MODE=shopify): automatic app discounts of
 * the `look-bundle` Function, each holding a part of the bundles of the shop's active discounted
 * looks in its metafield (one part fits the Function input's 10,000-byte metafield limit; a shop
 * has one discount unless its looks outgrow it). One row per shop and part: the platform's
 * discount id, the metafield value last written, and the last failure (retried on the next change).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('bundle_discounts')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('part', 'integer', (c) => c.notNull())
    .addColumn('discount_id', 'text')
    .addColumn('value', 'text')
    .addColumn('error', 'text')
    .addColumn('synced_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('bundle_discounts_pkey', ['shop_id', 'part'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('bundle_discounts').execute();
}
