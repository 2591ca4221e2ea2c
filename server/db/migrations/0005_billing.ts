import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('charges')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('amount', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('USD'))
    .addColumn('interval', 'text')
    .addColumn('trial_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discount_percentage', sql`numeric(5,2)`)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('confirm_token_hash', 'text')
    .addColumn('platform_charge_id', 'text')
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('charges_shop_status').on('charges').columns(['shop_id', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('charges').execute();
}
