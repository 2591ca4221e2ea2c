import { showColorVariantOption, showPopupDelay, variantStyleOptions, toSettingsPayload } from './settingsRules';
import { DEFAULT_SHOP_SETTINGS } from '../../contracts/shop';
import { shopSettingsSchema } from '../../contracts/shop.schema';
import { validate } from '../../contracts/validation';

describe('settings visibility rules', () => {
  it('the delay field shows only for post_onload_time', () => {
    expect(showPopupDelay({ usePoopUpEvent: 'post_onload_time' })).toBe(true);
    for (const event of ['onload', 'on_user_scroll', 'on_add_to_cart', null] as const)
      expect(showPopupDelay({ usePoopUpEvent: event })).toBe(false);
  });

  it('the color variant option shows only without script tags and for color style or color/full_width/inpage templates', () => {
    expect(showColorVariantOption(false, 'color', 'inpage_r')).toBe(true);
    expect(showColorVariantOption(false, 'select', 'full_width')).toBe(true);
    expect(showColorVariantOption(false, 'size', 'inpage')).toBe(true);
    expect(showColorVariantOption(false, 'select', 'inpage_r')).toBe(false);
    expect(showColorVariantOption(false, 'select', undefined)).toBe(false);
    expect(showColorVariantOption(true, 'color', 'inpage')).toBe(false);
    expect(variantStyleOptions(false, 'select', 'shoppable')).toEqual(['select', 'size']);
    expect(variantStyleOptions(false, 'select', 'inpage')).toEqual(['select', 'size', 'color']);
  });
});

describe('settings validation (SPEC §5)', () => {
  const errorsOf = (patch: object) =>
    Object.keys(validate(shopSettingsSchema, { ...DEFAULT_SHOP_SETTINGS, ...patch }).errors ?? {}).sort();
  it('required booleans and strings, positive delay or null', () => {
    expect(errorsOf({})).toEqual([]);
    expect(errorsOf({ usePoopUpDelay: null })).toEqual([]);
    expect(errorsOf({ usePoopUpDelay: 3 })).toEqual([]);
    expect(errorsOf({ usePoopUpDelay: -1 })).toEqual(['usePoopUpDelay']);
    expect(errorsOf({ usePoopUpDelay: 0 })).toEqual(['usePoopUpDelay']);
    expect(errorsOf({ usePoopUpDelay: 'soon' })).toEqual(['usePoopUpDelay']);
    expect(
      errorsOf({
        enabled: undefined,
        usePoopUpEnabled: undefined,
        multiLocale: undefined,
        removeUTMParam: undefined,
        autoHideOutOfStockItems: undefined,
      }),
    ).toEqual(['autoHideOutOfStockItems', 'enabled', 'multiLocale', 'removeUTMParam', 'usePoopUpEnabled']);
    expect(errorsOf({ locale: '', variantLabel: '', definedVariantStyle: undefined })).toEqual([
      'definedVariantStyle',
      'locale',
      'variantLabel',
    ]);
  });

  it('the payload carries every settings field and nothing else', () => {
    const payload = toSettingsPayload({ ...DEFAULT_SHOP_SETTINGS, extra: 1 } as never);
    expect(Object.keys(payload).sort()).toEqual(Object.keys(DEFAULT_SHOP_SETTINGS).sort());
  });
});
