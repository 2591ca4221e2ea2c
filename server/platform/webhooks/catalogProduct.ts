import type { Db } from '../../db';
import type { CatalogProductsTable } from '../../db/tables/foundation';
import { invalidateLooksList } from '../../services/looks/looks';
import { upsertCatalogProducts } from '../../services/shop/catalog';
import { recordChange } from '../../services/changes/outbox';
import { asObject, cleanText, numericId, platformId } from './payloads';
import { WebhookPayloadError } from './types';
import { platformTime } from '../catalogProducts';

/** The catalog row a REST-shaped product payload (products/create, products/update) describes. */
export interface ProductData {
  gid: string;
  handle: string | null;
  title: string;
  status: CatalogProductsTable['status'];
  price: string;
  compareAtPrice: string | null;
  images: string[];
  productType: string;
  /** The first variant (lowest position), as a gid; null when the payload lists none. */
  defaultVariantGid: string | null;
  /** The payload's `updated_at`: an older payload never overwrites newer data (null: unknown). */
  platformUpdatedAt: Date | null;
  /** Some variant can be sold (false: sold out); undefined when the payload says nothing of stock. */
  available?: boolean;
}

/**
 * Whether a REST product payload's variants can be sold. A variant can be sold when the platform does
 * not track its inventory (`inventory_management` null), sells it past zero (`inventory_policy`
 * "continue") or has stock (`inventory_quantity` > 0). Undefined (keep what is stored) when no variant
 * carries inventory fields: the payload then says nothing of stock.
 */
export function variantsForSale(variants: unknown): boolean | undefined {
  const listed = (Array.isArray(variants) ? variants : []).filter(
    (v): v is Record<string, unknown> => !!v && typeof v === 'object',
  );
  const known = listed.filter(
    (v) => typeof v.inventory_quantity === 'number' || typeof v.inventory_policy === 'string',
  );
  if (!known.length) return undefined;
  return known.some(
    (v) =>
      ('inventory_management' in v && v.inventory_management === null) ||
      String(v.inventory_policy ?? '').toLowerCase() === 'continue' ||
      (typeof v.inventory_quantity === 'number' && v.inventory_quantity > 0),
  );
}

const MAX_PRICE = 9_999_999_999.99; // numeric(12,2)

const money = (value: unknown): number | null => {
  if (value === null || value === undefined || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 && n <= MAX_PRICE ? Math.round(n * 100) / 100 : null;
};

/** The first variant of a REST product payload (lowest `position`, else the first listed) as a gid. */
export function firstVariantGid(variants: unknown): string | null {
  const listed = (Array.isArray(variants) ? variants : []).filter(
    (v): v is Record<string, unknown> => !!v && typeof v === 'object',
  );
  const withIds = listed
    .map((v, i) => ({
      id: platformId(v.admin_graphql_api_id) ?? platformId(v.id),
      position: typeof v.position === 'number' ? v.position : Number.MAX_SAFE_INTEGER,
      i,
    }))
    .filter(
      (v): v is { id: string; position: number; i: number } =>
        v.id !== null && (!v.id.startsWith('gid://') || v.id.startsWith('gid://shopify/ProductVariant/')),
    )
    .sort((a, b) => a.position - b.position || a.i - b.i);
  return withIds[0] ? `gid://shopify/ProductVariant/${numericId(withIds[0].id)}` : null;
}

export function productGid(id: unknown): string {
  const value = platformId(id);
  if (!value || (value.startsWith('gid://') && !value.startsWith('gid://shopify/Product/')))
    throw new WebhookPayloadError('Product id is missing');
  return `gid://shopify/Product/${numericId(value)}`;
}

/** Reads id, title, handle, status, images and the lowest variant price of a product payload. */
export function productFromPayload(payload: unknown): ProductData {
  const p = asObject(payload, 'product');
  const gid = productGid(p.id);
  if (typeof p.title !== 'string' || !p.title.trim()) throw new WebhookPayloadError('Product title is missing');
  const handle = typeof p.handle === 'string' && p.handle.trim() ? cleanText(p.handle.trim(), 255) : null;
  const status = typeof p.status === 'string' ? p.status.toLowerCase() : 'active';
  const variants = (Array.isArray(p.variants) ? p.variants : [])
    .filter((v): v is Record<string, unknown> => !!v && typeof v === 'object')
    .map((v) => ({ price: money(v.price), compareAt: money(v.compare_at_price) }))
    .filter((v): v is { price: number; compareAt: number | null } => v.price !== null)
    .sort((a, b) => a.price - b.price);
  const cheapest = variants[0];
  const imageList = Array.isArray(p.images) ? p.images : p.image ? [p.image] : [];
  const images = imageList
    .map((img) => (img && typeof img === 'object' ? (img as Record<string, unknown>).src : img))
    .filter((src): src is string => typeof src === 'string' && /^https:\/\/[^\s]+$/i.test(src))
    .map((src) => cleanText(src, 2000))
    .slice(0, 20);
  return {
    gid,
    handle,
    title: cleanText(p.title.trim(), 500),
    // As the catalog sync: archived and draft as such, anything else (active, unlisted) is sold.
    status: status === 'archived' || status === 'draft' ? status : 'active',
    price: (cheapest?.price ?? 0).toFixed(2),
    compareAtPrice: cheapest?.compareAt && cheapest.compareAt > cheapest.price ? cheapest.compareAt.toFixed(2) : null,
    images,
    productType: cleanText(p.product_type ?? '', 255),
    defaultVariantGid: firstVariantGid(p.variants),
    platformUpdatedAt: platformTime(p.updated_at),
    available: variantsForSale(p.variants),
  };
}

/**
 * Writes the product's data into the catalog (insert or update by gid; an update older than the stored
 * one by `updated_at` changes nothing); a deleted mark goes. Both record a `catalogProductsChanged`
 * change in their transaction (services/changes).
 */
export async function saveProduct(db: Db, shopId: number, product: ProductData): Promise<void> {
  const current = product.handle
    ? undefined
    : await db
        .selectFrom('catalogProducts')
        .select('handle')
        .where('shopId', '=', shopId)
        .where('gid', '=', product.gid)
        .executeTakeFirst();
  const handle = product.handle ?? current?.handle ?? `product-${numericId(product.gid)}`;
  await db.transaction().execute(async (trx) => {
    await upsertCatalogProducts(db, shopId, [{ ...product, handle }], trx);
    // A product the platform describes exists (again).
    await trx.deleteFrom('deletedProducts').where('shopId', '=', shopId).where('gid', '=', product.gid).execute();
    // The looks showing it show its new title, price, images… on the storefront.
    await recordChange(
      db,
      shopId,
      { kind: 'catalogProductsChanged', before: null, after: { gids: [product.gid] } },
      trx,
    );
  });
  await invalidateLooksList(db, shopId);
}

/** products/delete: the product leaves the catalog and is remembered as deleted for the looks that show it. */
export async function deleteProduct(db: Db, shopId: number, gid: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('catalogProducts').where('shopId', '=', shopId).where('gid', '=', gid).execute();
    await trx
      .insertInto('deletedProducts')
      .values({ shopId, gid })
      .onConflict((oc) => oc.doNothing())
      .execute();
    // The looks showing it leave it out on the storefront.
    await recordChange(db, shopId, { kind: 'catalogProductsChanged', before: null, after: { gids: [gid] } }, trx);
  });
  await invalidateLooksList(db, shopId);
}
