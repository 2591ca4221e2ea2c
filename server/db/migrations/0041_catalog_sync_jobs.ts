import { type Kysely } from 'kysely';

/**
 * Full catalog syncs run as jobs of the job engine (queue `catalog.sync`):
 * - catalog_syncs.generation: bumped by every requested sync; a sync writes only while the row
 *   still carries its generation (checked in each write's transaction), so a newer sync supersedes
 *   an older one at its next page, and an old one never writes beside it;
 * - catalog_syncs.cursor: the page cursor after the last written page, so a sync whose instance
 *   died resumes there on another instance;
 * - catalog_products.sync_generation: the sync that last saw the product; at the end, products the
 *   sync did not see (deleted on the platform) are removed, even when the sync ran in several tries.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('catalog_syncs')
    .addColumn('generation', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cursor', 'text')
    .execute();
  await db.schema.alterTable('catalog_products').addColumn('sync_generation', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('catalog_products').dropColumn('sync_generation').execute();
  await db.schema.alterTable('catalog_syncs').dropColumn('cursor').dropColumn('generation').execute();
}
