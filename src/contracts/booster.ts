import { yup } from './validation';
import { nonBlank, text as safeText } from './layout';

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
};

const text = (max: number) => safeText().nullable().defined().max(max);

/** SPEC §5 booster rules; the booster form and PATCH /booster. */
export const boosterSchema = yup
  .object({
    showOnCartPage: yup.boolean().strict().required(),
    cartPageCssSelector: text(500),
    discountType: yup.mixed<DiscountType>().oneOf([...DISCOUNT_TYPES]).nullable().defined(),
    discountLabel: text(100),
    discountTypeRedirect: yup.mixed<DiscountTypeRedirect>().oneOf([...DISCOUNT_TYPE_REDIRECTS]).required(),
    discountValue: yup.number().required().min(0).max(1_000_000),
    applyDiscountAtc: yup.boolean().strict().required(),
    discountButtonText: text(100),
    discountCode: text(100),
    enableCheckoutUIExtension: yup.boolean().strict().required(),
  })
  .noUnknown()
  .strict();

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

export const collectionCreateSchema = yup
  .object({ name: nonBlank(100) })
  .noUnknown()
  .strict();
