/** Gallery request schemas (SPEC §5): the server validates GET /image-generations and the generation bodies with them. */
import { yup } from './validation';
import { CUSTOM_PROMPT_MAX, GALLERY_PAGE_SIZE, GALLERY_SEARCH_LIMIT, IMAGE_TYPES, type ImageType } from './gallery';

const customPrompt = () =>
  yup
    .string()
    .transform((v: unknown) =>
      typeof v === 'string' && v.trim() === '' ? undefined : typeof v === 'string' ? v.trim() : v,
    )
    .max(CUSTOM_PROMPT_MAX)
    .nullable()
    .optional();

/** GET /image-generations query. */
export const generationsQuerySchema = yup.object({
  imageType: yup
    .mixed<ImageType>()
    .oneOf([...IMAGE_TYPES])
    .optional(),
  page: yup.number().integer().min(1).max(100000).default(1),
  limit: yup.number().integer().min(1).max(GALLERY_SEARCH_LIMIT).default(GALLERY_PAGE_SIZE),
  /** Only the generations of this look (the look form's image choice). */
  productLookId: yup.number().integer().min(1).max(2147483647).optional(),
});

/** POST /image-generation body. */
export const createGenerationSchema = yup
  .object({
    productLookId: yup.number().integer().positive().required(),
    imageType: yup
      .mixed<ImageType>()
      .oneOf([...IMAGE_TYPES])
      .required(),
    customPrompt: customPrompt(),
  })
  .noUnknown();
export type CreateGenerationBody = yup.InferType<typeof createGenerationSchema>;

/** PUT /image-generation/{id} body. */
export const updateGenerationSchema = yup
  .object({
    imageType: yup
      .mixed<ImageType>()
      .oneOf([...IMAGE_TYPES])
      .required(),
    customPrompt: customPrompt(),
  })
  .noUnknown();
export type UpdateGenerationBody = yup.InferType<typeof updateGenerationSchema>;
