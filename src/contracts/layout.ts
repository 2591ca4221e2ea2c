/** Layout settings of the storefront widget (SPEC §3); the rules (§5) are in ./layout.schema. */

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

/** Empty selector is stored as null (SPEC §5). */
export function normalizeLayout(values: LayoutSettings): LayoutSettings {
  return {
    ...values,
    inPageCssSelector: values.inPageCssSelector?.trim() ? values.inPageCssSelector : null,
    addToCartButtonColor: values.addToCartButtonColor.toUpperCase(),
  };
}
