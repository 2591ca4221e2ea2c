import {
  DEFAULT_LAYOUT_SETTINGS,
  DEFINED_TEMPLATES,
  PLACEMENT_METHODS,
  type LayoutSettings,
} from '../../contracts/layout';

/** SPEC §9: the preview reloads this long after the last text edit. */
export const PREVIEW_DEBOUNCE_MS = 1500;
/** SPEC §2: the mobile preview width. */
export const MOBILE_PREVIEW_WIDTH = 450;

/** The form's values: saved settings over the SPEC defaults, only the known fields. */
export function toLayoutFormValues(saved: Partial<LayoutSettings> | undefined): LayoutSettings {
  const merged = { ...DEFAULT_LAYOUT_SETTINGS, ...saved };
  return {
    definedTemplate: merged.definedTemplate,
    placementMethod: merged.placementMethod,
    inPageCssSelector: merged.inPageCssSelector ?? null,
    customTitle: merged.customTitle ?? '',
    addToCartButtonColor: merged.addToCartButtonColor,
    addToCartText: merged.addToCartText,
    customCss: merged.customCss ?? null,
  };
}

/** What is sent: an empty or blank selector is null (SPEC §5). */
export function toLayoutPayload(values: LayoutSettings): LayoutSettings {
  const selector = values.inPageCssSelector?.trim() ? values.inPageCssSelector : null;
  return { ...toLayoutFormValues(values), inPageCssSelector: selector };
}

/** Template options: popup only where script tags work (or when it is already chosen). */
export function templateOptions(scriptTagSupported: boolean, current: string) {
  return DEFINED_TEMPLATES.filter((t) => t !== '' || scriptTagSupported || current === '');
}

export const placementOptions = () => [...PLACEMENT_METHODS];

/** Template and placement changes reload the preview at once; other edits are debounced. */
export function isImmediatePreviewChange(prev: LayoutSettings, next: LayoutSettings): boolean {
  return prev.definedTemplate !== next.definedTemplate || prev.placementMethod !== next.placementMethod;
}

export function sameLayout(a: LayoutSettings, b: LayoutSettings): boolean {
  return (Object.keys(a) as (keyof LayoutSettings)[]).every((k) => a[k] === b[k]);
}

/** A stylesheet that adds something to the widget (null, empty or blank adds nothing). */
export const hasCustomCss = (css: string | null | undefined): boolean => !!css?.trim();
