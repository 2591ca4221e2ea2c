import type { Selectable } from 'kysely';
import type { Db } from '../../../db';
import type { CatalogProductsTable } from '../../../db/tables/foundation';
import type { StorefrontLook } from '../../../../src/contracts/storefront';
import { liveProduct, type LiveProduct, type LiveProductInput } from './objects';

export type CatalogProductRow = Selectable<CatalogProductsTable>;

/** Where a page links a product and how it shows an image: the demo storefront and the app proxy differ. */
export interface ProductLinks {
  url: (handle: string) => string;
  image: (ref: string | null) => string | null;
}

/** A catalog row as the Liquid `product` object (one rule for the demo storefront and the app proxy pages). */
export function catalogLiveProduct(
  p: CatalogProductRow,
  links: ProductLinks,
  variants?: LiveProductInput['variants'],
): LiveProduct {
  return liveProduct({
    gid: p.gid,
    handle: p.handle,
    title: p.title,
    url: links.url(p.handle),
    price: Number(p.price),
    compareAtPrice: p.compareAtPrice === null ? null : Number(p.compareAtPrice),
    // Sold out (every variant unavailable: catalog_products.available) reads as not available.
    available: p.status === 'active' && p.available,
    image: links.image(p.images[0] ?? null),
    variantId: p.defaultVariantGid,
    variants,
  });
}

/** The catalog rows of these looks' products (main products, items and their alternatives, each handle once). */
export async function catalogRowsOfLooks(
  db: Db,
  shopId: number,
  looks: StorefrontLook[],
): Promise<CatalogProductRow[]> {
  const handles = [
    ...new Set(
      looks
        .flatMap((l) => [l.mainProduct.handle, ...l.items.flatMap((i) => [i.handle, i.alternative?.handle ?? ''])])
        .filter(Boolean),
    ),
  ];
  if (!handles.length) return [];
  return db
    .selectFrom('catalogProducts')
    .selectAll()
    .where('shopId', '=', shopId)
    .where('handle', 'in', handles)
    .execute();
}
