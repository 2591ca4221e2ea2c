/** Cart booster settings and the storefront's look collections (SPEC §3, §4); the rules (§5) are in ./booster.schema. */

export const DISCOUNT_TYPES = ['code', 'app'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];
export const DISCOUNT_TYPE_REDIRECTS = ['redirect_ck', 'redirect_cart', 'redirect_skip'] as const;
export type DiscountTypeRedirect = (typeof DISCOUNT_TYPE_REDIRECTS)[number];

/** A storefront collection of looks (SPEC §3). */
export interface LookCollection {
  id: number;
  name: string;
  isFeatured: boolean;
  storeFrontLink: string;
}

/** POST /productLookCollections answer (SPEC §3). */
export interface CreatedCollection {
  id: number;
  name: string;
  storeFrontLink: string;
}

/**
 * Which other discounts the look bundle discount combines with (the automatic discount's
 * `combinesWith`). Default: order and shipping discounts yes, product discounts no, since a product
 * discount on the same items would stack on the bundle price and a cart line keeps only one
 * product discount anyway.
 */
export interface BundleDiscountCombinesWith {
  productDiscounts: boolean;
  orderDiscounts: boolean;
  shippingDiscounts: boolean;
}

export const DEFAULT_BUNDLE_DISCOUNT_COMBINES_WITH: BundleDiscountCombinesWith = {
  productDiscounts: false,
  orderDiscounts: true,
  shippingDiscounts: true,
};

/** Booster settings as stored and edited (the collections come along on GET). */
export interface BoosterValues {
  showOnCartPage: boolean;
  cartPageCssSelector: string | null;
  discountType: DiscountType | null;
  discountLabel: string | null;
  discountTypeRedirect: DiscountTypeRedirect;
  discountValue: number;
  applyDiscountAtc: boolean;
  discountButtonText: string | null;
  discountCode: string | null;
  enableCheckoutUIExtension: boolean;
  bundleDiscountCombinesWith: BundleDiscountCombinesWith;
}

export interface BoosterSettings extends BoosterValues {
  collections: LookCollection[];
}

export const DEFAULT_BOOSTER_VALUES: BoosterValues = {
  showOnCartPage: false,
  cartPageCssSelector: null,
  discountType: null,
  discountLabel: null,
  discountTypeRedirect: 'redirect_cart',
  discountValue: 10,
  applyDiscountAtc: false,
  discountButtonText: null,
  discountCode: null,
  enableCheckoutUIExtension: false,
  bundleDiscountCombinesWith: DEFAULT_BUNDLE_DISCOUNT_COMBINES_WITH,
};

/** SPEC §4: code or app → applyDiscountAtc true; none → false and discountType null. */
export function withDiscountType<T extends Pick<BoosterValues, 'discountType' | 'applyDiscountAtc'>>(
  values: T,
  type: string | null,
): T {
  const discountType = type === 'code' || type === 'app' ? type : null;
  return { ...values, discountType, applyDiscountAtc: discountType !== null };
}

/** SPEC §4: turning the cart-page toggle off clears the cart selector. */
export function withCartPage<T extends Pick<BoosterValues, 'showOnCartPage' | 'cartPageCssSelector'>>(
  values: T,
  show: boolean,
): T {
  return { ...values, showOnCartPage: show, cartPageCssSelector: show ? values.cartPageCssSelector : null };
}

/** Server-side: the same rules applied to whatever a client sends, empty selector → null. */
export function normalizeBooster(values: BoosterValues): BoosterValues {
  let next = withDiscountType(values, values.discountType);
  next = withCartPage(next, next.showOnCartPage);
  if (next.cartPageCssSelector !== null && !next.cartPageCssSelector.trim()) next.cartPageCssSelector = null;
  return next;
}
