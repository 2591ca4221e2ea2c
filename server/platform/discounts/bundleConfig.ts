import { sql } from 'kysely';
import type { Db } from '../../db';
import type { LookDiscount, LookMainProduct, LookRelatedItem } from '../../../src/contracts/looks';

/**
 * The configuration of the look bundle Function (extensions/look-bundle): the discount's metafield
 * `$app:looks` / `bundle`, JSON `{ currencyCode, looks: [{ lookId, productIds, type, value, label }] }`.
 */
export const BUNDLE_METAFIELD = { namespace: '$app:looks', key: 'bundle' } as const;

/** A Function's input query reads metafield values of up to 10,000 bytes. */
export const FUNCTION_METAFIELD_MAX_BYTES = 10_000;

export interface BundleLook {
  lookId: number;
  /** Product gids: the main product first, then the related products, each once. */
  productIds: string[];
  type: LookDiscount['type'];
  /** percentage: 0–100; fixed: an amount in the shop's currency, off each complete set. */
  value: number;
  /** Shown to the shopper with the discount. */
  label: string;
}

interface LookRow {
  id: number;
  mainProduct: LookMainProduct;
  relatedItems: LookRelatedItem[];
  discount: LookDiscount | null;
}

const productGid = (id: string) => (/^\d+$/.test(id) ? `gid://shopify/Product/${id}` : id);

/** A look's bundle, or null when it has no enabled, positive discount or no product. */
export function bundleLook(row: LookRow): BundleLook | null {
  const discount = row.discount;
  if (!discount?.enabled) return null;
  const value = Number(discount.value);
  if (!Number.isFinite(value) || value <= 0) return null;
  if (discount.type !== 'percentage' && discount.type !== 'fixed') return null;
  const ids = [row.mainProduct?.itemId, ...(row.relatedItems ?? []).map((item) => item.itemId)]
    .filter((id): id is string => typeof id === 'string' && id.trim() !== '')
    .map((id) => productGid(id.trim()));
  const productIds = [...new Set(ids)];
  if (!productIds.length) return null;
  return {
    lookId: row.id,
    productIds,
    type: discount.type,
    value: discount.type === 'percentage' ? Math.min(100, value) : value,
    label: (discount.label ?? '').trim(),
  };
}

/**
 * The bundles of the shop's active looks with an enabled discount, oldest look first; none while
 * the shop's "Use look discounts" setting (useProductLookDiscount) is off.
 */
export async function bundleLooks(db: Db, shopId: number): Promise<BundleLook[]> {
  const shop = await db.selectFrom('shops').select('settings').where('id', '=', shopId).executeTakeFirst();
  if (shop?.settings?.useProductLookDiscount !== true) return [];
  const rows = await db
    .selectFrom('productLooks')
    .select(['id', 'mainProduct', 'relatedItems', 'discount'])
    .where('shopId', '=', shopId)
    .where('active', '=', true)
    .where(sql<boolean>`discount->>'enabled' = 'true'`)
    .orderBy('id')
    .execute();
  return rows.map(bundleLook).filter((look): look is BundleLook => look !== null);
}

/**
 * The metafield values (JSON text), each at most `maxBytes` (UTF-8), the looks in order; usually
 * one. A look too large for a value on its own is left out and reported in `skipped`.
 */
export function bundleParts(currencyCode: string, looks: BundleLook[], maxBytes = FUNCTION_METAFIELD_MAX_BYTES): { parts: string[]; skipped: number[] } {
  const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
  const value = (part: BundleLook[]) => JSON.stringify({ currencyCode, looks: part });
  const empty = bytes(value([]));
  const parts: string[] = [];
  const skipped: number[] = [];
  let current: BundleLook[] = [];
  let size = empty;
  for (const look of looks) {
    const add = bytes(JSON.stringify(look)) + (current.length ? 1 : 0);
    if (size + add <= maxBytes) {
      current.push(look);
      size += add;
      continue;
    }
    if (current.length) parts.push(value(current));
    current = [];
    size = empty;
    if (size + bytes(JSON.stringify(look)) > maxBytes) {
      skipped.push(look.lookId);
      continue;
    }
    current.push(look);
    size += bytes(JSON.stringify(look));
  }
  if (current.length) parts.push(value(current));
  return { parts, skipped };
}
