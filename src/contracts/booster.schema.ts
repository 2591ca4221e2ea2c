/** Booster and collection rules (SPEC §5): the booster form, PATCH /booster and POST /productLookCollections. */
import { yup } from './validation';
import { nonBlank, text as safeText } from './layout.schema';
import { DISCOUNT_TYPE_REDIRECTS, DISCOUNT_TYPES, type DiscountType, type DiscountTypeRedirect } from './booster';

const text = (max: number) => safeText().nullable().defined().max(max);

/** SPEC §5 booster rules; the booster form and PATCH /booster. */
export const boosterSchema = yup
  .object({
    showOnCartPage: yup.boolean().strict().required(),
    cartPageCssSelector: text(500),
    discountType: yup
      .mixed<DiscountType>()
      .oneOf([...DISCOUNT_TYPES])
      .nullable()
      .defined(),
    discountLabel: text(100),
    discountTypeRedirect: yup
      .mixed<DiscountTypeRedirect>()
      .oneOf([...DISCOUNT_TYPE_REDIRECTS])
      .required(),
    discountValue: yup.number().required().min(0).max(1_000_000),
    applyDiscountAtc: yup.boolean().strict().required(),
    discountButtonText: text(100),
    discountCode: text(100),
    enableCheckoutUIExtension: yup.boolean().strict().required(),
    bundleDiscountCombinesWith: yup
      .object({
        productDiscounts: yup.boolean().strict().required(),
        orderDiscounts: yup.boolean().strict().required(),
        shippingDiscounts: yup.boolean().strict().required(),
      })
      .noUnknown()
      .strict()
      .required(),
  })
  .noUnknown()
  .strict();

export const collectionCreateSchema = yup
  .object({ name: nonBlank(100) })
  .noUnknown()
  .strict();
