import { type Kysely } from 'kysely';

/**
 * Stock (issue 28 §4): whether any variant of a catalog product is available for sale (the Admin API's
 * `ProductVariant.availableForSale`, the products webhooks' variant inventory). A product whose every
 * variant is unavailable is sold out: the storefront shows it so, leaves it out of "add all" and the
 * look bundle counts the look complete without it. Rows written before this column count as available
 * until the next sync, reconciliation or products/update says otherwise.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('catalog_products')
    .addColumn('available', 'boolean', (c) => c.notNull().defaultTo(true))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalog_products').dropColumn('available').execute();
}
