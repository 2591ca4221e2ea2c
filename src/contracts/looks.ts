/** Look entities (SPEC §3), the look form values, their defaults and rules; the schema (SPEC §5) the form and the server share is in ./looks.schema. */

export interface LookMainProduct {
  itemId: string;
  title: string;
  image: string;
  selectedMainImage?: string | null;
  productImages?: string[];
}

export interface LookRelatedItem {
  itemId: string;
  title: string;
  image: string;
  order: number;
  type: 'product';
  markerX: number;
  markerY: number;
  /** The product the storefront shows instead while this item is sold out (added and discounted as this item). */
  alternative?: LookItemAlternative | null;
}

/** An item's alternative product (issue 28 §4): a picked product of the shop's catalog. */
export interface LookItemAlternative {
  itemId: string;
  title: string;
  image: string;
}

export interface LookMedia {
  id: number;
  url: string;
}

/** A mix-and-match tier: any `quantity` different items of the look → `percentage` % off them. */
export interface LookDiscountTier {
  quantity: number;
  percentage: number;
}

/**
 * A look's discount type, one spelling everywhere (form, API, storefront JSON, the bundle Function's
 * configuration): `percentage` off, or a `fixed` amount in the shop's currency off each complete set.
 */
export const LOOK_DISCOUNT_TYPES = ['percentage', 'fixed'] as const;
export type LookDiscountType = (typeof LOOK_DISCOUNT_TYPES)[number];
export const isLookDiscountType = (value: unknown): value is LookDiscountType =>
  (LOOK_DISCOUNT_TYPES as readonly unknown[]).includes(value);

/** A percentage discount takes at most this much off. */
export const PERCENTAGE_MAX = 100;
/** A discount's value as it can apply: a percentage is capped at PERCENTAGE_MAX, an amount is not. */
export const applicableDiscountValue = (type: LookDiscountType, value: number): number =>
  type === 'percentage' ? Math.min(PERCENTAGE_MAX, value) : value;

export interface LookDiscount {
  enabled: boolean;
  label: string;
  type: LookDiscountType;
  value: number;
  discountText: string;
  /**
   * Mix-and-match tiers besides the complete look's discount, fewest items first (quantities ≥ 2 and
   * increasing, percentages in (0, 100] and increasing); at most MAX_DISCOUNT_TIERS. Stored in the
   * look's `discount_tiers` column (migration 0050). The API always answers it; absent in a body: none.
   */
  tiers?: LookDiscountTier[];
}

/** SPEC §9 look constants. */
export const LOOKS_PAGE_SIZE = 10;
export const LOOKS_MAX_LIMIT = 50;
export const LOOKS_SEARCH_DEBOUNCE_MS = 800;
export const DEFAULT_MARKER_POSITION = 50;
/**
 * A new look's marker colour: near-black, which the widget draws with a white ring (and white
 * numbers), so markers show on light and dark photos alike. SPEC §9 says FFFFFF, but a white marker
 * disappears on the light product photos most stores use; any colour can still be chosen.
 */
export const DEFAULT_MARKER_COLOR = '1A1A1A';
export const DEFAULT_DISCOUNT_VALUE = 10;
export const DISCOUNT_LABEL_MIN = 3;
/** Mix-and-match tiers a look may offer besides the complete look (issue 28). */
export const MAX_DISCOUNT_TIERS = 4;
/** A tier needs at least this many different items of the look. */
export const MIN_TIER_QUANTITY = 2;
export const TITLE_TRUNCATE = 100;
export const MARKER_TITLE_TRUNCATE = 50;
/** Error code of a create/activate beyond the plan's active-look limit. */
export const PLAN_UPGRADE_REQUIRED = 'planUpgrade.is_required';

/** The look form values (SPEC §3); also the body of POST/PATCH /productLooks. */
export interface LookFormValues {
  mainProduct: LookMainProduct;
  active: boolean;
  relatedItems: LookRelatedItem[];
  markerColor: string;
  featured: boolean;
  media: LookMedia[];
  discount: LookDiscount;
  /** Comma-separated. */
  tags: string;
}

/** A stored look: the form values plus its id and title (the main product's title). */
export interface Look extends LookFormValues {
  id: number;
  title: string;
}

/** GET /productLooks item (SPEC §3). */
export interface LookListItem {
  id: number;
  title: string;
  active: boolean;
  image: string | null;
  storeFrontUrl: string | null;
  tags: string;
  /** Present (true) when the platform deleted the look's main product or one of its related products. */
  productDeleted?: boolean;
  /** Present when some of the look's items are sold out (every variant unavailable): how many. */
  soldOutItems?: number;
}

/** GET /productLooks/soldOut: the looks with sold-out items (dashboard), active looks first, at most SOLD_OUT_LOOKS_MAX. */
export interface SoldOutLooksResponse {
  looks: SoldOutLook[];
}

export interface SoldOutLook {
  id: number;
  title: string;
  active: boolean;
  /** The sold-out items, in the look's order; `alternative`: the storefront shows the item's alternative instead. */
  items: Array<{ productId: string; title: string; alternative: boolean }>;
}

export const SOLD_OUT_LOOKS_MAX = 20;

export interface LookDetailResponse {
  look: Look;
  previewUrl: string | null;
  /** Ids of the look's products the platform deleted (absent when none). */
  deletedProducts?: string[];
  /** Ids of the look's item products that are sold out (absent when none). */
  soldOutProducts?: string[];
}
export interface LookCreateResponse {
  look: Look;
  id: number;
}
export type LookUpdateResponse = LookDetailResponse;
export interface LookMediaUploadResponse {
  url: string;
  productLookMediaId: number;
}

export const EMPTY_MAIN_PRODUCT: LookMainProduct = {
  itemId: '',
  title: '',
  image: '',
  selectedMainImage: null,
  productImages: [],
};

export const EMPTY_DISCOUNT: LookDiscount = {
  enabled: false,
  label: '',
  type: 'percentage',
  value: DEFAULT_DISCOUNT_VALUE,
  discountText: '',
  tiers: [],
};

/** Defaults of a new look (draft until the merchant activates it). */
export function newLookDefaults(): LookFormValues {
  return {
    mainProduct: { ...EMPTY_MAIN_PRODUCT, productImages: [] },
    active: false,
    relatedItems: [],
    markerColor: DEFAULT_MARKER_COLOR,
    featured: false,
    media: [],
    discount: { ...EMPTY_DISCOUNT },
    tags: '',
  };
}

/** SPEC §3 defaults of a new look opened from a discount link. */
export function discountLookDefaults(mainProduct: LookMainProduct): LookFormValues {
  return {
    ...newLookDefaults(),
    mainProduct: { ...mainProduct },
    active: true,
    discount: { ...EMPTY_DISCOUNT, enabled: true },
  };
}

/** Picks exactly the form values of a stored look (drops id/title). */
export function toFormValues(look: LookFormValues): LookFormValues {
  return {
    mainProduct: {
      itemId: look.mainProduct.itemId,
      title: look.mainProduct.title ?? '',
      image: look.mainProduct.image ?? '',
      selectedMainImage: look.mainProduct.selectedMainImage ?? null,
      productImages: look.mainProduct.productImages ?? [],
    },
    active: look.active,
    relatedItems: reindexRelatedItems(look.relatedItems ?? []),
    markerColor: look.markerColor || DEFAULT_MARKER_COLOR,
    featured: !!look.featured,
    media: (look.media ?? []).map(({ id, url }) => ({ id, url })),
    discount: {
      ...EMPTY_DISCOUNT,
      ...(look.discount ?? {}),
      tiers: (look.discount?.tiers ?? []).map(({ quantity, percentage }) => ({ quantity, percentage })),
    },
    tags: look.tags ?? '',
  };
}

// ---- Pure form rules (shared by the form and its tests) ----

/**
 * What a shopper with `items` different items of the look in the cart can reach next: the first tier
 * asking for more, with how many items are missing; null when no tier is left. The storefront block
 * (snippets/sl-discount.liquid) computes the same from the cart.
 */
export function nextTierFor(tiers: LookDiscountTier[], items: number): { missing: number; percentage: number } | null {
  const next = [...tiers].sort((a, b) => a.quantity - b.quantity).find((tier) => tier.quantity > items);
  return next ? { missing: next.quantity - items, percentage: next.percentage } : null;
}

/** The next tier row the form adds: one item more and five points more than the last one. */
export function nextDiscountTier(tiers: LookDiscountTier[]): LookDiscountTier {
  const last = tiers[tiers.length - 1];
  if (!last) return { quantity: MIN_TIER_QUANTITY, percentage: DEFAULT_DISCOUNT_VALUE };
  return { quantity: last.quantity + 1, percentage: Math.min(100, last.percentage + 5) };
}

/** A picked product as a related item, with the SPEC §9 marker defaults. */
export function newRelatedItem(product: { id: string; title: string; image?: string }, order: number): LookRelatedItem {
  return {
    itemId: product.id,
    title: product.title,
    image: product.image ?? '',
    order,
    type: 'product',
    markerX: DEFAULT_MARKER_POSITION,
    markerY: DEFAULT_MARKER_POSITION,
  };
}

/** Sets (or, with null, clears) an item's alternative product; the item's own product cannot be its alternative. */
export function setItemAlternative(
  item: LookRelatedItem,
  product: { id: string; title: string; image?: string } | null,
): LookRelatedItem {
  if (!product || product.id === item.itemId) return { ...item, alternative: null };
  return { ...item, alternative: { itemId: product.id, title: product.title, image: product.image ?? '' } };
}

/** `order` follows the array position (0…n-1). */
export function reindexRelatedItems(items: LookRelatedItem[]): LookRelatedItem[] {
  return items.map((item, order) => (item.order === order ? item : { ...item, order }));
}

/** Moves an item (drag and drop) and re-indexes `order`. */
export function moveRelatedItem(items: LookRelatedItem[], from: number, to: number): LookRelatedItem[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return items;
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return reindexRelatedItems(next);
}

/** Main-image toggle: on sets the first product image as selectedMainImage, off clears it. */
export function applyMainImageToggle(main: LookMainProduct, on: boolean): LookMainProduct {
  const first = main.productImages?.[0] ?? (main.image || null);
  return { ...main, selectedMainImage: on ? first : null };
}

export function splitTags(tags: string | null | undefined): string[] {
  return (tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
}

/** Adds a tag: trimmed, non-empty, no duplicates (case-insensitive). Returns the same string when nothing changes. */
export function addTag(tags: string, tag: string): string {
  const value = tag.trim().replace(/,/g, ' ').trim();
  const list = splitTags(tags);
  if (!value || list.some((t) => t.toLowerCase() === value.toLowerCase())) return tags;
  return [...list, value].join(',');
}

export function removeTag(tags: string, tag: string): string {
  return splitTags(tags)
    .filter((t) => t !== tag)
    .join(',');
}

/** Valid tags string: empty, or comma-separated tags that are trimmed, non-empty and unique. */
export function isValidTags(tags: string | null | undefined): boolean {
  if (!tags) return true;
  const parts = tags.split(',');
  const seen = new Set<string>();
  for (const part of parts) {
    if (!part || part !== part.trim()) return false;
    const key = part.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

export function truncate(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * Image URLs a look may store: `https:` anywhere, or the app's own files —
 * `/files/…` relative, or absolute at the app's origin (uploads answer
 * `${APP_URL}/files/…`, which is `http:` in standalone mode). `javascript:`,
 * `data:` and other `http:` addresses are refused. The server passes
 * `appOrigin` in the yup context; without it (the form) any origin's
 * `/files/` path is taken and the server decides.
 */
export function isStorableImageUrl(value: string, appOrigin?: string): boolean {
  if (value === '') return true;
  if (value.startsWith('/')) return /^\/files\/[^/\\]/.test(value) && !/\.\.|[\s\\]/.test(value);
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  if (parsed.protocol === 'https:') return true;
  return (
    parsed.protocol === 'http:' &&
    parsed.pathname.startsWith('/files/') &&
    (appOrigin === undefined || parsed.origin === appOrigin)
  );
}
