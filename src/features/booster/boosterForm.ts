import { DEFAULT_BOOSTER_VALUES, type BoosterSettings, type BoosterValues } from '../../contracts/booster';

export { withCartPage, withDiscountType } from '../../contracts/booster';

/** The option that stands for discountType null. */
export const NO_DISCOUNT = 'none';

/** Form values: the editable settings only (collections have their own calls). */
export function toBoosterFormValues(data: Partial<BoosterSettings> | undefined): BoosterValues {
  const merged = { ...DEFAULT_BOOSTER_VALUES, ...data };
  return {
    showOnCartPage: merged.showOnCartPage,
    cartPageCssSelector: merged.cartPageCssSelector ?? null,
    discountType: merged.discountType ?? null,
    discountLabel: merged.discountLabel ?? null,
    discountTypeRedirect: merged.discountTypeRedirect,
    discountValue: merged.discountValue,
    applyDiscountAtc: merged.applyDiscountAtc,
    discountButtonText: merged.discountButtonText ?? null,
    discountCode: merged.discountCode ?? null,
    enableCheckoutUIExtension: merged.enableCheckoutUIExtension,
    bundleDiscountCombinesWith: {
      ...DEFAULT_BOOSTER_VALUES.bundleDiscountCombinesWith,
      ...merged.bundleDiscountCombinesWith,
    },
  };
}
