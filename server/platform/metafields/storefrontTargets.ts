import { sql } from 'kysely';
import type { Db } from '../../db';
import type { RecordedChange } from '../../services/changes/reader';

/**
 * Which storefront metafields (src/contracts/storefront.ts) a run of changes calls for:
 * - `config`: the app-data `looks`/`config` and the shop's `$app`/`checkout` (layout, settings,
 *   booster, app proxy path);
 * - `gallery`: the app-data `looks`/`gallery` (the active looks);
 * - `products`: main products whose `$app`/`looks` is written again.
 */
export interface StorefrontTargets {
  config: boolean;
  gallery: boolean;
  products: Set<string>;
}

export const CONFIG_TARGET = 'config';
export const GALLERY_TARGET = 'gallery';
export const PRODUCT_TARGET_PREFIX = 'product:';

const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);

/**
 * The storefront's own relevance rules, decided from what each change was before and after. The
 * catalog products a change names are resolved against the looks when the writer runs
 * (`resolveStorefrontTargets`), so a look edited in the same run is taken as it is now.
 */
export function storefrontTargetsOf(
  changes: readonly RecordedChange[],
): StorefrontTargets & { everything: boolean; catalogProducts: Set<string> } {
  const out = {
    everything: false,
    config: false,
    gallery: false,
    products: new Set<string>(),
    catalogProducts: new Set<string>(),
  };
  for (const change of changes) {
    switch (change.kind) {
      case 'lookChanged': {
        // The storefront shows active looks: the old and the new main product, and the gallery.
        const states = [change.before, change.after].filter((s) => s !== null);
        if (!states.some((s) => s.active)) break;
        for (const s of states) if (s.mainProduct) out.products.add(s.mainProduct);
        out.gallery = true;
        break;
      }
      case 'layoutChanged':
      case 'settingsChanged':
      case 'boosterChanged':
      case 'proxyPathChanged':
        if (differs(change.before, change.after)) out.config = true;
        break;
      case 'experimentChanged':
        if (change.after.mainProduct) out.products.add(change.after.mainProduct);
        out.gallery = true;
        break;
      case 'catalogProductsChanged':
        for (const gid of change.after.gids) out.catalogProducts.add(gid);
        break;
      case 'stockChanged':
        // The block shows the item sold out, or its alternative in its place.
        for (const gid of [...change.after.soldOut, ...change.after.restocked]) out.catalogProducts.add(gid);
        break;
      case 'shopInstalled':
      case 'catalogSynced':
        out.everything = true;
        break;
      case 'storefrontStale':
        for (const target of change.after.targets) {
          if (target === CONFIG_TARGET) out.config = true;
          else if (target === GALLERY_TARGET) out.gallery = true;
          else if (target.startsWith(PRODUCT_TARGET_PREFIX))
            out.products.add(target.slice(PRODUCT_TARGET_PREFIX.length));
        }
        break;
      default:
        // A kind this version does not know (recorded by a newer one): not the storefront's.
        break;
    }
  }
  return out;
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
        eb.exists(
          sql`(select 1 from jsonb_array_elements(related_items) as item where item->>'itemId' in (${list}) or item->'alternative'->>'itemId' in (${list}))`,
        ),
      ]),
    )
    .execute();
  return rows.map((r) => r.gid).filter(Boolean);
}

/** The metafields to write for a run of changes, with catalog products and "everything" resolved against the looks. */
export async function resolveStorefrontTargets(
  db: Db,
  shopId: number,
  changes: readonly RecordedChange[],
): Promise<StorefrontTargets> {
  const wanted = storefrontTargetsOf(changes);
  const targets: StorefrontTargets = { config: wanted.config, gallery: wanted.gallery, products: wanted.products };
  if (wanted.everything) {
    targets.config = true;
    targets.gallery = true;
    const rows = await db
      .selectFrom('productLooks')
      .select(sql<string>`main_product->>'itemId'`.as('gid'))
      .distinct()
      .where('shopId', '=', shopId)
      .execute();
    for (const { gid } of rows) if (gid) targets.products.add(gid);
  }
  const shown = await mainProductsShowing(db, shopId, [...wanted.catalogProducts]);
  for (const gid of shown) targets.products.add(gid);
  if (shown.length) targets.gallery = true;
  return targets;
}
