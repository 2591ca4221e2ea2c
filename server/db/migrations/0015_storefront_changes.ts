import { sql, type Kysely } from 'kysely';

/**
 * The storefront's metafields waiting to be written (APP_MODE=shopify). A change of a look, the
 * layout, the settings, the booster or a catalog product marks what it changed: `config`,
 * `gallery`, or `product:<gid>` (a main product's `$app`/`looks` metafield). One row per shop and
 * target, so a burst of changes is one write; `generation` grows with each mark, so a writer
 * removes only the marks it wrote (a mark set again meanwhile stays). Rows outlive a crash: the
 * next start writes them.
 *
 * storefront_writers: the one instance writing a shop's metafields (a lease it renews while it
 * writes; another instance waits until it is released or has expired).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('storefront_changes')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('marked_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('storefront_changes_pkey', ['shop_id', 'target'])
    .execute();
  await db.schema
    .createTable('storefront_writers')
    .addColumn('shop_id', 'integer', (c) => c.primaryKey().references('shops.id').onDelete('cascade'))
    .addColumn('writer_id', 'text', (c) => c.notNull())
    .addColumn('lease_expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('storefront_writers').execute();
  await db.schema.dropTable('storefront_changes').execute();
}
