/**
 * Which look items to offer in checkout: for the cart's products, the looks in their product
 * metafield `$app` / `looks` (ProductLooksMetafield, src/contracts/storefront.ts), and of those the
 * items not already in the cart. Pure, so the extension's component stays small and testable.
 */

/** The storefront contract's shapes, as far as the extension reads them (unknown fields are ignored). */
interface MetafieldItem {
  productId?: unknown;
  title?: unknown;
  image?: unknown;
  variantId?: unknown;
  available?: unknown;
}
interface MetafieldLook {
  id?: unknown;
  title?: unknown;
  items?: unknown;
}

export interface LookItemOffer {
  lookId: number;
  lookTitle: string;
  productId: string;
  variantId: string;
  title: string;
  image: string | null;
}

export interface CartLineLike {
  merchandise: { id: string; product?: { id: string } | null };
}

export interface AppMetafieldEntryLike {
  target: { type: string; id: string };
  metafield: { namespace: string; key: string; value: string | number | boolean };
}

export const LOOKS_NAMESPACE = '$app';
export const LOOKS_KEY = 'looks';
/** The shop's metafield `$app` / `checkout` (CheckoutBoosterMetafield): the admin's checkout toggle. */
export const SWITCH_KEY = 'checkout';
export const LOOK_LINE_PROPERTY = '_look_id';
export const MAX_OFFERS = 4;

/** A json metafield's value (a string, or already parsed) when it is an object of version 1; else null. */
function version1(value: unknown): Record<string, unknown> | null {
  let parsed: unknown = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return null;
    }
  }
  return parsed && typeof parsed === 'object' && (parsed as { v?: unknown }).v === 1
    ? (parsed as Record<string, unknown>)
    : null;
}

/** The looks of one product's metafield; anything that is not the v1 shape reads as none. */
export function looksOf(value: unknown): MetafieldLook[] {
  const looks = version1(value)?.looks;
  return Array.isArray(looks) ? looks.filter((l): l is MetafieldLook => !!l && typeof l === 'object') : [];
}

/**
 * The merchant's switch in the app (Booster, "Enable on checkout page", and the app enabled): on only
 * when the shop's `$app` / `checkout` metafield says `{ v: 1, enabled: true }`. Missing or unreadable
 * reads as off, as the toggle's default is.
 */
export function switchedOn(entries: readonly AppMetafieldEntryLike[]): boolean {
  const entry = entries.find(
    (e) => e.target.type === 'shop' && e.metafield.namespace === LOOKS_NAMESPACE && e.metafield.key === SWITCH_KEY,
  );
  return !!entry && version1(entry.metafield.value)?.enabled === true;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The resource's number: `gid://shopify/Product/123` → `123` (also `123`, a number, or a gid with a
 * query). Checkout's ids (cart lines, `appMetafields` targets) and the metafield's ids (written by the
 * backend) are compared by it: the same product may come as a gid from one and as a bare number from
 * the other. Anything without a numeric tail compares as itself.
 */
export function gidTail(id: unknown): string {
  const value = typeof id === 'number' ? String(id) : text(id);
  return /(\d+)(?:\?[^/]*)?$/.exec(value)?.[1] ?? value;
}

/**
 * The items to offer, in cart order then the merchant's order within each look, each product once
 * (the first look offering it names the line's `_look_id`): available, with a variant, and neither
 * the product nor the variant already in the cart.
 */
export function lookItemsToOffer(
  lines: readonly CartLineLike[],
  entries: readonly AppMetafieldEntryLike[],
  max = MAX_OFFERS,
): LookItemOffer[] {
  // Keyed by the numeric tail of the gid (see gidTail).
  const inCartProducts = new Set(
    lines
      .map((l) => l.merchandise.product?.id)
      .filter((id): id is string => !!id)
      .map(gidTail),
  );
  const inCartVariants = new Set(lines.map((l) => gidTail(l.merchandise.id)));
  const looksByProduct = new Map<string, MetafieldLook[]>();
  for (const entry of entries) {
    const { target, metafield } = entry;
    if (target.type !== 'product' || metafield.namespace !== LOOKS_NAMESPACE || metafield.key !== LOOKS_KEY) continue;
    looksByProduct.set(gidTail(target.id), looksOf(metafield.value));
  }
  const offers: LookItemOffer[] = [];
  const offered = new Set<string>();
  for (const productId of inCartProducts) {
    for (const look of looksByProduct.get(productId) ?? []) {
      if (typeof look.id !== 'number' || !Array.isArray(look.items)) continue;
      for (const raw of look.items as MetafieldItem[]) {
        if (offers.length >= max) return offers;
        const itemProduct = text(raw?.productId);
        const variantId = text(raw?.variantId);
        if (!itemProduct || !variantId || raw.available === false) continue;
        if (
          inCartProducts.has(gidTail(itemProduct)) ||
          inCartVariants.has(gidTail(variantId)) ||
          offered.has(gidTail(itemProduct))
        )
          continue;
        offered.add(gidTail(itemProduct));
        offers.push({
          lookId: look.id,
          lookTitle: text(look.title),
          productId: itemProduct,
          // The cart line needs the variant's gid (a bare number in the metafield is made one).
          variantId: /^\d+$/.test(variantId) ? `gid://shopify/ProductVariant/${variantId}` : variantId,
          title: text(raw.title) || itemProduct,
          image: text(raw.image) || null,
        });
      }
    }
  }
  return offers;
}

/** The cart change that adds one offered item, attributed to its look. */
export const addLineChange = (offer: LookItemOffer) => ({
  type: 'addCartLine' as const,
  merchandiseId: offer.variantId,
  quantity: 1,
  attributes: [{ key: LOOK_LINE_PROPERTY, value: String(offer.lookId) }],
});
