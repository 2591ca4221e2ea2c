import type { RecordedChange } from '../../services/changes/reader';
import type { Change, LookState } from '../../services/changes/outbox';
import { DEFAULT_BOOSTER_VALUES } from '../../../src/contracts/booster';
import { DEFAULT_SHOP_SETTINGS } from '../../../src/contracts/shop';
import { EMPTY_DISCOUNT } from '../../../src/contracts/looks';
import { bundlesMayChange } from './bundleChanges';

const may = (change: Change) =>
  bundlesMayChange({ ...change, id: 1, createdAt: new Date(), ageMs: 0 } as RecordedChange);
const look = (over: Partial<LookState> = {}): LookState => ({
  id: 1,
  active: false,
  mainProduct: 'gid://shopify/Product/1',
  discount: { ...EMPTY_DISCOUNT },
  ...over,
});

describe('which changes may change the look bundle discounts', () => {
  it('a look with a discount, or an active one (the booster covers every active look), before or after', () => {
    expect(may({ kind: 'lookChanged', before: null, after: look() })).toBe(false);
    expect(may({ kind: 'lookChanged', before: look(), after: look({ discount: null }) })).toBe(false);
    expect(may({ kind: 'lookChanged', before: null, after: look({ active: true }) })).toBe(true);
    expect(
      may({ kind: 'lookChanged', before: look({ discount: { ...EMPTY_DISCOUNT, enabled: true } }), after: null }),
    ).toBe(true);
  });

  it("the booster's bundle fields, and the shop's “use look discounts”, only when they change", () => {
    const booster = { ...DEFAULT_BOOSTER_VALUES };
    expect(
      may({ kind: 'boosterChanged', before: booster, after: { ...booster, showOnCartPage: !booster.showOnCartPage } }),
    ).toBe(false);
    expect(may({ kind: 'boosterChanged', before: booster, after: { ...booster, discountType: 'app' } })).toBe(true);
    expect(
      may({
        kind: 'boosterChanged',
        before: booster,
        after: {
          ...booster,
          bundleDiscountCombinesWith: {
            ...booster.bundleDiscountCombinesWith,
            orderDiscounts: !booster.bundleDiscountCombinesWith.orderDiscounts,
          },
        },
      }),
    ).toBe(true);
    expect(may({ kind: 'boosterChanged', before: null, after: booster })).toBe(true);
    const settings = { ...DEFAULT_SHOP_SETTINGS };
    expect(
      may({ kind: 'settingsChanged', before: settings, after: { ...settings, useProductLookDiscount: true } }),
    ).toBe(true);
    expect(may({ kind: 'settingsChanged', before: settings, after: { ...settings } })).toBe(false);
  });

  it('an install does; layout and catalog changes do not', () => {
    expect(may({ kind: 'shopInstalled', before: null, after: null })).toBe(true);
    expect(may({ kind: 'layoutChanged', before: null, after: {} as never })).toBe(false);
    expect(may({ kind: 'catalogProductsChanged', before: null, after: { gids: ['x'] } })).toBe(false);
  });
});
