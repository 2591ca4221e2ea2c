import type { Kysely } from 'kysely';

/**
 * Where a finished generation's image shows each of its look's products (JSON list of
 * { productId, x, y, box?, source } in percent of the image): using the image on a look places the
 * look's markers there. Null for images made before this column and generators that report none.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('image_generations').addColumn('item_positions', 'jsonb').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('image_generations').dropColumn('item_positions').execute();
}
