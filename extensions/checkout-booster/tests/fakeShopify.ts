import { signal, type Signal } from '@preact/signals';
import en from '../locales/en.default.json';

type Json = { [key: string]: string | Json };

/** Shopify's translate: a dotted key of the locale file, `{{name}}` placeholders replaced. */
export function translator(messages: Json) {
  return (key: string, values: Record<string, unknown> = {}) => {
    const found = key
      .split('.')
      .reduce<
        string | Json | undefined
      >((node, part) => (node && typeof node === 'object' ? node[part] : undefined), messages);
    if (typeof found !== 'string') throw new Error(`missing translation: ${key}`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}

export interface FakeLine {
  id: string;
  merchandise: {
    type: 'variant';
    id: string;
    title: string;
    product: { id: string; vendor: string; productType: string };
  };
  quantity: number;
  attributes: Array<{ key: string; value: string }>;
}

export interface FakeEntry {
  target: { type: 'product' | 'shop' | 'variant'; id: string };
  metafield: { namespace: string; key: string; value: string; valueType: 'json_string'; type: 'json' };
}

export interface FakeShopify {
  lines: Signal<FakeLine[]>;
  appMetafields: Signal<FakeEntry[]>;
  settings: Signal<Record<string, string | number | boolean | undefined>>;
  instructions: Signal<{ lines: { canAddCartLine: boolean } }>;
  localization: { country: Signal<{ isoCode: string } | undefined> };
  /** `editor` is set only while the block renders in the checkout editor. */
  extension: { target: string; editor?: { type: 'checkout' } };
  i18n: { translate: ReturnType<typeof translator>; formatCurrency: (n: number, o?: { currency?: string }) => string };
  applyCartLinesChange: jest.Mock;
  query: jest.Mock;
}

export const line = (productId: string, variantId: string, attributes: FakeLine['attributes'] = []): FakeLine => ({
  id: `gid://shopify/CartLine/${variantId.split('/').pop()}`,
  merchandise: {
    type: 'variant',
    id: variantId,
    title: 'Default',
    product: { id: productId, vendor: 'Demo', productType: 'Shirts' },
  },
  quantity: 1,
  attributes,
});

export const productLooks = (productId: string, value: unknown): FakeEntry => ({
  target: { type: 'product', id: productId },
  metafield: {
    namespace: '$app',
    key: 'looks',
    value: typeof value === 'string' ? value : JSON.stringify(value),
    valueType: 'json_string',
    type: 'json',
  },
});

/** The shop's `$app` / `checkout` metafield: the merchant's switch in the app. */
export const shopSwitch = (value: unknown): FakeEntry => ({
  target: { type: 'shop', id: 'gid://shopify/Shop/70000' },
  metafield: {
    namespace: '$app',
    key: 'checkout',
    value: typeof value === 'string' ? value : JSON.stringify(value),
    valueType: 'json_string',
    type: 'json',
  },
});

/**
 * A stand-in of the `shopify` global of the cart-line-list target, with Preact signals as checkout
 * provides them. The shop's switch is on unless `switch` says otherwise (`null`: no such metafield);
 * `editor: true` renders as in the checkout editor.
 */
export function installFakeShopify(
  init: {
    lines?: FakeLine[];
    entries?: FakeEntry[];
    settings?: Record<string, boolean>;
    switch?: unknown;
    editor?: boolean;
  } = {},
): FakeShopify {
  const switchValue = 'switch' in init ? init.switch : { v: 1, enabled: true };
  const fake: FakeShopify = {
    lines: signal(init.lines ?? []),
    appMetafields: signal([...(init.entries ?? []), ...(switchValue === null ? [] : [shopSwitch(switchValue)])]),
    settings: signal(init.settings ?? {}),
    instructions: signal({ lines: { canAddCartLine: true } }),
    localization: { country: signal({ isoCode: 'DE' }) },
    extension: {
      target: 'purchase.checkout.cart-line-list.render-after',
      ...(init.editor ? { editor: { type: 'checkout' as const } } : {}),
    },
    i18n: {
      translate: translator(en as Json),
      formatCurrency: (n, o) =>
        new Intl.NumberFormat('en', { style: 'currency', currency: o?.currency ?? 'USD' }).format(n),
    },
    applyCartLinesChange: jest.fn(async () => ({ type: 'success' })),
    query: jest.fn(async () => ({ data: { nodes: [] } })),
  };
  (globalThis as unknown as { shopify: FakeShopify }).shopify = fake;
  return fake;
}
