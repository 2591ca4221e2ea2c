import { sql, type Kysely } from 'kysely';

/**
 * The reconciliation of attributed orders with the platform's orders (issue 28 §5), one row a shop:
 * when it last ran, when it last found the app's figures in agreement with the platform's (after its
 * repairs), and what the last run found and repaired.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('order_reconciliations')
    .addColumn('shop_id', 'integer', (c) => c.primaryKey().references('shops.id').onDelete('cascade'))
    .addColumn('checked_at', 'timestamptz', (c) => c.notNull())
    .addColumn('agreed_at', 'timestamptz')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('orders_checked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('repairs', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('order_reconciliations').execute();
}
