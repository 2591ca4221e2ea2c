import type { Db } from '../../db';
import { recordChange } from '../changes/outbox';

/**
 * Catalog products changed on the platform: recorded in the change outbox (`catalogProductsChanged`);
 * the storefront metafield writer rewrites the active looks showing them. Used where a sync stores
 * products outside a transaction of its own (the catalog reconciliation).
 */
export async function storefrontChanged(
  db: Db,
  shopId: number,
  change: { catalogProducts: readonly string[] },
): Promise<void> {
  if (!change.catalogProducts.length) return;
  await recordChange(db, shopId, {
    kind: 'catalogProductsChanged',
    before: null,
    after: { gids: [...change.catalogProducts] },
  });
}
