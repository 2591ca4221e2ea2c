/** The look schema (SPEC §5): the look form validates with it, the server parses POST/PATCH /productLooks with it (parse(lookFormSchema, body)). */
import { yup } from './validation';
import { DISCOUNT_LABEL_MIN, isStorableImageUrl, isValidTags, LOOK_DISCOUNT_TYPES, LOOKS_MAX_LIMIT, LOOKS_PAGE_SIZE, PERCENTAGE_MAX } from './looks';

const marker = () => yup.number().integer().min(0).max(100).required();

const url = () =>
  yup
    .string()
    .max(2048)
    .test(
      'imageUrl',
      (p: { path: string }) => ({ key: 'validation.imageUrl', values: { path: p.path } }),
      function (value) {
        const appOrigin = (this.options.context as { appOrigin?: string } | undefined)?.appOrigin;
        return value === undefined || value === null || isStorableImageUrl(value, appOrigin);
      },
    );

export const relatedItemSchema = yup.object({
  itemId: yup.string().trim().required(),
  title: yup.string().max(500).default(''),
  image: url().default(''),
  order: yup.number().integer().min(0).required(),
  type: yup.string().oneOf(['product'] as const).required(),
  markerX: marker(),
  markerY: marker(),
});

export const lookFormSchema = yup.object({
  mainProduct: yup
    .object({
      itemId: yup.string().trim().required(),
      title: yup.string().max(500).default(''),
      image: url().default(''),
      selectedMainImage: url().nullable().default(null),
      productImages: yup.array(url().required()).max(50).default([]),
    })
    .required(),
  active: yup.boolean().required(),
  relatedItems: yup
    .array(relatedItemSchema)
    .min(1, ({ path }: { path: string }) => ({ key: 'Looks.validation.relatedItemsMin', values: { path } }))
    .max(50)
    .required(),
  markerColor: yup
    .string()
    .matches(/^[0-9A-Fa-f]{6}$/)
    .required(),
  featured: yup.boolean().required(),
  media: yup
    .array(yup.object({ id: yup.number().integer().positive().required(), url: url().required() }))
    .max(10)
    .default([]),
  discount: yup
    .object({
      enabled: yup.boolean().required(),
      label: yup
        .string()
        .default('')
        .max(100)
        .when('enabled', { is: true, then: (s) => s.trim().required().min(DISCOUNT_LABEL_MIN) }),
      type: yup.string().oneOf([...LOOK_DISCOUNT_TYPES]).required(),
      value: yup
        .number()
        .min(0)
        .required()
        .when('type', { is: 'percentage', then: (s) => s.max(PERCENTAGE_MAX) }),
      discountText: yup.string().max(255).default(''),
    })
    .required(),
  tags: yup
    .string()
    .max(1000)
    .default('')
    // Whitespace around each tag is trimmed; empty and duplicate tags stay errors.
    .transform((value: unknown) => (typeof value === 'string' ? value.split(',').map((t) => t.trim()).join(',') : value))
    .test('tags', { key: 'Looks.validation.tags', values: { path: 'tags' } }, (value) => isValidTags(value)),
});

/** GET /productLooks query (page, limit ≤ 50, query). */
export const lookListQuerySchema = yup.object({
  page: yup.number().integer().min(1).max(100000).default(1),
  limit: yup.number().integer().min(1).max(LOOKS_MAX_LIMIT).default(LOOKS_PAGE_SIZE),
  query: yup.string().max(200).default(''),
});
