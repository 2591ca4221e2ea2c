import { yup, type ValidationMessage } from './validation';

const invalid = (p: { path?: string }): ValidationMessage => ({ key: 'validation.invalid', values: { path: String(p.path ?? '') } });

/** A string without NUL characters (PostgreSQL text/jsonb cannot hold them: 400, not 500). */
export const text = () => yup.string().test('noNul', invalid, (v) => v === null || v === undefined || !v.includes('\u0000'));

/** A required string that is not only spaces (message: required). */
export const nonBlank = (max: number) =>
  text()
    .required()
    .max(max)
    .test('nonBlank', (p): ValidationMessage => ({ key: 'validation.required', values: { path: String(p.path) } }), (v) => !v || /\S/.test(v));

/** Storefront widget templates (SPEC §3); the empty string is the popup. */
export const DEFINED_TEMPLATES = [
  'shoppable',
  'inpage',
  'inpage_r',
  'in_desc',
  'full_width',
  'one_column',
  'multi_col',
  'line_items',
  'left_sha',
  '',
] as const;
export type DefinedTemplate = (typeof DEFINED_TEMPLATES)[number];
export const POPUP_TEMPLATE: DefinedTemplate = '';

export const PLACEMENT_METHODS = ['section', 'selector', 'after_atc'] as const;
export type PlacementMethod = (typeof PLACEMENT_METHODS)[number];

/** Layout settings (SPEC §3). */
export interface LayoutSettings {
  definedTemplate: DefinedTemplate;
  placementMethod: PlacementMethod;
  inPageCssSelector: string | null;
  customTitle: string;
  /** Hex without '#'. */
  addToCartButtonColor: string;
  addToCartText: string;
  customCss: string | null;
}

export const DEFAULT_LAYOUT_SETTINGS: LayoutSettings = {
  definedTemplate: 'inpage_r',
  placementMethod: 'section',
  inPageCssSelector: null,
  customTitle: '{product}',
  addToCartButtonColor: '000000',
  addToCartText: 'Add to cart',
  customCss: '',
};

/** The placeholder of customTitle replaced by the main product's title. */
export const TITLE_PRODUCT_PLACEHOLDER = '{product}';

export const isPopupTemplate = (template: string | null | undefined) => template === POPUP_TEMPLATE;

/** SPEC §5 layout rules; used by the layout form and by PATCH /layout and POST /layout/preview. */
export const layoutSettingsSchema = yup
  .object({
    definedTemplate: yup.mixed<DefinedTemplate>().oneOf([...DEFINED_TEMPLATES]).defined(),
    placementMethod: yup.mixed<PlacementMethod>().oneOf([...PLACEMENT_METHODS]).required(),
    inPageCssSelector: text().nullable().defined().max(500),
    customTitle: text().defined().max(200),
    addToCartButtonColor: yup.string().required().matches(/^[0-9A-Fa-f]{6}$/),
    addToCartText: nonBlank(60),
    customCss: text().nullable().defined().max(20000),
  })
  .noUnknown()
  .strict();

/** Empty selector is stored as null (SPEC §5). */
export function normalizeLayout(values: LayoutSettings): LayoutSettings {
  return {
    ...values,
    inPageCssSelector: values.inPageCssSelector?.trim() ? values.inPageCssSelector : null,
    addToCartButtonColor: values.addToCartButtonColor.toUpperCase(),
  };
}
