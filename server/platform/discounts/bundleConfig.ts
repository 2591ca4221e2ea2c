import { sql } from 'kysely';
import type { Db } from '../../db';
import {
  applicableDiscountValue,
  isLookDiscountType,
  MAX_DISCOUNT_TIERS,
  PERCENTAGE_MAX,
  type LookDiscount,
  type LookDiscountTier,
  type LookMainProduct,
  type LookRelatedItem,
} from '../../../src/contracts/looks';
import type { BoosterValues } from '../../../src/contracts/booster';
import { getBoosterValues } from '../../services/storefront/booster';
import { bundleStock, withStock } from './bundleStock';

/**
 * The configuration of the look bundle Function (extensions/look-bundle): the discount's metafield
 * `$app:looks` / `bundle`, JSON `{ currencyCode, looks: [{ lookId, productIds, type, value, label, tiers?, soldOutProductIds? }] }`.
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
  /** Mix-and-match tiers (any `quantity` items → `percentage` %), fewest items first; absent: none. */
  tiers?: LookDiscountTier[];
  /** The look's products that are sold out (every variant unavailable): the complete look is the others (bundleStock.ts); absent: none. */
  soldOutProductIds?: string[];
}

interface LookRow {
  id: number;
  mainProduct: LookMainProduct;
  relatedItems: LookRelatedItem[];
  discount: LookDiscount | null;
  /** The look's `discount_tiers` column (the booster's bundle has none). */
  discountTiers?: LookDiscountTier[] | null;
}

const productGid = (id: string) => (/^\d+$/.test(id) ? `gid://shopify/Product/${id}` : id);

/** The valid tiers, fewest items first (the form and the API validate them; this guards the stored JSON). */
function bundleTiers(tiers: LookDiscountTier[] | null | undefined, products: number): LookDiscountTier[] {
  return (Array.isArray(tiers) ? tiers : [])
    .map((tier) => ({
      quantity: Number(tier?.quantity),
      percentage: Math.min(PERCENTAGE_MAX, Number(tier?.percentage)),
    }))
    .filter(
      (tier) =>
        Number.isInteger(tier.quantity) && tier.quantity >= 2 && tier.quantity <= products && tier.percentage > 0,
    )
    .sort((a, b) => a.quantity - b.quantity)
    .slice(0, MAX_DISCOUNT_TIERS);
}

/** A look's bundle, or null when it has no enabled discount (a positive value or a tier) or no product. */
export function bundleLook(row: LookRow): BundleLook | null {
  const discount = row.discount;
  if (!discount?.enabled) return null;
  const number = Number(discount.value);
  const value = Number.isFinite(number) && number > 0 ? number : 0;
  if (!isLookDiscountType(discount.type)) return null;
  const ids = [row.mainProduct?.itemId, ...(row.relatedItems ?? []).map((item) => item.itemId)]
    .filter((id): id is string => typeof id === 'string' && id.trim() !== '')
    .map((id) => productGid(id.trim()));
  const productIds = [...new Set(ids)];
  const tiers = bundleTiers(row.discountTiers, productIds.length);
  if (!productIds.length || (value === 0 && !tiers.length)) return null;
  return {
    lookId: row.id,
    productIds,
    type: discount.type,
    value: applicableDiscountValue(discount.type, value),
    label: (discount.label ?? '').trim(),
    ...(tiers.length ? { tiers } : {}),
  };
}

/**
 * The booster's bundle discount (booster page: discount type "app") as the bundle of a look that has
 * no discount of its own: a percentage off the complete look with the booster's label.
 */
export function boosterBundle(
  booster: Pick<BoosterValues, 'discountType' | 'discountValue' | 'discountLabel'>,
): LookDiscount | null {
  if (booster.discountType !== 'app') return null;
  const value = Number(booster.discountValue);
  if (!Number.isFinite(value) || value <= 0) return null;
  return {
    enabled: true,
    type: 'percentage',
    value: applicableDiscountValue('percentage', value),
    label: booster.discountLabel ?? '',
    discountText: '',
  };
}

/**
 * The bundles of the shop's active looks, oldest look first: a look's own enabled discount while the
 * shop's "Use look discounts" setting (useProductLookDiscount) is on, else the booster's bundle
 * discount when the booster's discount type is "app" (the same Function applies both).
 */
export async function bundleLooks(db: Db, shopId: number): Promise<BundleLook[]> {
  const shop = await db.selectFrom('shops').select('settings').where('id', '=', shopId).executeTakeFirst();
  const ownDiscounts = shop?.settings?.useProductLookDiscount === true;
  const booster = boosterBundle(await getBoosterValues(db, shopId));
  if (!ownDiscounts && !booster) return [];
  let query = db
    .selectFrom('productLooks')
    .select(['id', 'mainProduct', 'relatedItems', 'discount', 'discountTiers'])
    .where('shopId', '=', shopId)
    .where('active', '=', true);
  if (!booster) query = query.where(sql<boolean>`discount->>'enabled' = 'true'`);
  const rows = await query.orderBy('id').execute();
  const stock = await bundleStock(
    db,
    shopId,
    rows
      .flatMap((r) => [
        r.mainProduct?.itemId ?? '',
        ...(r.relatedItems ?? []).flatMap((i) => [i.itemId, i.alternative?.itemId ?? '']),
      ])
      .filter(Boolean),
  );
  return rows
    .map((row) => {
      const own = ownDiscounts ? bundleLook(row) : null;
      const look = own ?? (booster ? bundleLook({ ...row, discount: booster, discountTiers: [] }) : null);
      return look && withStock(look, row.relatedItems ?? [], stock);
    })
    .filter((look): look is BundleLook => look !== null);
}

/**
 * The metafield values (JSON text), each at most `maxBytes` (UTF-8), the looks in order; usually
 * one. A look too large for a value on its own is left out and reported in `skipped`.
 */
export function bundleParts(
  currencyCode: string,
  looks: BundleLook[],
  maxBytes = FUNCTION_METAFIELD_MAX_BYTES,
): { parts: string[]; skipped: number[] } {
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
