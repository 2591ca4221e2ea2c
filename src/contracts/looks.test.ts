import {
  nextDiscountTier,
  nextTierFor,
  addTag,
  applyMainImageToggle,
  discountLookDefaults,
  isStorableImageUrl,
  isValidTags,
  moveRelatedItem,
  newLookDefaults,
  newRelatedItem,
  removeTag,
  setItemAlternative,
  truncate,
  type LookFormValues,
} from './looks';
import { lookFormSchema, lookListQuerySchema } from './looks.schema';
import { validate } from './validation';

const A = 'https://cdn.shopify.com/a.jpg';
const main = {
  itemId: 'gid://shopify/Product/1',
  title: 'Shirt',
  image: A,
  selectedMainImage: null,
  productImages: [A, '/files/catalog/b.jpg'],
};

function valid(overrides: Partial<LookFormValues> = {}): LookFormValues {
  return {
    ...newLookDefaults(),
    mainProduct: main,
    relatedItems: [newRelatedItem({ id: 'gid://shopify/Product/2', title: 'Pants' }, 0)],
    ...overrides,
  };
}

const errorsOf = (values: unknown) => validate(lookFormSchema, values).errors ?? {};
const keysOf = (values: unknown) =>
  Object.fromEntries(Object.entries(errorsOf(values)).map(([path, m]) => [path, m.key]));

describe('look form schema (SPEC §5)', () => {
  it('accepts a complete look', () => {
    expect(errorsOf(valid())).toEqual({});
  });

  it("stores image URLs only with https: or the app's own /files/ path", () => {
    const ok = [
      '',
      'https://cdn.shopify.com/s/files/x.jpg',
      '/files/catalog/x.jpg',
      'http://localhost:3000/files/uploads/1/x.webp',
    ];
    for (const url of ok) expect(isStorableImageUrl(url, 'http://localhost:3000')).toBe(true);
    const bad = [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'http://evil.example/x.jpg',
      'http://localhost:3000/admin/x.jpg',
      'http://localhost:4000/files/x.jpg',
      'https://user:pw@cdn.example/x.jpg',
      '/files/../secret',
      '//evil.example/files/x.jpg',
      '/admin/x.jpg',
      'a.jpg',
      'vbscript:x',
    ];
    for (const url of bad) expect([url, isStorableImageUrl(url, 'http://localhost:3000')]).toEqual([url, false]);
    // The server passes the app's origin; the form (no origin) leaves an http /files/ address to the server.
    expect(isStorableImageUrl('http://localhost:4000/files/x.jpg')).toBe(true);
    expect(keysOf(valid({ mainProduct: { ...main, image: 'javascript:alert(1)' } }))).toEqual({
      'mainProduct.image': 'validation.imageUrl',
    });
    expect(keysOf(valid({ media: [{ id: 1, url: 'data:image/png;base64,AAAA' }] }))).toEqual({
      'media[0].url': 'validation.imageUrl',
    });
    expect(
      keysOf(
        valid({ relatedItems: [{ ...newRelatedItem({ id: 'p', title: 'P' }, 0), image: 'http://x.example/a.jpg' }] }),
      ),
    ).toEqual({
      'relatedItems[0].image': 'validation.imageUrl',
    });
    const server = validate(
      lookFormSchema,
      valid({ mainProduct: { ...main, productImages: ['http://localhost:4000/files/x.jpg'] } }),
      {
        context: { appOrigin: 'http://localhost:3000' },
      },
    );
    expect(Object.keys(server.errors ?? {})).toEqual(['mainProduct.productImages[0]']);
  });

  it('requires the main product itemId', () => {
    expect(keysOf(valid({ mainProduct: { ...main, itemId: '' } }))).toEqual({
      'mainProduct.itemId': 'validation.required',
    });
    expect(keysOf(valid({ mainProduct: { ...main, itemId: '   ' } }))).toEqual({
      'mainProduct.itemId': 'validation.required',
    });
  });

  it('requires at least one related item, each with an itemId and type product', () => {
    expect(keysOf(valid({ relatedItems: [] }))).toEqual({ relatedItems: 'Looks.validation.relatedItemsMin' });
    const item = newRelatedItem({ id: 'x', title: 'X' }, 0);
    expect(keysOf(valid({ relatedItems: [{ ...item, itemId: '' }] }))).toEqual({
      'relatedItems[0].itemId': 'validation.required',
    });
    expect(keysOf(valid({ relatedItems: [{ ...item, type: 'collection' as 'product' }] }))).toEqual({
      'relatedItems[0].type': 'validation.oneOf',
    });
    expect(errorsOf(valid({ relatedItems: [item, newRelatedItem({ id: 'y', title: 'Y' }, 1)] }))).toEqual({});
  });

  it('keeps markers within 0–100 in whole steps', () => {
    const item = newRelatedItem({ id: 'x', title: 'X' }, 0);
    expect(errorsOf(valid({ relatedItems: [{ ...item, markerX: 0, markerY: 100 }] }))).toEqual({});
    expect(keysOf(valid({ relatedItems: [{ ...item, markerX: -1 }] }))).toEqual({
      'relatedItems[0].markerX': 'validation.minNumber',
    });
    expect(keysOf(valid({ relatedItems: [{ ...item, markerY: 101 }] }))).toEqual({
      'relatedItems[0].markerY': 'validation.maxNumber',
    });
    expect(keysOf(valid({ relatedItems: [{ ...item, markerX: 10.5 }] }))).toEqual({
      'relatedItems[0].markerX': 'validation.integer',
    });
  });

  it('needs a hex colour without # and without alpha', () => {
    expect(errorsOf(valid({ markerColor: 'A1B2C3' }))).toEqual({});
    for (const markerColor of ['#FFFFFF', 'FFFFFF80', 'FFF', 'GGGGGG']) {
      expect(keysOf(valid({ markerColor }))).toEqual({ markerColor: 'validation.invalid' });
    }
  });

  it('checks the discount label (min 3 when enabled) and type (fixed|percentage)', () => {
    const discount = { enabled: true, label: 'Bundle', type: 'percentage' as const, value: 10, discountText: '' };
    expect(errorsOf(valid({ discount }))).toEqual({});
    expect(keysOf(valid({ discount: { ...discount, label: 'ab' } }))).toEqual({ 'discount.label': 'validation.min' });
    expect(errorsOf(valid({ discount: { ...discount, label: 'ab' } }))['discount.label'].values).toMatchObject({
      min: 3,
    });
    expect(keysOf(valid({ discount: { ...discount, label: '' } }))).toEqual({
      'discount.label': 'validation.required',
    });
    expect(keysOf(valid({ discount: { ...discount, type: 'bogo' as 'fixed' } }))).toEqual({
      'discount.type': 'validation.oneOf',
    });
    expect(errorsOf(valid({ discount: { ...discount, type: 'fixed', value: 250 } }))).toEqual({});
    expect(keysOf(valid({ discount: { ...discount, value: 120 } }))).toEqual({
      'discount.value': 'validation.maxNumber',
    });
    // A disabled discount needs no label.
    expect(errorsOf(valid({ discount: { ...discount, enabled: false, label: '' } }))).toEqual({});
  });

  it('reports a wrong type with the typeError message', () => {
    expect(keysOf(valid({ active: 'yes' as unknown as boolean }))).toEqual({ active: 'validation.typeError' });
    const discount = {
      enabled: true,
      label: 'Bundle',
      type: 'fixed' as const,
      value: 'ten' as unknown as number,
      discountText: '',
    };
    expect(keysOf(valid({ discount }))).toEqual({ 'discount.value': 'validation.typeError' });
  });

  it('accepts trimmed, non-empty, unique tags and rejects the rest', () => {
    expect(errorsOf(valid({ tags: '' }))).toEqual({});
    expect(errorsOf(valid({ tags: 'summer,city' }))).toEqual({});
    expect(validate(lookFormSchema, valid({ tags: ' summer , city ' })).value?.tags).toBe('summer,city');
    expect(keysOf(valid({ tags: 'summer,,city' }))).toEqual({ tags: 'Looks.validation.tags' });
    expect(keysOf(valid({ tags: 'summer,Summer' }))).toEqual({ tags: 'Looks.validation.tags' });
    expect(isValidTags('a, b')).toBe(false);
    expect(isValidTags('a,b')).toBe(true);
  });

  it('limits the list query to 50', () => {
    expect(validate(lookListQuerySchema, { limit: '50' }).value).toEqual({ page: 1, limit: 50, query: '' });
    expect(validate(lookListQuerySchema, { limit: '51' }).errors).toBeDefined();
    expect(validate(lookListQuerySchema, {}).value).toEqual({ page: 1, limit: 10, query: '' });
  });
});

describe('look form rules', () => {
  it('gives new related items the marker defaults 50/50 and type product', () => {
    expect(newRelatedItem({ id: 'p', title: 'P', image: 'p.jpg' }, 3)).toEqual({
      itemId: 'p',
      title: 'P',
      image: 'p.jpg',
      order: 3,
      type: 'product',
      markerX: 50,
      markerY: 50,
    });
    expect(newLookDefaults().markerColor).toBe('1A1A1A');
  });

  it('main-image toggle: on sets the first product image, off clears it', () => {
    expect(applyMainImageToggle(main, true).selectedMainImage).toBe(A);
    expect(applyMainImageToggle({ ...main, selectedMainImage: A }, false).selectedMainImage).toBeNull();
    expect(applyMainImageToggle({ ...main, productImages: [] }, true).selectedMainImage).toBe(A);
  });

  it('drag re-indexes order after a move', () => {
    const items = ['a', 'b', 'c'].map((id, i) => newRelatedItem({ id, title: id }, i));
    const moved = moveRelatedItem(items, 0, 2);
    expect(moved.map((i) => [i.itemId, i.order])).toEqual([
      ['b', 0],
      ['c', 1],
      ['a', 2],
    ]);
    expect(moveRelatedItem(items, 1, 1)).toBe(items);
    expect(moveRelatedItem(items, 0, 7)).toBe(items);
  });

  it('tags: added trimmed, never empty or duplicate, removable', () => {
    expect(addTag('', '  summer ')).toBe('summer');
    expect(addTag('summer', 'city')).toBe('summer,city');
    expect(addTag('summer', 'SUMMER')).toBe('summer');
    expect(addTag('summer', '   ')).toBe('summer');
    expect(addTag('', 'a,b')).toBe('a b');
    expect(removeTag('summer,city', 'summer')).toBe('city');
  });

  it('discount link defaults (SPEC §3)', () => {
    expect(discountLookDefaults(main)).toEqual({
      mainProduct: main,
      active: true,
      relatedItems: [],
      markerColor: '1A1A1A',
      featured: false,
      media: [],
      discount: { enabled: true, label: '', type: 'percentage', value: 10, discountText: '', tiers: [] },
      tags: '',
    });
  });

  it('truncates titles', () => {
    expect(truncate('x'.repeat(120), 100)).toHaveLength(100);
    expect(truncate('short', 50)).toBe('short');
  });
});

describe('discount tiers', () => {
  const tiers = [
    { quantity: 2, percentage: 10 },
    { quantity: 3, percentage: 15 },
  ];

  it('the next tier: how many items are missing for which percentage', () => {
    expect([0, 1, 2, 3].map((items) => nextTierFor(tiers, items))).toEqual([
      { missing: 2, percentage: 10 },
      { missing: 1, percentage: 10 },
      { missing: 1, percentage: 15 },
      null,
    ]);
    expect(nextTierFor([...tiers].reverse(), 2)).toEqual({ missing: 1, percentage: 15 });
    expect(nextTierFor([], 0)).toBeNull();
  });

  it('a new tier row asks for one item and five points more than the last', () => {
    expect(nextDiscountTier([])).toEqual({ quantity: 2, percentage: 10 });
    expect(nextDiscountTier(tiers)).toEqual({ quantity: 4, percentage: 20 });
    expect(nextDiscountTier([{ quantity: 2, percentage: 98 }])).toEqual({ quantity: 3, percentage: 100 });
  });
});

describe('item alternatives (issue 28 §4)', () => {
  const base = newRelatedItem({ id: 'gid://shopify/Product/2', title: 'Boots' }, 0);
  it('sets an alternative product, never the item itself, and clears it', () => {
    const set = setItemAlternative(base, {
      id: 'gid://shopify/Product/9',
      title: 'Loafers',
      image: 'https://cdn.shopify.com/l.jpg',
    });
    expect(set.alternative).toEqual({
      itemId: 'gid://shopify/Product/9',
      title: 'Loafers',
      image: 'https://cdn.shopify.com/l.jpg',
    });
    expect(setItemAlternative(set, { id: base.itemId, title: 'Boots' }).alternative).toBeNull();
    expect(setItemAlternative(set, null).alternative).toBeNull();
  });

  it('the schema keeps an absent alternative absent, takes null and a product, refuses the item itself and a bad image', () => {
    const alt = (alternative: unknown) => keysOf(valid({ relatedItems: [{ ...base, alternative } as never] }));
    expect(keysOf(valid({ relatedItems: [base] }))).toEqual({});
    expect(alt(null)).toEqual({});
    expect(alt({ itemId: 'gid://shopify/Product/9', title: 'Loafers', image: '' })).toEqual({});
    expect(alt({ itemId: base.itemId, title: 'Boots', image: '' })).toEqual({
      'relatedItems[0].alternative': 'Looks.validation.alternativeSame',
    });
    expect(alt({ itemId: 'gid://shopify/Product/9', title: '', image: 'javascript:alert(1)' })).toEqual({
      'relatedItems[0].alternative.image': 'validation.imageUrl',
    });
  });
});
