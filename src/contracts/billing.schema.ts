/** Billing request schemas: POST /shop/select-plan, the discount check and GET /shop/billing-plans. */
import { yup } from './validation';
import { SUPPORTED_LOCALES, type Locale } from './api';

export const selectPlanSchema = yup
  .object({
    planName: yup.string().strict().required().max(40),
    discountCode: yup.string().strict().trim().max(40).nullable().optional(),
  })
  .noUnknown()
  .strict();
export type SelectPlanBody = yup.InferType<typeof selectPlanSchema>;

export const discountValidateSchema = yup
  .object({ code: yup.string().strict().required().max(40) })
  .noUnknown()
  .strict();

export const billingPlansQuerySchema = yup
  .object({
    locale: yup
      .mixed<Locale>()
      .oneOf([...SUPPORTED_LOCALES])
      .optional(),
  })
  .noUnknown();
