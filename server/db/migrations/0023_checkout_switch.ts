import { sql, type Kysely } from 'kysely';

/**
 * The checkout extension's switch, the shop metafield `$app`/`checkout`, is written with the config
 * (src/contracts/storefront.ts). Shops installed before it have none, so their checkout would hide
 * the looks until their next config change: a `config` mark for every installed shop has the
 * storefront sync write it at start (server/platform/metafields/storefrontMetafields.ts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    insert into storefront_changes (shop_id, target)
    select id, 'config' from shops where installed_at is not null
    on conflict (shop_id, target) do update set generation = storefront_changes.generation + 1, marked_at = now()
  `.execute(db);
}

export async function down(): Promise<void> {
  // Nothing to undo: a mark is written and removed by the sync.
}
