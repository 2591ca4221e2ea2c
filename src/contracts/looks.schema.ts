/** The look schema (SPEC §5): the look form validates with it, the server parses POST/PATCH /productLooks with it (parse(lookFormSchema, body)). */
import { yup } from './validation';
import {
  DISCOUNT_LABEL_MIN,
  isStorableImageUrl,
  isValidTags,
  LOOK_DISCOUNT_TYPES,
  LOOKS_MAX_LIMIT,
  LOOKS_PAGE_SIZE,
  MAX_DISCOUNT_TIERS,
  MIN_TIER_QUANTITY,
  PERCENTAGE_MAX,
  type LookDiscountTier,
} from './looks';

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
  type: yup
    .string()
    .oneOf(['product'] as const)
    .required(),
  markerX: marker(),
  markerY: marker(),
  alternative: yup
    .object({
      itemId: yup.string().trim().required(),
      title: yup.string().max(500).default(''),
      image: url().default(''),
    })
    // Absent stays absent (looks saved before alternatives existed); null clears it.
    .nullable()
    .optional()
    .default(undefined)
    .test(
      'alternativeSame',
      (p: { path: string }) => ({ key: 'Looks.validation.alternativeSame', values: { path: p.path } }),
      function (value) {
        return !value || value.itemId !== (this.parent as { itemId?: string }).itemId;
      },
    ),
});

type TierContext = yup.TestContext & { parent: LookDiscountTier[] | undefined; from?: Array<{ value: unknown }> };

/** This tier's position and the one before it in the list (the test runs on a tier's field). */
function previousTier(ctx: TierContext): LookDiscountTier | undefined {
  const index = Number(/\[(\d+)\]\.\w+$/.exec(ctx.path)?.[1]);
  const tiers = (ctx.from?.[1]?.value as { tiers?: LookDiscountTier[] } | undefined)?.tiers;
  return Number.isInteger(index) && index > 0 && Array.isArray(tiers) ? tiers[index - 1] : undefined;
}

/** How many different products the look has (main and related): a tier can ask for at most that many. */
function lookProductCount(ctx: TierContext): number | null {
  const look = ctx.from?.[2]?.value as
    | { mainProduct?: { itemId?: unknown }; relatedItems?: Array<{ itemId?: unknown }> }
    | undefined;
  if (!look) return null;
  const ids = [
    look.mainProduct?.itemId,
    ...(Array.isArray(look.relatedItems) ? look.relatedItems.map((i) => i?.itemId) : []),
  ];
  return new Set(ids.filter((id): id is string => typeof id === 'string' && id.trim() !== '').map((id) => id.trim()))
    .size;
}

/**
 * A mix-and-match tier: any `quantity` different items of the look → `percentage` % off them. Each tier
 * asks for more items and gives more than the one before; no tier asks for more items than the look has.
 */
export const discountTierSchema = yup.object({
  quantity: yup
    .number()
    .integer()
    .min(MIN_TIER_QUANTITY)
    // The main product and at most 50 related products.
    .max(51)
    .required()
    .test(
      'tierQuantityIncreasing',
      (p: { path: string }) => ({ key: 'Looks.validation.tierQuantityIncreasing', values: { path: p.path } }),
      function (value) {
        const before = previousTier(this as TierContext);
        return value === undefined || !before || !(typeof before.quantity === 'number') || value > before.quantity;
      },
    )
    .test('tierQuantityItems', function (value) {
      const count = lookProductCount(this as TierContext);
      if (value === undefined || count === null || count < MIN_TIER_QUANTITY || value <= count) return true;
      return this.createError({
        message: { key: 'Looks.validation.tierQuantityItems', values: { path: this.path, count } } as never,
      });
    }),
  percentage: yup
    .number()
    .moreThan(0, (p: { path: string }) => ({ key: 'validation.positive', values: { path: p.path } }))
    .max(100)
    .required()
    .test(
      'tierPercentageIncreasing',
      (p: { path: string }) => ({ key: 'Looks.validation.tierPercentageIncreasing', values: { path: p.path } }),
      function (value) {
        const before = previousTier(this as TierContext);
        return value === undefined || !before || !(typeof before.percentage === 'number') || value > before.percentage;
      },
    ),
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
      type: yup
        .string()
        .oneOf([...LOOK_DISCOUNT_TYPES])
        .required(),
      value: yup
        .number()
        .min(0)
        .required()
        .when('type', { is: 'percentage', then: (s) => s.max(PERCENTAGE_MAX) }),
      discountText: yup.string().max(255).default(''),
      tiers: yup.array(discountTierSchema).max(MAX_DISCOUNT_TIERS).default([]),
    })
    .required(),
  tags: yup
    .string()
    .max(1000)
    .default('')
    // Whitespace around each tag is trimmed; empty and duplicate tags stay errors.
    .transform((value: unknown) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((t) => t.trim())
            .join(',')
        : value,
    )
    .test('tags', { key: 'Looks.validation.tags', values: { path: 'tags' } }, (value) => isValidTags(value)),
});

/** GET /productLooks query (page, limit ≤ 50, query). */
export const lookListQuerySchema = yup.object({
  page: yup.number().integer().min(1).max(100000).default(1),
  limit: yup.number().integer().min(1).max(LOOKS_MAX_LIMIT).default(LOOKS_PAGE_SIZE),
  query: yup.string().max(200).default(''),
});
