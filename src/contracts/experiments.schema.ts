/** A/B test input schemas: POST /experiments, PATCH /experiments/:id, the id and list query. */
import { yup } from './validation';
import { DEFINED_TEMPLATES } from './layout';
import { nonBlank, text } from './layout.schema';
import { VARIANT_NAME_MAX } from './experiments';

const INT32_MAX = 2_147_483_647;
const id = () => yup.number().integer().min(1).max(INT32_MAX);
const split = () => yup.number().integer().min(1).max(99);

const variantSchema = yup
  .object({
    name: nonBlank(VARIANT_NAME_MAX),
    imageUrl: text().max(2048).nullable().defined(),
    template: yup
      .string()
      .oneOf([...DEFINED_TEMPLATES])
      .nullable()
      .defined(),
  })
  .noUnknown()
  .test(
    'changes',
    { key: 'Experiments.errors.variantUnchanged' },
    (v) => !v || v.imageUrl != null || v.template != null,
  );

export const experimentCreateSchema = yup
  .object({ lookId: id().required(), split: split().required(), variant: variantSchema.required() })
  .noUnknown();

export const experimentUpdateSchema = yup
  .object({
    split: split().optional(),
    variant: variantSchema.optional().default(undefined),
    status: yup
      .string()
      .oneOf(['running', 'stopped'] as const)
      .optional(),
  })
  .noUnknown()
  .test(
    'some',
    { key: 'Experiments.errors.nothingToChange' },
    (v) => !v || v.split !== undefined || v.variant !== undefined || v.status !== undefined,
  );

export const experimentParamsSchema = yup.object({ id: id().required() });
export const experimentListQuerySchema = yup.object({ lookId: id().optional() }).noUnknown();
