import type { Db } from '../../db';
import type { ShopRow } from '../shop/shops';
import type { CreatedCollection, LookCollection } from '../../../src/contracts/booster';
import { forbidden, notFound } from '../../http/errors';
import { proxyPathOf } from './proxyPath';

const slug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'looks';

/** The collection's page on the shop's storefront: the app proxy (its path as the platform last signed it, see proxyPath.ts → /api/proxy/collections/:id). */
export const collectionStorefrontLink = (shop: Pick<ShopRow, 'domain' | 'proxyPath'>, id: number, name: string) =>
  `https://${shop.domain}${proxyPathOf(shop)}/collections/${id}-${slug(name)}`;

export const FEATURED_COLLECTION_NAME = 'Featured looks';

/** Every shop has one featured collection (created on first read; never deletable). */
async function ensureFeatured(db: Db, shopId: number): Promise<void> {
  const existing = await db
    .selectFrom('lookCollections')
    .select('id')
    .where('shopId', '=', shopId)
    .where('isFeatured', '=', true)
    .executeTakeFirst();
  if (existing) return;
  await db
    .insertInto('lookCollections')
    .values({ shopId, name: FEATURED_COLLECTION_NAME, isFeatured: true })
    .onConflict((oc) => oc.column('shopId').where('isFeatured', '=', true).doNothing())
    .execute();
}

export async function listCollections(db: Db, shop: ShopRow): Promise<LookCollection[]> {
  await ensureFeatured(db, shop.id);
  const rows = await db
    .selectFrom('lookCollections')
    .select(['id', 'name', 'isFeatured'])
    .where('shopId', '=', shop.id)
    .orderBy('isFeatured', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...r, storeFrontLink: collectionStorefrontLink(shop, r.id, r.name) }));
}

/** POST /productLookCollections: the body as the route validated it (the route table's schema). */
export async function createCollection(db: Db, shop: ShopRow, { name }: { name: string }): Promise<CreatedCollection> {
  const row = await db
    .insertInto('lookCollections')
    .values({ shopId: shop.id, name: name.trim(), isFeatured: false })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return { ...row, storeFrontLink: collectionStorefrontLink(shop, row.id, row.name) };
}

/** Only non-featured collections of the shop can be deleted. */
export async function deleteCollection(db: Db, shop: ShopRow, id: number): Promise<void> {
  const row = await db
    .selectFrom('lookCollections')
    .select(['id', 'isFeatured'])
    .where('shopId', '=', shop.id)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Booster.errors.collectionNotFound');
  if (row.isFeatured) throw forbidden('Booster.errors.featuredNotDeletable', 'collection_featured');
  await db.deleteFrom('lookCollections').where('shopId', '=', shop.id).where('id', '=', id).execute();
}
