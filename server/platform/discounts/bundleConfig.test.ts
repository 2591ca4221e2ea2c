import { bundleLook, bundleParts, FUNCTION_METAFIELD_MAX_BYTES, type BundleLook } from './bundleConfig';
import { readConfig } from '../../../extensions/look-bundle/src/cart_lines_discounts_generate_run';

const discount = {
  enabled: true,
  label: ' Complete the look ',
  type: 'percentage' as const,
  value: 15,
  discountText: '',
};
const row = (overrides: Partial<Parameters<typeof bundleLook>[0]> = {}) => ({
  id: 4,
  mainProduct: { itemId: 'gid://shopify/Product/1', title: 'Main', image: '' },
  relatedItems: [
    { itemId: '2', title: 'Numeric id', image: '', order: 0, type: 'product' as const, markerX: 50, markerY: 50 },
    {
      itemId: 'gid://shopify/Product/1',
      title: 'Main again',
      image: '',
      order: 1,
      type: 'product' as const,
      markerX: 50,
      markerY: 50,
    },
  ],
  discount,
  ...overrides,
});

describe('bundle configuration', () => {
  it("a look's bundle: its products once each (numeric ids as gids), its discount and trimmed label", () => {
    expect(bundleLook(row())).toEqual({
      lookId: 4,
      productIds: ['gid://shopify/Product/1', 'gid://shopify/Product/2'],
      type: 'percentage',
      value: 15,
      label: 'Complete the look',
    });
  });

  it('no bundle without an enabled, positive discount', () => {
    expect(bundleLook(row({ discount: null }))).toBeNull();
    expect(bundleLook(row({ discount: { ...discount, enabled: false } }))).toBeNull();
    expect(bundleLook(row({ discount: { ...discount, value: 0 } }))).toBeNull();
    expect(bundleLook(row({ discount: { ...discount, type: 'fixed', value: 4.5 } }))).toMatchObject({
      type: 'fixed',
      value: 4.5,
    });
  });

  it('carries the valid tiers, fewest items first; a look with tiers only (no value) is still a bundle, the Function reads them back', () => {
    const tiers = [{ quantity: 2, percentage: 10 }];
    const bundle = bundleLook(
      row({
        discountTiers: [
          { quantity: 3, percentage: 5 },
          ...tiers,
          { quantity: 1, percentage: 50 },
          { quantity: 2, percentage: 0 },
        ],
      }),
    );
    // The look has two products: a 3-item tier could never be met.
    expect(bundle?.tiers).toEqual(tiers);
    expect(bundleLook(row({ discount: { ...discount, value: 0 }, discountTiers: tiers }))).toMatchObject({
      value: 0,
      tiers,
    });
    expect(bundleLook(row({ discount: { ...discount, value: 0 }, discountTiers: [] }))).toBeNull();
    expect(bundleLook(row({ discount: { ...discount, enabled: false }, discountTiers: tiers }))).toBeNull();
    expect(readConfig(JSON.parse(bundleParts('USD', [bundle!]).parts[0])).looks[0].tiers).toEqual(tiers);
  });

  const looks = (count: number, label = 'Label'): BundleLook[] =>
    Array.from({ length: count }, (_, i) => ({
      lookId: i + 1,
      productIds: Array.from({ length: 5 }, (_, j) => `gid://shopify/Product/${9000000 + i * 10 + j}`),
      type: 'percentage',
      value: 10,
      label,
    }));

  it('fits one metafield value for a usual shop, which the Function reads back unchanged', () => {
    const { parts, skipped } = bundleParts('USD', looks(3));
    expect(parts).toHaveLength(1);
    expect(skipped).toEqual([]);
    expect(readConfig(JSON.parse(parts[0]))).toEqual({ currencyCode: 'USD', looks: looks(3) });
  });

  it('splits into parts of at most 10,000 bytes (UTF-8), keeping every look in order', () => {
    const many = looks(120, 'Ensemble d’été – 20 % de réduction 🌞');
    const { parts, skipped } = bundleParts('EUR', many);
    expect(skipped).toEqual([]);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(FUNCTION_METAFIELD_MAX_BYTES);
    // Full parts: the next look would not have fitted.
    for (const part of parts.slice(0, -1))
      expect(Buffer.byteLength(part, 'utf8')).toBeGreaterThan(FUNCTION_METAFIELD_MAX_BYTES - 400);
    expect(parts.flatMap((p) => JSON.parse(p).looks)).toEqual(many);
  });

  it('leaves out a look too large for a value of its own and reports it', () => {
    const huge = { ...looks(1)[0], lookId: 99, label: 'x'.repeat(400) };
    const { parts, skipped } = bundleParts('USD', [looks(1)[0], huge, { ...looks(2)[1] }], 500);
    expect(skipped).toEqual([99]);
    expect(parts.flatMap((p) => JSON.parse(p).looks.map((l: BundleLook) => l.lookId))).toEqual([1, 2]);
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(500);
  });

  it('no looks, no parts', () => {
    expect(bundleParts('USD', [])).toEqual({ parts: [], skipped: [] });
  });
});
