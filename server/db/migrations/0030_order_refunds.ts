import { sql, type Kysely } from 'kysely';

/**
 * Revenue net of refunds and cancellations (issue 28 §5). The daily rollups' `generated_revenue`
 * becomes the net figure (a refund or cancellation subtracts from the day the order was placed) and
 * `refunded_revenue` beside it keeps what left, so gross = net + refunded. Per attributed line item,
 * `refunded` caps what can leave (a refund after a cancellation, or twice delivered, never takes more
 * than the line brought). `order_refunds` makes a refund count once (by the platform's refund id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('order_look_items')
    .addColumn('refunded', sql`numeric(14,2)`, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('orders').addColumn('cancelled_at', 'timestamptz').execute();
  for (const table of ['look_daily_stats', 'shop_daily_stats', 'look_funnel_daily']) {
    await db.schema
      .alterTable(table)
      .addColumn('refunded_revenue', sql`numeric(16,2)`, (c) => c.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .createTable('order_refunds')
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('platform_refund_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('order_refunds_pk', ['shop_id', 'platform_refund_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_refunds').execute();
  for (const table of ['look_daily_stats', 'shop_daily_stats', 'look_funnel_daily']) {
    await db.schema.alterTable(table).dropColumn('refunded_revenue').execute();
  }
  await db.schema.alterTable('orders').dropColumn('cancelled_at').execute();
  await db.schema.alterTable('order_look_items').dropColumn('refunded').execute();
}
