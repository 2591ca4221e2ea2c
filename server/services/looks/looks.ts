import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db';
import type { Config } from '../../config';
import { cacheVersion, canCache, invalidateShared } from '../../db/sharedCache';
import type { ProductLooksTable } from '../../db/tables/looks';
import {
  EMPTY_DISCOUNT,
  PLAN_UPGRADE_REQUIRED,
  reindexRelatedItems,
  splitTags,
  toFormValues,
  type Look,
  type LookFormValues,
  type LookDetailResponse,
  type LookListItem,
  type LookMainProduct,
  type LookMedia,
} from '../../../src/contracts/looks';
import { paginationDetails, type Paginated } from '../../../src/contracts/api';
import { HttpError, notFound, validationFailed } from '../../http/errors';
import { activeLookLimit, countActiveLooks } from '../billing/planLimits';
import { mediaUrl } from './media';
import { deletedProductGids, lookHasDeletedProduct, lookProductGids } from './deletedProducts';
import { lookSoldOutItemCount, soldOutProductGids } from './soldOutItems';
import { lookState, recordChange } from '../changes/outbox';

type LookRow = Selectable<ProductLooksTable>;

/** Absolute URL for a stored image path (catalog images are stored relative). */
export function absoluteUrl(config: Pick<Config, 'appUrl'>, value: string | null | undefined): string | null {
  if (!value) return null;
  if (/^https?:\/\//i.test(value)) return value;
  return `${config.appUrl}${value.startsWith('/') ? '' : '/'}${value}`;
}

/** The demo storefront page of a product, showing the look (SPEC: storeFrontUrl / previewUrl). */
export function storefrontUrl(
  config: Pick<Config, 'appUrl'>,
  handle: string | null | undefined,
  lookId: number,
): string | null {
  if (!handle) return null;
  return `${config.appUrl}/storefront/products/${encodeURIComponent(handle)}?look=${lookId}`;
}

function toLook(row: LookRow): Look {
  return {
    id: row.id,
    title: row.title,
    ...toFormValues({
      mainProduct: row.mainProduct,
      active: row.active,
      relatedItems: row.relatedItems,
      markerColor: row.markerColor,
      featured: row.featured,
      media: row.media,
      discount: { ...(row.discount ?? EMPTY_DISCOUNT), tiers: row.discountTiers ?? [] },
      tags: row.tags,
    }),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The list is read far more often than written: pages are kept for one second
 * per database and shop. A write of a look drops the shop's pages at once in
 * this instance and, through the database's NOTIFY, in every other instance
 * (db/sharedCache); other writers (catalog changes) show within the second.
 */
const LIST_CACHE_TTL_MS = 1000;
const LIST_CACHE_MAX = 1000;
const listCaches = new WeakMap<Db, Map<string, { version: number; expires: number; value: Paginated<LookListItem> }>>();
const listKey = (shopId: number) => `looks:${shopId}`;

function listCache(db: Db) {
  let cache = listCaches.get(db);
  if (!cache) listCaches.set(db, (cache = new Map()));
  return cache;
}

/** Drops the cached list pages of a shop in every instance (after a committed write). Never throws. */
export async function invalidateLooksList(db: Db, shopId: number): Promise<void> {
  await invalidateShared(db, listKey(shopId));
}

/** GET /productLooks (cached for a second, see above). */
export async function listLooks(
  db: Db,
  config: Config,
  shopId: number,
  params: { page: number; limit: number; query: string },
): Promise<Paginated<LookListItem>> {
  const cache = listCache(db);
  const key = `${shopId}|${params.page}|${params.limit}|${params.query.trim().toLowerCase()}`;
  const version = cacheVersion(db, listKey(shopId));
  const hit = cache.get(key);
  if (hit && hit.version === version && hit.expires > Date.now()) return hit.value;
  const value = await queryLooks(db, config, shopId, params);
  if (await canCache(db)) {
    if (cache.size >= LIST_CACHE_MAX) cache.clear();
    cache.set(key, { version, expires: Date.now() + LIST_CACHE_TTL_MS, value });
  }
  return value;
}

const titleCaches = new WeakMap<
  Db,
  Map<number, { version: number; expires: number; value: ReadonlyMap<number, string> }>
>();

/**
 * Id → title of every look of a shop (stats name their top looks with it and
 * count them), cached and dropped exactly like the list pages: a look write
 * shows at once in every instance, any other writer within the second.
 */
export async function lookTitles(db: Db, shopId: number): Promise<ReadonlyMap<number, string>> {
  let cache = titleCaches.get(db);
  if (!cache) titleCaches.set(db, (cache = new Map()));
  const version = cacheVersion(db, listKey(shopId));
  const hit = cache.get(shopId);
  if (hit && hit.version === version && hit.expires > Date.now()) return hit.value;
  const rows = await db.selectFrom('productLooks').select(['id', 'title']).where('shopId', '=', shopId).execute();
  const value: ReadonlyMap<number, string> = new Map(rows.map((r) => [r.id, r.title]));
  if (await canCache(db)) {
    if (cache.size >= LIST_CACHE_MAX) cache.clear();
    cache.set(shopId, { version, expires: Date.now() + LIST_CACHE_TTL_MS, value });
  }
  return value;
}

/** The list from the database: newest first, case-insensitive search in title and tags. */
async function queryLooks(
  db: Db,
  config: Config,
  shopId: number,
  { page, limit, query }: { page: number; limit: number; query: string },
): Promise<Paginated<LookListItem>> {
  const text = query.trim();
  let base = db.selectFrom('productLooks as l').where('l.shopId', '=', shopId);
  if (text) {
    const pattern = `%${escapeLike(text)}%`;
    base = base.where((eb) => eb.or([eb('l.title', 'ilike', pattern), eb('l.tags', 'ilike', pattern)]));
  }
  const offset = (page - 1) * limit;
  const rows = await base
    .leftJoin('catalogProducts as p', (join) =>
      join.onRef('p.shopId', '=', 'l.shopId').on(sql<string>`p.gid`, '=', sql<string>`l.main_product->>'itemId'`),
    )
    .select([
      'l.id',
      'l.title',
      'l.active',
      'l.tags',
      'p.handle',
      lookHasDeletedProduct.as('productDeleted'),
      lookSoldOutItemCount.as('soldOutItems'),
      // Only the image fields of the main product, not its whole JSON.
      sql<
        string | null
      >`coalesce(nullif(l.main_product->>'selectedMainImage', ''), nullif(l.main_product->>'image', ''), l.main_product->'productImages'->>0)`.as(
        'image',
      ),
    ])
    .orderBy('l.createdAt', 'desc')
    .orderBy('l.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  // A page that is not full tells the total by itself; only a full (or empty, past the end) page needs a count.
  const totalItems =
    rows.length > 0 && rows.length < limit
      ? offset + rows.length
      : rows.length === 0 && page === 1
        ? 0
        : Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    data: rows.map((r) => ({
      id: r.id,
      title: r.title,
      active: r.active,
      image: absoluteUrl(config, r.image),
      storeFrontUrl: storefrontUrl(config, r.handle, r.id),
      tags: r.tags,
      // Only when true: the SPEC's list item stays as it is for every other look.
      ...(r.productDeleted ? { productDeleted: true } : {}),
      ...(r.soldOutItems > 0 ? { soldOutItems: Number(r.soldOutItems) } : {}),
    })),
    paginationDetails: paginationDetails(page, limit, totalItems),
  };
}

async function findRow(db: Db, shopId: number, id: number): Promise<LookRow> {
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound('Looks.errors.notFound');
  const row = await db
    .selectFrom('productLooks')
    .selectAll()
    .where('shopId', '=', shopId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Looks.errors.notFound');
  return row;
}

async function previewUrlOf(db: Db, config: Config, shopId: number, look: Look): Promise<string | null> {
  const product = await db
    .selectFrom('catalogProducts')
    .select('handle')
    .where('shopId', '=', shopId)
    .where('gid', '=', look.mainProduct.itemId)
    .executeTakeFirst();
  return storefrontUrl(config, product?.handle, look.id);
}

/** The look with its preview URL and, when the platform deleted some of its products or some of its items are sold out, their ids. */
async function detail(db: Db, config: Config, shopId: number, look: Look): Promise<LookDetailResponse> {
  const [previewUrl, deletedProducts, soldOutProducts] = await Promise.all([
    previewUrlOf(db, config, shopId, look),
    deletedProductGids(db, shopId, lookProductGids(look)),
    soldOutProductGids(
      db,
      shopId,
      (look.relatedItems ?? []).map((r) => r.itemId),
    ),
  ]);
  return {
    look,
    previewUrl,
    ...(deletedProducts.length ? { deletedProducts } : {}),
    ...(soldOutProducts.length ? { soldOutProducts } : {}),
  };
}

export async function getLook(db: Db, config: Config, shopId: number, id: number) {
  const look = toLook(await findRow(db, shopId, id));
  return detail(db, config, shopId, look);
}

/** Media must be this shop's uploads; their URL is taken from the server, never from the body. */
async function resolveMedia(db: Db, config: Config, shopId: number, media: LookMedia[]): Promise<LookMedia[]> {
  if (!media.length) return [];
  const ids = [...new Set(media.map((m) => m.id))];
  const rows = await db
    .selectFrom('productLookMedia')
    .select(['id', 'fileName'])
    .where('shopId', '=', shopId)
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const errors: Record<string, { key: string; values: Record<string, string> }> = {};
  media.forEach((m, i) => {
    if (!byId.has(m.id))
      errors[`media[${i}].id`] = { key: 'Looks.validation.unknownMedia', values: { path: `media[${i}].id` } };
  });
  if (Object.keys(errors).length) throw validationFailed(errors);
  return ids.map((id) => ({ id, url: mediaUrl(config, byId.get(id)!.fileName) }));
}

function normalise(values: LookFormValues): LookFormValues {
  return {
    ...values,
    markerColor: values.markerColor.toUpperCase(),
    relatedItems: reindexRelatedItems(values.relatedItems),
    tags: splitTags(values.tags).join(','),
  };
}

async function assertActiveAllowed(db: Db, shopId: number) {
  const limit = await activeLookLimit(db, shopId);
  if (limit !== null && (await countActiveLooks(db, shopId)) >= limit) {
    throw new HttpError(403, 'Looks.errors.planUpgrade', PLAN_UPGRADE_REQUIRED);
  }
}

/** The discount column holds everything but the tiers (their own column, migration 0050). */
const discountWithoutTiers = ({ tiers: _tiers, ...rest }: LookFormValues['discount']) => rest;

const columns = (v: LookFormValues) => ({
  title: v.mainProduct.title || v.mainProduct.itemId,
  active: v.active,
  mainProduct: JSON.stringify(v.mainProduct),
  relatedItems: JSON.stringify(v.relatedItems),
  markerColor: v.markerColor,
  featured: v.featured,
  media: JSON.stringify(v.media),
  discount: JSON.stringify(discountWithoutTiers(v.discount)),
  discountTiers: JSON.stringify((v.discount.tiers ?? []).map(({ quantity, percentage }) => ({ quantity, percentage }))),
  tags: v.tags,
});

/** POST /productLooks. Values come validated by lookFormSchema. */
export async function createLook(db: Db, config: Config, shopId: number, input: LookFormValues) {
  const values = normalise({ ...input, media: await resolveMedia(db, config, shopId, input.media) });
  const created = await db.transaction().execute(async (trx) => {
    // Serialise creates/activations of one shop so two requests cannot both pass the plan check.
    await trx.selectFrom('shops').select('id').where('id', '=', shopId).forUpdate().execute();
    if (values.active) await assertActiveAllowed(trx, shopId);
    const row = await trx
      .insertInto('productLooks')
      .values({ shopId, ...columns(values) })
      .returningAll()
      .executeTakeFirstOrThrow();
    const look = toLook(row);
    await recordChange(db, shopId, { kind: 'lookChanged', before: null, after: lookState(look) }, trx);
    return { look, id: look.id };
  });
  await invalidateLooksList(db, shopId);
  return created;
}

/** PATCH /productLooks/:id: the whole form; activating checks the plan limit. */
export async function updateLook(db: Db, config: Config, shopId: number, id: number, input: LookFormValues) {
  const values = normalise({ ...input, media: await resolveMedia(db, config, shopId, input.media) });
  const look = await db.transaction().execute(async (trx) => {
    await trx.selectFrom('shops').select('id').where('id', '=', shopId).forUpdate().execute();
    const current = await findRow(trx, shopId, id);
    if (values.active && !current.active) await assertActiveAllowed(trx, shopId);
    const row = await trx
      .updateTable('productLooks')
      // The look keeps its title while its main product stays the same.
      .set({
        ...columns(values),
        ...(current.mainProduct.itemId === values.mainProduct.itemId ? { title: current.title } : {}),
        updatedAt: new Date(),
      })
      .where('shopId', '=', shopId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const updated = toLook(row);
    await recordChange(db, shopId, { kind: 'lookChanged', before: lookState(current), after: lookState(updated) }, trx);
    return updated;
  });
  await invalidateLooksList(db, shopId);
  return detail(db, config, shopId, look);
}

export async function deleteLook(db: Db, shopId: number, id: number): Promise<void> {
  const row = await findRow(db, shopId, id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('productLooks').where('shopId', '=', shopId).where('id', '=', id).execute();
    await recordChange(db, shopId, { kind: 'lookChanged', before: lookState(row), after: null }, trx);
  });
  await invalidateLooksList(db, shopId);
}

/** Main product of a discount link (/looks/discounts/:id): the catalog product by numeric id or gid. */
export async function discountLinkProduct(db: Db, shopId: number, productId: string): Promise<LookMainProduct> {
  const gid = /^\d+$/.test(productId) ? `gid://shopify/Product/${productId}` : productId;
  const product = await db
    .selectFrom('catalogProducts')
    .select(['gid', 'title', 'images'])
    .where('shopId', '=', shopId)
    .where('gid', '=', gid)
    .where('status', '!=', 'archived')
    .executeTakeFirst();
  if (!product) throw notFound('Looks.errors.productNotFound');
  const image = product.images[0] ?? '';
  return {
    itemId: product.gid,
    title: product.title,
    image,
    selectedMainImage: image || null,
    productImages: product.images,
  };
}
