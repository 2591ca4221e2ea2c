import { createTestApp, type TestApp } from '../../test/testApp';
import type { ShopRow } from '../shop/shops';
import { galleryValue, productLooksValue, storefrontConfigValue } from './metafields';
import type { LookRelatedItem } from '../../../src/contracts/looks';
import { DEFAULT_LAYOUT_SETTINGS } from '../../../src/contracts/layout';

jest.setTimeout(30_000);

const gid = (n: number) => `gid://shopify/Product/${n}`;

describe('storefront metafield values', () => {
  let t: TestApp;
  let shop: ShopRow;
  let other: ShopRow;

  const product = (shopId: number, n: number, extra: Record<string, unknown> = {}) =>
    t.db
      .insertInto('catalogProducts')
      .values({
        shopId,
        gid: gid(n),
        handle: `p-${n}`,
        title: `Product ${n}`,
        status: 'active',
        price: n,
        compareAtPrice: null,
        images: JSON.stringify([`https://cdn.example/${n}.jpg`]),
        productType: 'Shirt',
        ...extra,
      })
      .execute();

  const related = (n: number, order: number, image = ''): LookRelatedItem => ({
    itemId: gid(n),
    title: `stale ${n}`,
    image,
    order,
    type: 'product',
    markerX: 10 * order,
    markerY: 5 * order,
  });

  const look = async (shopId: number, main: number, items: LookRelatedItem[], extra: Record<string, unknown> = {}) =>
    (
      await t.db
        .insertInto('productLooks')
        .values({
          shopId,
          title: `Look of ${main}`,
          active: true,
          mainProduct: JSON.stringify({
            itemId: gid(main),
            title: `Main ${main}`,
            image: `https://cdn.example/main-${main}.jpg`,
            selectedMainImage: null,
          }),
          relatedItems: JSON.stringify(items),
          markerColor: 'FF0000',
          featured: false,
          media: JSON.stringify([]),
          discount: null,
          tags: '',
          ...extra,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await createTestApp();
    shop = await t.provision('metafields-a.myshopify.com');
    other = await t.provision('metafields-b.myshopify.com');
    for (const n of [1, 2, 4, 5, 6]) await product(shop.id, n);
    await product(shop.id, 3, { defaultVariantGid: 'gid://shopify/ProductVariant/3001' });
    await product(shop.id, 7, { status: 'archived' });
    await product(shop.id, 8, { status: 'draft', compareAtPrice: 12.5 });
    await product(other.id, 1);
    await t.db
      .insertInto('deletedProducts')
      .values({ shopId: shop.id, gid: gid(6) })
      .execute();
  }, 60_000);
  afterAll(() => t.close());

  it('a product gets its active looks, newest first, items in the merchant order with catalog prices; deleted, archived and unknown products drop out', async () => {
    const older = await look(
      shop.id,
      1,
      [
        related(3, 2),
        related(2, 1, 'https://cdn.example/custom.jpg'),
        related(7, 3),
        related(6, 4),
        related(99, 5),
        related(8, 6),
      ],
      {
        createdAt: new Date('2026-01-01T00:00:00Z'),
        discount: JSON.stringify({ enabled: true, label: 'Deal', type: 'fixed', value: 5, discountText: 'Save 5' }),
        discountTiers: JSON.stringify([{ quantity: 2, percentage: 10 }]),
      },
    );
    const newer = await look(shop.id, 1, [related(4, 1)], { createdAt: new Date('2026-02-01T00:00:00Z') });
    await look(shop.id, 1, [related(4, 1)], { active: false });
    await look(shop.id, 2, [related(4, 1)]);
    await look(other.id, 1, [related(1, 1)]);

    const value = await productLooksValue(t.db, shop, gid(1));
    expect(value.v).toBe(1);
    expect(value.looks.map((l) => l.id)).toEqual([newer, older]);
    const first = value.looks[1];
    expect(first.mainProduct).toEqual({
      productId: gid(1),
      handle: 'p-1',
      title: 'Product 1',
      image: 'https://cdn.example/main-1.jpg',
    });
    expect(first.discount).toEqual({
      label: 'Deal',
      text: 'Save 5',
      type: 'fixed',
      value: 5,
      tiers: [{ quantity: 2, percentage: 10 }],
    });
    expect(value.looks[0].discount).toBeNull();
    expect(first.items.map((i) => i.productId)).toEqual([gid(2), gid(3), gid(8)]);
    expect(first.items[0]).toEqual({
      productId: gid(2),
      handle: 'p-2',
      title: 'Product 2',
      image: 'https://cdn.example/custom.jpg',
      url: '/products/p-2',
      variantId: null,
      price: 2,
      compareAtPrice: null,
      available: true,
      markerX: 10,
      markerY: 5,
    });
    expect(first.items[1].image).toBe('https://cdn.example/3.jpg');
    // The catalog's default variant goes with the item (add to cart needs a variant, not the product).
    expect(first.items[1].variantId).toBe('gid://shopify/ProductVariant/3001');
    expect(first.items[2]).toMatchObject({ available: false, compareAtPrice: 12.5, price: 8 });

    expect((await productLooksValue(t.db, shop, gid(5))).looks).toEqual([]);
    expect((await productLooksValue(t.db, other, gid(1))).looks.map((l) => l.items.length)).toEqual([1]);
  });

  it('a look whose main product was deleted is not shown', async () => {
    await look(shop.id, 6, [related(2, 1)]);
    expect((await productLooksValue(t.db, shop, gid(6))).looks).toEqual([]);
  });

  it('the gallery holds the shop’s active looks, newest first, without looks of deleted main products', async () => {
    const gallery = await galleryValue(t.db, shop);
    const rows = await t.db
      .selectFrom('productLooks')
      .select(['id', 'mainProduct', 'active'])
      .where('shopId', '=', shop.id)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .execute();
    expect(gallery.looks.map((l) => l.id)).toEqual(
      rows.filter((r) => r.active && r.mainProduct.itemId !== gid(6)).map((r) => r.id),
    );
    expect(gallery.looks.length).toBe(3);
  });

  it('the config carries the layout, the storefront settings and the cart booster', async () => {
    const config = await storefrontConfigValue(t.db, shop);
    expect(config).toMatchObject({ v: 1, currency: shop.currency, layout: DEFAULT_LAYOUT_SETTINGS });
    expect(config.settings).toMatchObject({
      enabled: true,
      locale: 'en',
      variantLabel: 'Variant',
      definedVariantStyle: 'select',
      showCompareAtPrice: true,
    });
    expect(Object.keys(config.settings)).not.toContain('removeUTMParam');
    expect(config.utm).toBe(true);
    expect(config.booster).toEqual({
      showOnCartPage: false,
      cartPageCssSelector: null,
      enableCheckoutUIExtension: false,
      discountLabel: null,
      // The block says "Not combinable with other product discounts" from it (issue 28).
      bundleDiscountCombinesWith: { productDiscounts: false, orderDiscounts: true, shippingDiscounts: true },
    });

    await t.db
      .insertInto('layoutSettings')
      .values({
        shopId: shop.id,
        settings: JSON.stringify({ ...DEFAULT_LAYOUT_SETTINGS, definedTemplate: 'shoppable' }),
      })
      .execute();
    await t.db
      .insertInto('boosterSettings')
      .values({
        shopId: shop.id,
        settings: JSON.stringify({ showOnCartPage: true, cartPageCssSelector: '#cart', discountLabel: 'Bundle' }),
      })
      .execute();
    await t.db
      .updateTable('layoutSettings')
      .set({
        settings: JSON.stringify({
          ...DEFAULT_LAYOUT_SETTINGS,
          definedTemplate: 'shoppable',
          customCss: '.a{b:c}</style><script>x</script>@import "y";',
        }),
      })
      .where('shopId', '=', shop.id)
      .execute();
    const changed = await storefrontConfigValue(t.db, shop);
    expect(changed.layout.customCss).toContain('.a{b:c}');
    expect(changed.layout.customCss).not.toMatch(/<|@import/);
    expect(changed.layout.definedTemplate).toBe('shoppable');
    expect(changed.booster).toMatchObject({
      showOnCartPage: true,
      cartPageCssSelector: '#cart',
      discountLabel: 'Bundle',
    });
  });
});
