import { DEFAULT_LAYOUT_SETTINGS, type LayoutSettings } from '../../../../src/contracts/layout';
import type { StorefrontConfig, StorefrontItem, StorefrontLook } from '../../../../src/contracts/storefront';
import { productLooksBlock, storefrontLiquid } from './engine';
import { liveProduct, storefrontGlobals, type GlobalsInput, type LiveProduct } from './objects';

/** Deterministic storefront data for the renderer's tests, the XSS corpus and the bench. */
export function fixtureItem(n: number, extra: Partial<StorefrontItem> = {}): StorefrontItem {
  return {
    productId: `gid://shopify/Product/${2000 + n}`,
    handle: `item-${n}`,
    title: `Item ${n}`,
    image: `https://cdn.example/item-${n}.jpg`,
    url: `/products/item-${n}`,
    variantId: `gid://shopify/ProductVariant/${3000 + n}`,
    price: 10 * n,
    compareAtPrice: n === 1 ? 15 : null,
    available: n !== 3,
    markerX: 20 * n,
    markerY: 15 * n,
    ...extra,
  };
}

export function fixtureLook(overrides: Partial<StorefrontLook> = {}): StorefrontLook {
  return {
    id: 7,
    title: 'Look',
    mainProduct: {
      productId: 'gid://shopify/Product/2000',
      handle: 'linen-shirt',
      title: 'Linen shirt',
      image: 'https://cdn.example/main.jpg',
    },
    markerColor: 'FF0000',
    discount: { label: 'Deal', text: 'Save 10%', type: 'percentage', value: 10 },
    items: [fixtureItem(1), fixtureItem(2), fixtureItem(3)],
    ...overrides,
  };
}

export function fixtureConfig(
  layout: Partial<LayoutSettings> = {},
  settings: Partial<StorefrontConfig['settings']> = {},
): StorefrontConfig {
  return {
    v: 1,
    currency: 'USD',
    layout: { ...DEFAULT_LAYOUT_SETTINGS, ...layout },
    settings: {
      enabled: true,
      locale: 'en',
      usePoopUpEnabled: false,
      usePoopUpEvent: 'onload',
      usePoopUpDelay: null,
      useButtonPDP: false,
      showCompareAtPrice: true,
      applyDiscount: false,
      discountButtonText: null,
      discountCode: null,
      lowQuantityUnitLimit: '3',
      variantLabel: 'Variant',
      definedVariantStyle: 'select',
      autoHideOutOfStockItems: false,
      ...settings,
    },
    booster: {
      showOnCartPage: false,
      cartPageCssSelector: null,
      enableCheckoutUIExtension: false,
      discountLabel: null,
    },
  };
}

/** The live products of a look's items as the theme sees them: item 1 has two colours, item 2 two left in stock. */
export function fixtureLiveProducts(look: StorefrontLook): LiveProduct[] {
  return look.items.map((item, i) =>
    liveProduct({
      gid: item.productId,
      handle: item.handle,
      title: item.title,
      url: item.url,
      price: item.price,
      compareAtPrice: item.compareAtPrice,
      available: item.available,
      image: item.image,
      variantId: item.variantId,
      variants:
        i === 0
          ? [
              { id: 'v-1-black', title: 'Black', price: item.price, available: true, quantity: 20 },
              { id: 'v-1-white', title: 'White', price: item.price + 2, available: false, quantity: 0 },
            ]
          : [
              {
                id: item.variantId ?? `v-${i}`,
                title: 'Default Title',
                price: item.price,
                available: item.available,
                quantity: i === 1 ? 2 : 20,
              },
            ],
    }),
  );
}

export interface FixtureRender {
  look: StorefrontLook;
  config: StorefrontConfig;
  /** Whether all_products knows the items (else the JSON values are all there is). */
  live?: boolean;
  designMode?: boolean;
  extra?: Partial<GlobalsInput>;
}

/** The globals of a product page showing `look`. */
export function fixtureGlobals({
  look,
  config,
  live = true,
  designMode = false,
  extra = {},
}: FixtureRender): Record<string, unknown> {
  const main = liveProduct({
    gid: look.mainProduct.productId,
    handle: look.mainProduct.handle,
    title: look.mainProduct.title,
    url: `/products/${look.mainProduct.handle}`,
    price: 50,
    compareAtPrice: null,
    available: true,
    image: look.mainProduct.image,
    looks: { v: 1, looks: [look] },
  });
  return storefrontGlobals({
    shopDomain: 'demo-shop.myshopify.com',
    currency: config.currency,
    locale: config.settings.locale,
    config,
    product: main,
    products: live ? fixtureLiveProducts(look) : [],
    template: 'product',
    designMode,
    ...extra,
  });
}

/** The product page's looks for a fixture, through the block the app's layout uses (see productLooksBlock). */
export function renderFixture(fixture: FixtureRender): Promise<string> {
  return storefrontLiquid().render(productLooksBlock(fixture.config.layout), fixtureGlobals(fixture));
}
