import {
  DEFAULT_SHOP_SETTINGS,
  POPUP_EVENTS,
  VARIANT_STYLES,
  type ShopSettings,
  type VariantStyle,
} from '../../contracts/shop';
import { SUPPORTED_LOCALES } from '../../contracts/api';

/** SPEC §9: the copy button's confirmation lasts this long. */
export const TOKEN_COPY_CONFIRMATION_MS = 2000;

/** Templates that show the colour variant option (with the colour style itself). */
const COLOR_TEMPLATES = ['color', 'full_width', 'inpage'];

/** SPEC §5: the delay field appears only for post_onload_time. */
export const showPopupDelay = (values: Pick<ShopSettings, 'usePoopUpEvent'>) =>
  values.usePoopUpEvent === 'post_onload_time';

/**
 * SPEC §5: the colour variant style option appears only when scriptTagSupported
 * is false and the current variant style or template is color, full_width or inpage.
 */
export function showColorVariantOption(
  scriptTagSupported: boolean,
  variantStyle: VariantStyle | undefined,
  template: string | undefined,
): boolean {
  if (scriptTagSupported) return false;
  return variantStyle === 'color' || COLOR_TEMPLATES.includes(template ?? '');
}

export function variantStyleOptions(
  scriptTagSupported: boolean,
  variantStyle: VariantStyle | undefined,
  template: string | undefined,
): VariantStyle[] {
  return VARIANT_STYLES.filter(
    (s) => s !== 'color' || showColorVariantOption(scriptTagSupported, variantStyle, template),
  );
}

export const popupEventOptions = () => [...POPUP_EVENTS];
export const localeOptions = () => [...SUPPORTED_LOCALES];

/** Form values: every settings field, defaults for missing ones. */
export function toSettingsFormValues(saved: Partial<ShopSettings> | undefined): ShopSettings {
  return { ...DEFAULT_SHOP_SETTINGS, ...saved };
}

/** What is sent: the delay only matters for post_onload_time (null otherwise is not forced; kept as entered). */
export function toSettingsPayload(values: ShopSettings): ShopSettings {
  const known = Object.keys(DEFAULT_SHOP_SETTINGS) as (keyof ShopSettings)[];
  return Object.fromEntries(
    known.map((k) => [k, values[k] === undefined ? DEFAULT_SHOP_SETTINGS[k] : values[k]]),
  ) as unknown as ShopSettings;
}
