import type { Db } from '../../db';
import type { CatalogProduct } from '../../../src/contracts/catalog';

export async function searchCatalog(db: Db, shopId: number, query: string, limit: number): Promise<CatalogProduct[]> {
  let q = db
    .selectFrom('catalogProducts')
    .select(['gid', 'handle', 'title', 'price', 'compareAtPrice', 'images', 'status', 'productType'])
    .where('shopId', '=', shopId)
    .where('status', '!=', 'archived')
    .orderBy('title')
    .limit(limit);
  const text = query.trim();
  if (text) q = q.where('title', 'ilike', `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const rows = await q.execute();
  return rows.map((r) => ({
    id: r.gid,
    handle: r.handle,
    title: r.title,
    price: Number(r.price),
    compareAtPrice: r.compareAtPrice === null ? null : Number(r.compareAtPrice),
    images: r.images,
    status: r.status,
    productType: r.productType,
  }));
}

export async function findProductsByGid(db: Db, shopId: number, gids: string[]) {
  if (!gids.length) return [];
  return db.selectFrom('catalogProducts').selectAll().where('shopId', '=', shopId).where('gid', 'in', gids).execute();
}
