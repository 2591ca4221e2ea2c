import { type Kysely } from 'kysely';

/**
 * Where the shop's storefront reaches the app proxy (`/apps/looks` unless the merchant changed the
 * proxy's prefix or subpath in the admin), as the platform's signed `path_prefix` last said; null
 * until the first signed proxy request. The storefront script reads it from the config metafield.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shops').addColumn('proxy_path', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('shops').dropColumn('proxy_path').execute();
}
