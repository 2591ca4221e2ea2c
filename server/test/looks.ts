import type { Db } from '../db';
import type { CatalogProductInput } from '../services/shop/catalog';
import type { LookMainProduct, LookRelatedItem } from '../../src/contracts/looks';

export interface TestLook {
  title?: string;
  active?: boolean;
  mainProduct?: Partial<LookMainProduct>;
  relatedItems?: LookRelatedItem[];
  updatedAt?: Date;
}

/** Inserts a look row straight into the database (tests and benchmarks that need one quickly). */
export async function insertLook(db: Db, shopId: number, look: TestLook = {}): Promise<number> {
  const title = look.title ?? 'Look';
  const row = await db
    .insertInto('productLooks')
    .values({
      shopId,
      title,
      active: look.active ?? true,
      mainProduct: JSON.stringify({
        itemId: 'gid://shopify/Product/1',
        title,
        image: '',
        selectedMainImage: null,
        productImages: [],
        ...look.mainProduct,
      }),
      relatedItems: JSON.stringify(look.relatedItems ?? []),
      markerColor: 'FFFFFF',
      featured: false,
      media: JSON.stringify([]),
      discount: null,
      tags: '',
      ...(look.updatedAt ? { updatedAt: look.updatedAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A valid look form body (POST/PATCH /productLooks) for request tests; `patch` replaces top-level fields. */
export function lookFormBody(patch: Record<string, unknown> = {}) {
  return {
    mainProduct: {
      itemId: 'gid://shopify/Product/1001',
      title: 'Tee',
      image: '',
      selectedMainImage: null,
      productImages: [] as string[],
    },
    active: false,
    relatedItems: [
      {
        itemId: 'gid://shopify/Product/1002',
        title: 'Pants',
        image: '',
        order: 0,
        type: 'product',
        markerX: 10,
        markerY: 20,
      },
    ],
    markerColor: 'FFFFFF',
    featured: false,
    media: [] as Array<{ id: number; url: string }>,
    discount: { enabled: false, label: '', type: 'percentage', value: 10, discountText: '', tiers: [] },
    tags: '',
    ...patch,
  };
}

/** A catalog product as the platform describes it (`gid://shopify/Product/<n>`), for catalog and stock tests. */
export function catalogProductInput(n: number, extra: Partial<CatalogProductInput> = {}): CatalogProductInput {
  return {
    gid: `gid://shopify/Product/${n}`,
    handle: `p-${n}`,
    title: `Product ${n}`,
    status: 'active',
    price: 10,
    compareAtPrice: null,
    images: [],
    productType: '',
    ...extra,
  };
}

/** A look item showing product <n> (its marker at 50 %, 50 %), with an optional alternative product. */
export function lookItem(n: number, order = 0, alternative?: number): LookRelatedItem {
  return {
    itemId: `gid://shopify/Product/${n}`,
    title: `Product ${n}`,
    image: '',
    order,
    type: 'product',
    markerX: 50,
    markerY: 50,
    ...(alternative
      ? { alternative: { itemId: `gid://shopify/Product/${alternative}`, title: `Product ${alternative}`, image: '' } }
      : {}),
  };
}
