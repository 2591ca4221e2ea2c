import { sql, type Kysely } from 'kysely';
import { seedBillingCatalog } from '../reference/billingCatalog';

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
    .addColumn('discount_code', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('confirm_token_hash', 'text')
    .addColumn('platform_charge_id', 'text')
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('decided_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('charges_shop_status').on('charges').columns(['shop_id', 'status']).execute();

  await db.schema
    .createTable('plans')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('price', sql`numeric(12,2)`, (c) => c.notNull())
    .addColumn('interval', 'text')
    .addColumn('trial_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('usage_limit', 'integer')
    .addColumn('featured_text', 'jsonb', (c) => c.notNull())
    .addColumn('savings_percentage', 'integer')
    .addColumn('discount_percentage', sql`numeric(5,2)`)
    .addColumn('discount_code', 'text')
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('discount_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('percentage', sql`numeric(5,2)`, (c) => c.notNull().check(sql`percentage > 0 and percentage <= 100`))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('expires_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('shop_plans')
    .addColumn('shop_id', 'integer', (c) => c.primaryKey().references('shops.id').onDelete('cascade'))
    .addColumn('plan_name', 'text', (c) => c.notNull().references('plans.name'))
    .addColumn('charge_id', 'integer', (c) => c.references('charges.id').onDelete('set null'))
    .addColumn('discount_percentage', sql`numeric(5,2)`)
    .addColumn('discount_code', 'text')
    .addColumn('activated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Plans and discount codes are reference data every database needs (shopify mode has no demo seed).
  await seedBillingCatalog(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shop_plans').execute();
  await db.schema.dropTable('discount_codes').execute();
  await db.schema.dropTable('plans').execute();
  await db.schema.dropTable('charges').execute();
}
