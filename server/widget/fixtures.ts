import { DEFAULT_LAYOUT_SETTINGS, type LayoutSettings } from '../../src/contracts/layout';
import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from '../../src/contracts/shop';
import type { WidgetContext, WidgetItem, WidgetLook } from './types';

/** A deterministic look for renderer tests and benchmarks. */
export function fixtureLook(overrides: Partial<WidgetLook> = {}): WidgetLook {
  const item = (n: number, extra: Partial<WidgetItem> = {}): WidgetItem => ({
    productId: `gid://shopify/Product/${2000 + n}`,
    title: `Item ${n}`,
    url: `/storefront/products/item-${n}`,
    image: `/files/catalog/item-${n}.jpg`,
    price: 10 * n,
    compareAtPrice: n === 1 ? 15 : null,
    available: n !== 3,
    quantity: n === 2 ? 2 : 20,
    variants:
      n === 1
        ? [
            { id: 'v-1-black', title: 'Black', price: 10, available: true },
            { id: 'v-1-white', title: 'White', price: 12, available: false },
          ]
        : [],
    markerX: 20 * n,
    markerY: 15 * n,
    ...extra,
  });
  return {
    id: 7,
    title: 'Look',
    mainProduct: { title: 'Linen shirt', image: '/files/catalog/main.jpg' },
    items: [item(1), item(2), item(3)],
    markerColor: 'FF0000',
    discount: { enabled: true, label: 'Deal', discountText: 'Save 10%' },
    ...overrides,
  };
}

export function fixtureContext(
  layout: Partial<LayoutSettings> = {},
  settings: Partial<ShopSettings> = {},
  look: Partial<WidgetLook> = {},
): WidgetContext {
  return {
    look: fixtureLook(look),
    layout: { ...DEFAULT_LAYOUT_SETTINGS, ...layout },
    settings: { ...DEFAULT_SHOP_SETTINGS, lowQuantityUnitLimit: '3', ...settings },
    shopDomain: 'demo-shop.myshopify.com',
    currency: 'USD',
    baseUrl: 'https://app.example',
  };
}
