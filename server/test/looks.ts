import type { Db } from '../db';
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
