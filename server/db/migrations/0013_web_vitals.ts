import { sql, type Kysely } from 'kysely';

/**
 * Admin Web Vitals (LCP, CLS, INP) of real merchant sessions, per shop and route: one row per page
 * load and metric (`metric_id` from App Bridge or the web-vitals library; a later report of the
 * same page load replaces the value). Read as p75 per route over the last 28 days.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('web_vitals')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('metric_id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('web_vitals_shop_metric', ['shop_id', 'metric_id', 'name'])
    .execute();
  await db.schema.createIndex('web_vitals_created').on('web_vitals').columns(['created_at']).execute();
  await db.schema.createIndex('web_vitals_shop_created').on('web_vitals').columns(['shop_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('web_vitals').execute();
}
