import { sql } from 'kysely';
import type { Db } from '../../db';

/**
 * What a committed change means for the storefront's metafields (src/contracts/storefront.ts):
 * - `productGids`: main products whose `$app`/`looks` metafield must be written again (a look's old
 *   and new main product after an edit, a deleted look's main product…);
 * - `catalogProducts`: catalog products whose own data changed (products/update, products/delete):
 *   every active look showing one of them (as main product or item) is written again, with the gallery;
 * - `config`: the layout, the settings or the booster (app-data metafield `looks`/`config`);
 * - `gallery`: the active looks list (app-data metafield `looks`/`gallery`).
 */
export interface StorefrontChange {
  productGids?: readonly string[];
  catalogProducts?: readonly string[];
  config?: boolean;
  gallery?: boolean;
}

/** Targets of the marks: the two app-data metafields and one per main product. */
export const CONFIG_TARGET = 'config';
export const GALLERY_TARGET = 'gallery';
export const PRODUCT_TARGET_PREFIX = 'product:';
export const productTarget = (gid: string) => `${PRODUCT_TARGET_PREFIX}${gid}`;

/**
 * In APP_MODE=shopify server/platform/metafields listens and writes the marked metafields; standalone
 * nothing listens and nothing is marked. Services never import the platform: it registers here (per
 * database, so two apps in one process, as in tests, do not hear each other).
 */
export interface StorefrontChangeListener {
  /** Marks are stored: write the shop's metafields soon (coalesced). */
  storefrontChanged(shopId: number): void;
  /** Marking failed (the change itself is saved): logged by the listener. */
  markFailed(shopId: number, error: unknown): void;
}

const listeners = new WeakMap<Db, StorefrontChangeListener>();

/** Registers the listener of this database; returns the unregister function. */
export function listenToStorefrontChanges(db: Db, listener: StorefrontChangeListener): () => void {
  listeners.set(db, listener);
  return () => {
    if (listeners.get(db) === listener) listeners.delete(db);
  };
}

/** The main products of the shop's active looks that show one of these products (as main product or item). */
async function mainProductsShowing(db: Db, shopId: number, gids: readonly string[]): Promise<string[]> {
  if (!gids.length) return [];
  const list = sql.join(gids.map((g) => sql`${g}`));
  const rows = await db
    .selectFrom('productLooks')
    .select(sql<string>`main_product->>'itemId'`.as('gid'))
    .distinct()
    .where('shopId', '=', shopId)
    .where('active', '=', true)
    .where((eb) =>
      eb.or([
        eb(sql`main_product->>'itemId'`, 'in', sql`(${list})`),
        // An item's alternative (shown while the item is sold out) is shown by the look too.
        eb.exists(sql`(select 1 from jsonb_array_elements(related_items) as item where item->>'itemId' in (${list}) or item->'alternative'->>'itemId' in (${list}))`),
      ]),
    )
    .execute();
  return rows.map((r) => r.gid).filter(Boolean);
}

/** Stores the marks of a change (one row per target; marking again bumps the generation). */
export async function markStorefrontChange(db: Db, shopId: number, change: StorefrontChange): Promise<number> {
  const targets = new Set<string>();
  if (change.config) targets.add(CONFIG_TARGET);
  if (change.gallery) targets.add(GALLERY_TARGET);
  for (const gid of change.productGids ?? []) if (gid) targets.add(productTarget(gid));
  const shown = await mainProductsShowing(db, shopId, change.catalogProducts ?? []);
  for (const gid of shown) targets.add(productTarget(gid));
  if (shown.length) targets.add(GALLERY_TARGET);
  if (!targets.size) return 0;
  await db
    .insertInto('storefrontChanges')
    .values([...targets].sort().map((target) => ({ shopId, target })))
    .onConflict((oc) =>
      oc.columns(['shopId', 'target']).doUpdateSet({
        generation: sql`storefront_changes.generation + 1`,
        markedAt: sql`now()`,
      }),
    )
    .execute();
  return targets.size;
}

/**
 * Called by the services after a committed change: stores the marks (so a crash before the write
 * loses nothing) and tells the listener. Standalone (no listener) does nothing. Never throws: the
 * change itself is saved; a failure to mark is logged by the listener.
 */
export async function storefrontChanged(db: Db, shopId: number, change: StorefrontChange): Promise<void> {
  const listener = listeners.get(db);
  if (!listener) return;
  try {
    if (await markStorefrontChange(db, shopId, change)) listener.storefrontChanged(shopId);
  } catch (error) {
    // The change was saved; the next install or catalog sync writes everything anew.
    try {
      listener.markFailed(shopId, error);
    } catch {
      // nothing more to do
    }
  }
}
