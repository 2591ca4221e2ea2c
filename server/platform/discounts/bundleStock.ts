import type { Db } from '../../db';
import type { LookRelatedItem } from '../../../src/contracts/looks';
import type { BundleLook } from './bundleConfig';

/** What the bundle needs to know of the catalog's stock: the products that are sold out, those that can be sold. */
export interface BundleStock {
  soldOut: ReadonlySet<string>;
  /** Sold (active) and available: an alternative shown instead of a sold-out item. */
  forSale: ReadonlySet<string>;
}

const productGid = (id: string) => (/^\d+$/.test(id) ? `gid://shopify/Product/${id}` : id);

/**
 * The look's bundle as the storefront sells it (issue 28 §4): an item that is sold out and has an
 * alternative for sale counts as that alternative (its product takes the item's place in `productIds`,
 * so the Function discounts it as the item); the look's products still sold out are listed in
 * `soldOutProductIds` (absent when none), and the Function counts the look complete without them.
 */
export function withStock(look: BundleLook, items: readonly LookRelatedItem[], stock: BundleStock): BundleLook {
  const replacement = new Map<string, string>();
  for (const item of items) {
    const gid = productGid(item.itemId.trim());
    const alternative = item.alternative?.itemId ? productGid(item.alternative.itemId.trim()) : null;
    if (
      stock.soldOut.has(gid) &&
      alternative &&
      stock.forSale.has(alternative) &&
      !look.productIds.includes(alternative)
    )
      replacement.set(gid, alternative);
  }
  const productIds = [...new Set(look.productIds.map((gid) => replacement.get(gid) ?? gid))];
  const soldOutProductIds = productIds.filter((gid) => stock.soldOut.has(gid));
  // Absent while nothing is sold out: the value stays as small as before (a Function reads at most 10,000 bytes).
  return { ...look, productIds, ...(soldOutProductIds.length ? { soldOutProductIds } : {}) };
}

/** The stock of these products (items and their alternatives) in the shop's catalog. */
export async function bundleStock(db: Db, shopId: number, gids: readonly string[]): Promise<BundleStock> {
  const ids = [...new Set(gids.map((g) => productGid(g.trim())).filter(Boolean))];
  if (!ids.length) return { soldOut: new Set(), forSale: new Set() };
  const rows = await db
    .selectFrom('catalogProducts')
    .select(['gid', 'status', 'available'])
    .where('shopId', '=', shopId)
    .where('gid', 'in', ids)
    .execute();
  return {
    soldOut: new Set(rows.filter((r) => !r.available).map((r) => r.gid)),
    forSale: new Set(rows.filter((r) => r.available && r.status === 'active').map((r) => r.gid)),
  };
}
