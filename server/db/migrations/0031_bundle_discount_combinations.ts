import { type Kysely } from 'kysely';

/**
 * The combinations (`combinesWith`, JSON text) last written to each look bundle discount, so a change
 * of the booster's `bundleDiscountCombinesWith` reaches the platform on the next sync even when the
 * looks (the metafield value) did not change. Null: written before the merchant could choose.
 * The choice itself lives in booster_settings.settings (JSON), which needs no column.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bundle_discounts').addColumn('combines_with', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('bundle_discounts').dropColumn('combines_with').execute();
}
