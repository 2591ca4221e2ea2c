/** Shop schemas: the settings rules (the settings form, PATCH /shop) and POST /track's event. */
import { yup } from './validation';
import { SUPPORTED_LOCALES, type Locale } from './api';
import { text } from './layout.schema';
import {
  CONVERSION_DROP_THRESHOLD_MAX,
  CONVERSION_DROP_THRESHOLD_MIN,
  POPUP_EVENTS,
  TRACKED_EVENTS,
  VARIANT_STYLES,
  type PopupEvent,
  type TrackedEvent,
  type VariantStyle,
} from './shop';

const optionalString = () => text().nullable().optional();

/** SPEC §5 settings rules; used by the settings form and by PATCH /shop. */
export const shopSettingsSchema = yup
  .object({
    enabled: yup.boolean().strict().required(),
    enableCheckoutUIExtension: yup.boolean().strict().optional(),
    usePoopUpEnabled: yup.boolean().strict().required(),
    usePoopUpEvent: yup
      .mixed<PopupEvent>()
      .oneOf([...POPUP_EVENTS])
      .nullable()
      .optional(),
    usePoopUpDelay: yup.number().positive().nullable().optional(),
    useButtonPDP: yup.boolean().strict().optional(),
    showCompareAtPrice: yup.boolean().strict().optional(),
    locale: yup
      .mixed<Locale>()
      .oneOf([...SUPPORTED_LOCALES])
      .required(),
    multiLocale: yup.boolean().strict().required(),
    applyDiscount: yup.boolean().strict().optional(),
    discountButtonText: optionalString().max(100),
    discountCode: optionalString().max(100),
    lowQuantityUnitLimit: optionalString().matches(/^-?\d+$/),
    variantLabel: text().trim().required().max(60),
    useProductLookDiscount: yup.boolean().strict().optional(),
    removeUTMParam: yup.boolean().strict().required(),
    definedVariantStyle: yup
      .mixed<VariantStyle>()
      .oneOf([...VARIANT_STYLES])
      .required(),
    mainButtonAfterSectionSelector: optionalString().max(500),
    autoHideOutOfStockItems: yup.boolean().strict().required(),
    conversionDropThreshold: yup
      .number()
      .strict()
      .integer()
      .min(CONVERSION_DROP_THRESHOLD_MIN)
      .max(CONVERSION_DROP_THRESHOLD_MAX)
      .optional(),
  })
  .noUnknown()
  .strict();

export const trackEventSchema = yup
  .object({
    name: yup
      .mixed<TrackedEvent>()
      .oneOf([...TRACKED_EVENTS])
      .required(),
    distinctId: yup.string().required().max(200),
    properties: yup.object().optional().default({}),
  })
  .noUnknown()
  .strict();
