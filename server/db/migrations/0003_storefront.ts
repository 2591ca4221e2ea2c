import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['layout_settings', 'booster_settings']) {
    await db.schema
      .createTable(table)
      .addColumn('shop_id', 'integer', (c) => c.primaryKey().references('shops.id').onDelete('cascade'))
      .addColumn('settings', 'jsonb', (c) => c.notNull())
      .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .execute();
  }
  await db.schema
    .createTable('look_collections')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('is_featured', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('look_collections_shop').on('look_collections').columns(['shop_id', 'id']).execute();
  // At most one featured collection per shop (created lazily, concurrently safe).
  await sql`create unique index look_collections_one_featured on look_collections (shop_id) where is_featured`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('look_collections').execute();
  await db.schema.dropTable('booster_settings').execute();
  await db.schema.dropTable('layout_settings').execute();
}
