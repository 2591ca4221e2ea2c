import { type Kysely } from 'kysely';

/**
 * The shop's catalog (APP_MODE=shopify), continued:
 * - catalog_products.default_variant_gid: the product's first variant (gid), the one the storefront
 *   metafield names as the item's `variantId` (the checkout booster adds it); null when unknown.
 * - catalog_syncs: `mode` of the running or last full sync (`paged` products query, or `bulk`
 *   operation for large catalogs), the bulk operation's id while it runs, and `reconciled_at`: the
 *   time up to which the catalog knows every product update (the periodic `updated_at`
 *   reconciliation asks the platform for products updated after it).
 * - platform_leases: one named lease per background job that must run on one instance at a time
 *   (e.g. the catalog reconciliation): the instance holding it and until when.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalog_products').addColumn('default_variant_gid', 'text').execute();
  await db.schema
    .alterTable('catalog_syncs')
    .addColumn('mode', 'text', (c) => c.notNull().defaultTo('paged'))
    .addColumn('bulk_operation_id', 'text')
    .addColumn('reconciled_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('platform_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('platform_leases').execute();
  await db.schema
    .alterTable('catalog_syncs')
    .dropColumn('reconciled_at')
    .dropColumn('bulk_operation_id')
    .dropColumn('mode')
    .execute();
  await db.schema.alterTable('catalog_products').dropColumn('default_variant_gid').execute();
}
