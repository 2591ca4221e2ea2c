import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shops')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('timezone', 'text', (c) => c.notNull().defaultTo('UTC'))
    .addColumn('installed_at', 'timestamptz')
    .addColumn('script_tag_supported', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('app_block_installed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('app_block_theme_supported', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('can_use_checkout_ui_extension', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('image_gallery_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('ai_image_generation_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('settings', 'jsonb', (c) => c.notNull())
    .addColumn('shop_updated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('api_token_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('distinct_id', 'text', (c) => c.notNull())
    .addColumn('properties', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('events_shop_created').on('events').columns(['shop_id', 'created_at']).execute();

  await db.schema
    .createTable('catalog_products')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('gid', 'text', (c) => c.notNull())
    .addColumn('handle', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('price', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('compare_at_price', sql`numeric(12,2)`)
    .addColumn('images', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('product_type', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('catalog_products_shop_gid', ['shop_id', 'gid'])
    .addUniqueConstraint('catalog_products_shop_handle', ['shop_id', 'handle'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('catalog_products').execute();
  await db.schema.dropTable('events').execute();
  await db.schema.dropTable('shops').execute();
}
