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
      mainProduct: JSON.stringify({ itemId: 'gid://shopify/Product/1', title, image: '', selectedMainImage: null, productImages: [], ...look.mainProduct }),
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
