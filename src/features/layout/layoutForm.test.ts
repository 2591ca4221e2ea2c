import { DEFAULT_LAYOUT_SETTINGS } from '../../contracts/layout';
import { isImmediatePreviewChange, templateOptions, toLayoutFormValues, toLayoutPayload } from './layoutForm';

describe('layout form', () => {
  it('defaults to inpage_r, section, null, {product}, 000000, Add to cart, empty CSS', () => {
    expect(toLayoutFormValues(undefined)).toEqual({
      definedTemplate: 'inpage_r',
      placementMethod: 'section',
      inPageCssSelector: null,
      customTitle: '{product}',
      addToCartButtonColor: '000000',
      addToCartText: 'Add to cart',
      customCss: '',
    });
  });

  it('an empty or blank selector is sent as null; the popup template stays the empty string', () => {
    expect(toLayoutPayload({ ...DEFAULT_LAYOUT_SETTINGS, inPageCssSelector: '' }).inPageCssSelector).toBeNull();
    expect(toLayoutPayload({ ...DEFAULT_LAYOUT_SETTINGS, inPageCssSelector: '   ' }).inPageCssSelector).toBeNull();
    expect(toLayoutPayload({ ...DEFAULT_LAYOUT_SETTINGS, inPageCssSelector: '.x' }).inPageCssSelector).toBe('.x');
    expect(toLayoutPayload({ ...DEFAULT_LAYOUT_SETTINGS, definedTemplate: '' }).definedTemplate).toBe('');
  });

  it('popup is offered only with script tags (or when already chosen)', () => {
    expect(templateOptions(false, 'inpage_r')).not.toContain('');
    expect(templateOptions(true, 'inpage_r')).toContain('');
    expect(templateOptions(false, '')).toContain('');
  });

  it('template and placement changes are immediate, text edits are not', () => {
    const base = DEFAULT_LAYOUT_SETTINGS;
    expect(isImmediatePreviewChange(base, { ...base, definedTemplate: 'shoppable' })).toBe(true);
    expect(isImmediatePreviewChange(base, { ...base, placementMethod: 'after_atc' })).toBe(true);
    expect(isImmediatePreviewChange(base, { ...base, customTitle: 'x' })).toBe(false);
  });
});
