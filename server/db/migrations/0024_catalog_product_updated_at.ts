import { type Kysely } from 'kysely';

/**
 * When the merchant last changed the product on the platform (`updatedAt` of a sync page,
 * `updated_at` of a products/create|update payload): a write carrying an older one never
 * overwrites a newer one (webhooks arrive out of order; a sync page may be fetched before them).
 * Null: unknown (rows written before this column, the demo store).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalog_products').addColumn('platform_updated_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalog_products').dropColumn('platform_updated_at').execute();
}
