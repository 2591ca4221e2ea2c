import { sql, type Kysely } from 'kysely';
import { up as storefrontMarks } from './0015_storefront_changes';

/**
 * The outbox of changes (services/changes): every change a platform sync may have to follow (a look,
 * the layout, the settings, the booster, a catalog product, an install…) is a row written in the
 * change's own transaction, with what it was before and what it is after. Each reader (the storefront
 * metafield writer, the bundle discount sync) keeps its place per shop in `change_readers` and decides
 * from the rows what to do. Replaces the storefront marks and the metafield writer's lease
 * (storefront_changes, storefront_writers; the job engine serialises a shop's writes now).
 *
 * `storefront_changes` becomes a view: the changes the storefront metafield writer has not read yet
 * (what an operator, or the scale test, asks when it wants to know whether the storefront is behind).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('changes')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('changes_shop_id_idx').on('changes').columns(['shop_id', 'id']).execute();
  await db.schema.createIndex('changes_created_at_idx').on('changes').column('created_at').execute();
  await db.schema
    .createTable('change_readers')
    .addColumn('reader', 'text', (c) => c.notNull())
    .addColumn('shop_id', 'integer', (c) => c.notNull().references('shops.id').onDelete('cascade'))
    .addColumn('change_id', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('change_readers_pkey', ['reader', 'shop_id'])
    .execute();
  // Marks nobody wrote yet become one change per shop naming them (the upkeep queues their writer).
  await sql`
    insert into changes (shop_id, kind, after)
    select shop_id, 'storefrontStale', jsonb_build_object('targets', jsonb_agg(target order by target))
    from storefront_changes group by shop_id
  `.execute(db);
  await db.schema.dropTable('storefront_writers').execute();
  await db.schema.dropTable('storefront_changes').execute();
  await sql`
    create view storefront_changes as
    select c.shop_id, c.id as change_id, c.kind, c.created_at
    from changes c
    left join change_readers r on r.reader = 'storefront.metafields' and r.shop_id = c.shop_id
    where c.id > coalesce(r.change_id, 0)
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop view storefront_changes`.execute(db);
  // The marks and the writers' leases as 0015 made them (empty: the changes are not turned back into marks).
  await storefrontMarks(db);
  await db.schema.dropTable('change_readers').execute();
  await db.schema.dropTable('changes').execute();
}
