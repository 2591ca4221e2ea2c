import { sql, type Kysely } from 'kysely';

/**
 * Files moved into server/storage, where a shop's files share one prefix so shop/redact erases
 * them with one delete by prefix: `uploads/<shop>/<name>` and `generated/<shop>/<name>` became
 * `shops/<shop>/uploads/<name>` and `shops/<shop>/generated/<name>`. This rewrites the references
 * the database holds — upload keys, look images and media, generated images, A/B test variant
 * images — in the `/files/…` form and in `${APP_URL}/files/…` alike. The local directory moves
 * its files on start (server/storage/localDirectory.ts: migrateLegacyLayout), and the `/files`
 * route still answers the old paths (keys.ts: currentKey) for metafields written before.
 */
// A reference starts with the path or an origin before it (APP_URL: a migration does not know it,
// so any origin; another site's /files/uploads/<digits>/ at the root of its path would be rewritten
// too, a CDN's /s/files/… is not). In JSON the reference starts a string.
const OLD_JSON = '("(?:https?://[^"/]+)?)/files/(uploads|generated)/([1-9][0-9]*)/';
const OLD_TEXT = '^((?:https?://[^/]+)?)/files/(uploads|generated)/([1-9][0-9]*)/';
const NEW_REF = '\\1/files/shops/\\3/\\2/';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    update product_look_media set file_name = regexp_replace(file_name, '^(uploads|generated)/([1-9][0-9]*)/', 'shops/\\2/\\1/')
    where file_name ~ '^(uploads|generated)/[1-9][0-9]*/'`.execute(db);
  for (const column of ['main_product', 'related_items', 'media']) {
    await sql`
      update product_looks set ${sql.ref(column)} = regexp_replace(${sql.ref(column)}::text, ${OLD_JSON}, ${NEW_REF}, 'g')::jsonb
      where ${sql.ref(column)}::text ~ ${OLD_JSON}`.execute(db);
  }
  for (const [table, column] of [
    ['image_generations', 'generated_image_url'],
    ['experiment_variants', 'image_url'],
  ]) {
    await sql`
      update ${sql.table(table)} set ${sql.ref(column)} = regexp_replace(${sql.ref(column)}, ${OLD_TEXT}, ${NEW_REF})
      where ${sql.ref(column)} ~ ${OLD_TEXT}`.execute(db);
  }
}

export async function down(): Promise<void> {
  // Nothing to undo: the /files route answers the old form too.
}
