import { sql, type Kysely } from 'kysely';

/** Default credit packages (the one priced 20 is the best offer). */
export const DEFAULT_CREDIT_PACKAGES = [
  { name: 'Starter', price: '5.00', credits: 10, position: 1 },
  { name: 'Popular', price: '20.00', credits: 50, position: 2 },
  { name: 'Studio', price: '45.00', credits: 150, position: 3 },
];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('image_generations')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('product_look_id', 'integer', (c) => c.references('product_looks.id').onDelete('set null'))
    .addColumn('look_title', 'text', (c) => c.notNull())
    .addColumn('image_type', 'text', (c) => c.notNull().check(sql`image_type in ('flat_lay', 'model')`))
    .addColumn('custom_prompt', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(sql`status in ('PENDING', 'IN_QUEUE', 'IN_PROGRESS', 'COMPLETED', 'FAILED')`),
    )
    .addColumn('generated_image_url', 'text')
    .addColumn('error_message', 'text')
    .addColumn('run', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_at', 'timestamptz')
    .addColumn('queued_at', 'timestamptz')
    .addColumn('started_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('image_generations_shop')
    .on('image_generations')
    .columns(['shop_id', 'image_type', 'id'])
    .execute();
  await db.schema
    .createIndex('image_generations_queue')
    .on('image_generations')
    .columns(['status', 'queued_at', 'id'])
    .execute();

  await db.schema
    .createTable('generation_events')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('generation_id', 'integer', (c) => c.notNull().references('image_generations.id').onDelete('cascade'))
    .addColumn('shop_id', 'integer', (c) => c.notNull())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('generation_events_generation')
    .on('generation_events')
    .columns(['generation_id', 'id'])
    .execute();

  await db.schema
    .createTable('shop_credits')
    .addColumn('shop_id', 'integer', (c) => c.primaryKey().references('shops.id').onDelete('cascade'))
    .addColumn('balance', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`balance >= 0`),
    )
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('free_claimed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('credit_ledger_once')
    .unique()
    .on('credit_ledger')
    .columns(['shop_id', 'reason', 'reference'])
    .execute();

  await db.schema
    .createTable('credit_packages')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('price', sql`numeric(10,2)`, (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull().check(sql`credits > 0`))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('active', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
  await db.insertInto('credit_packages').values(DEFAULT_CREDIT_PACKAGES).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['credit_packages', 'credit_ledger', 'shop_credits', 'generation_events', 'image_generations']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
