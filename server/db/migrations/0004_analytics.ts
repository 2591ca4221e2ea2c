import { sql, type Kysely } from 'kysely';

/**
 * Analytics: orders received through the order webhooks (one row per platform
 * order, unique per shop → replays are no-ops), their attributed line items,
 * add-to-cart events from the storefront widget, and daily rollups per look in
 * the shop's local day (kept in the same transaction as the raw rows) so the
 * stats stay fast for shops with many orders.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('orders')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('platform_order_id', 'text', (c) => c.notNull())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('order_total', sql`numeric(14,2)`, (c) => c.notNull())
    .addColumn('generated_revenue', sql`numeric(14,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('financial_status', 'text', (c) => c.notNull().defaultTo('pending'))
    // The attributed line item with the highest revenue (the row's "view product" / "view look").
    .addColumn('look_id', 'integer')
    .addColumn('product_gid', 'text')
    .addColumn('ordered_at', 'timestamptz', (c) => c.notNull())
    .addColumn('local_day', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('orders_shop_platform_order', ['shop_id', 'platform_order_id'])
    .execute();
  // The analytics orders table: attributed orders of a shop, newest first, filtered by date.
  await sql`CREATE INDEX orders_shop_attributed_ordered_at ON orders (shop_id, ordered_at DESC, id DESC) WHERE look_id IS NOT NULL`.execute(
    db,
  );

  await db.schema
    .createTable('order_look_items')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('order_id', 'bigint', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('look_id', 'integer', (c) => c.notNull())
    .addColumn('product_gid', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('revenue', sql`numeric(14,2)`, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_look_items_order').on('order_look_items').columns(['order_id']).execute();
  await db.schema
    .createIndex('order_look_items_shop_look')
    .on('order_look_items')
    .columns(['shop_id', 'look_id'])
    .execute();

  await db.schema
    .createTable('add_to_cart_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('look_id', 'integer', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('price', sql`numeric(14,2)`, (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('local_day', 'date', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('add_to_cart_events_shop_day')
    .on('add_to_cart_events')
    .columns(['shop_id', 'local_day'])
    .execute();

  await db.schema
    .createTable('look_daily_stats')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('look_id', 'integer', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('generated_revenue', sql`numeric(16,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('add_to_cart_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('add_to_cart_revenue', sql`numeric(16,2)`, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('look_daily_stats_pk', ['shop_id', 'day', 'look_id'])
    .execute();

  // Orders generated per shop-day (an order with items of two looks counts once).
  await db.schema
    .createTable('shop_daily_stats')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('orders', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('generated_revenue', sql`numeric(16,2)`, (c) => c.notNull().defaultTo(0))
    .addColumn('add_to_cart_revenue', sql`numeric(16,2)`, (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('shop_daily_stats_pk', ['shop_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shop_daily_stats').execute();
  await db.schema.dropTable('look_daily_stats').execute();
  await db.schema.dropTable('add_to_cart_events').execute();
  await db.schema.dropTable('order_look_items').execute();
  await db.schema.dropTable('orders').execute();
}
