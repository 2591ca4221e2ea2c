/**
 * @jest-environment jsdom
 * @jest-environment-options {"customExportConditions": ["node", "require", "default"]}
 */
import { h, render } from 'preact';
import { act } from 'preact/test-utils';
import { installFakeShopify, line, productLooks, shopSwitch, type FakeShopify } from './fakeShopify';
import { LookItems, VARIANTS_QUERY } from '../src/LookItems';

const SHIRT = 'gid://shopify/Product/1001';
const SHIRT_VARIANT = 'gid://shopify/ProductVariant/2001';
const item = (n: number, over: Record<string, unknown> = {}) => ({
  productId: `gid://shopify/Product/${n}`,
  handle: `item-${n}`,
  title: `Item ${n}`,
  image: `https://cdn.example.com/item-${n}.jpg`,
  url: `/products/item-${n}`,
  variantId: `gid://shopify/ProductVariant/${n}01`,
  price: 10,
  compareAtPrice: null,
  available: true,
  markerX: 50,
  markerY: 50,
  ...over,
});
const look = (id: number, title: string, items: unknown[]) => ({
  id,
  title,
  mainProduct: { productId: SHIRT, handle: 'shirt', title: 'Shirt', image: null },
  markerColor: 'FFFFFF',
  discount: null,
  items,
});
const SUMMER = look(7, 'Summer in the City', [
  item(1002),
  item(1003),
  item(1004, { available: false }),
  item(1005, { variantId: null }),
]);

let root: HTMLElement;
let shopify: FakeShopify;

async function mount() {
  await act(async () => {
    render(h(LookItems, null), root);
  });
  // the live-variant query resolves
  await act(async () => {
    await Promise.resolve();
  });
}

const buttons = () => [...root.querySelectorAll('s-button')] as HTMLElement[];
const button = (title: string) =>
  buttons().find((b) => b.getAttribute('accessibilityLabel') === `Add ${title} to your order`)!;

beforeEach(() => {
  root = document.createElement('div');
  document.body.replaceChildren(root);
});
afterEach(() => {
  render(null, root);
});

describe('checkout booster: look items below the cart lines', () => {
  it("offers the cart product's look items that are not in the cart: available ones with a variant, translated", async () => {
    shopify = installFakeShopify({
      lines: [line(SHIRT, SHIRT_VARIANT), line('gid://shopify/Product/1003', 'gid://shopify/ProductVariant/100301')],
      entries: [productLooks(SHIRT, { v: 1, looks: [SUMMER] })],
    });
    await mount();
    expect(root.querySelector('s-section')?.getAttribute('heading')).toBe('Complete the look');
    // Item 1003 is in the cart, 1004 is sold out, 1005 has no variant: only 1002 is offered.
    expect(buttons()).toHaveLength(1);
    expect(root.textContent).toContain('Item 1002');
    expect(root.textContent).toContain('From the look “Summer in the City”');
    expect(button('Item 1002').textContent).toBe('Add');
    expect(root.querySelector('s-product-thumbnail')?.getAttribute('src')).toBe(
      'https://cdn.example.com/item-1002.jpg',
    );
  });

  it('the add posts addCartLine with the variant, quantity 1 and the _look_id attribute', async () => {
    shopify = installFakeShopify({
      lines: [line(SHIRT, SHIRT_VARIANT)],
      entries: [productLooks(SHIRT, { v: 1, looks: [SUMMER] })],
    });
    await mount();
    expect(buttons()).toHaveLength(2);
    await act(async () => {
      button('Item 1003').click();
    });
    expect(shopify.applyCartLinesChange).toHaveBeenCalledTimes(1);
    expect(shopify.applyCartLinesChange).toHaveBeenCalledWith({
      type: 'addCartLine',
      merchandiseId: 'gid://shopify/ProductVariant/100301',
      quantity: 1,
      attributes: [{ key: '_look_id', value: '7' }],
    });
    expect(root.querySelector('s-banner')).toBeNull();
    // The checkout updates the cart: the added item is no longer offered.
    await act(async () => {
      shopify.lines.value = [
        line(SHIRT, SHIRT_VARIANT),
        line('gid://shopify/Product/1003', 'gid://shopify/ProductVariant/100301', [{ key: '_look_id', value: '7' }]),
      ];
    });
    expect(buttons()).toHaveLength(1);
    expect(root.textContent).not.toContain('Item 1003');
  });

  it('a refused add shows a critical banner naming the item; the next add clears it', async () => {
    shopify = installFakeShopify({
      lines: [line(SHIRT, SHIRT_VARIANT)],
      entries: [productLooks(SHIRT, { v: 1, looks: [SUMMER] })],
    });
    shopify.applyCartLinesChange.mockResolvedValueOnce({ type: 'error', message: 'Merchandise is out of stock' });
    await mount();
    await act(async () => {
      button('Item 1002').click();
    });
    const banner = root.querySelector('s-banner')!;
    expect(banner.getAttribute('tone')).toBe('critical');
    expect(banner.getAttribute('heading')).toBe("The item couldn't be added");
    expect(banner.textContent).toBe("Item 1002 couldn't be added to your order. Please try again.");
    await act(async () => {
      button('Item 1003').click();
    });
    expect(root.querySelector('s-banner')).toBeNull();
  });

  it('an add that throws is shown the same way', async () => {
    shopify = installFakeShopify({
      lines: [line(SHIRT, SHIRT_VARIANT)],
      entries: [productLooks(SHIRT, { v: 1, looks: [SUMMER] })],
    });
    shopify.applyCartLinesChange.mockRejectedValueOnce(new Error('network'));
    await mount();
    await act(async () => {
      button('Item 1002').click();
    });
    expect(root.querySelector('s-banner')?.textContent).toContain('Item 1002');
  });

  it('shows live prices from the Storefront API and hides variants it reports sold out', async () => {
    shopify = installFakeShopify({
      lines: [line(SHIRT, SHIRT_VARIANT)],
      entries: [productLooks(SHIRT, { v: 1, looks: [SUMMER] })],
    });
    shopify.query.mockResolvedValueOnce({
      data: {
        nodes: [
          {
            id: 'gid://shopify/ProductVariant/100201',
            availableForSale: true,
            price: { amount: '24.5', currencyCode: 'EUR' },
          },
          {
            id: 'gid://shopify/ProductVariant/100301',
            availableForSale: false,
            price: { amount: '30.0', currencyCode: 'EUR' },
          },
        ],
      },
    });
    await mount();
    expect(shopify.query).toHaveBeenCalledWith(VARIANTS_QUERY, {
      variables: { ids: ['gid://shopify/ProductVariant/100201', 'gid://shopify/ProductVariant/100301'], country: 'DE' },
    });
    expect(buttons()).toHaveLength(1);
    expect(root.textContent).toContain('€24.50');
  });

  it('renders nothing when the merchant switched it off in the checkout editor', async () => {
    shopify = installFakeShopify({
      lines: [line(SHIRT, SHIRT_VARIANT)],
      entries: [productLooks(SHIRT, { v: 1, looks: [SUMMER] })],
      settings: { show_looks: false },
    });
    await mount();
    expect(root.innerHTML).toBe('');
    expect(shopify.query).not.toHaveBeenCalled();
    // Switched on again in the editor: shown at once.
    await act(async () => {
      shopify.settings.value = { show_looks: true };
    });
    expect(buttons()).toHaveLength(2);
  });

  it("renders nothing unless the merchant switched it on in the app (the shop's $app/checkout); a change shows at once", async () => {
    const entries = [productLooks(SHIRT, { v: 1, looks: [SUMMER] })];
    for (const value of [
      { v: 1, enabled: false },
      null,
      '{not json',
      { v: 2, enabled: true },
      { v: 1, enabled: 'yes' },
    ]) {
      shopify = installFakeShopify({ lines: [line(SHIRT, SHIRT_VARIANT)], entries, switch: value });
      await mount();
      expect(root.innerHTML).toBe('');
      expect(shopify.query).not.toHaveBeenCalled();
      render(null, root);
    }
    shopify = installFakeShopify({ lines: [line(SHIRT, SHIRT_VARIANT)], entries, switch: { v: 1, enabled: false } });
    await mount();
    expect(root.innerHTML).toBe('');
    // The merchant saves the toggle on in Booster: checkout's metafields update, the items show.
    await act(async () => {
      shopify.appMetafields.value = [...entries, shopSwitch({ v: 1, enabled: true })];
    });
    await act(async () => {
      await Promise.resolve();
    });
    expect(buttons()).toHaveLength(2);
  });

  it('renders nothing when the checkout cannot add lines', async () => {
    shopify = installFakeShopify({
      lines: [line(SHIRT, SHIRT_VARIANT)],
      entries: [productLooks(SHIRT, { v: 1, looks: [SUMMER] })],
    });
    shopify.instructions.value = { lines: { canAddCartLine: false } };
    await mount();
    expect(root.innerHTML).toBe('');
  });

  it('renders nothing when there is nothing to add', async () => {
    const cases: Array<Parameters<typeof installFakeShopify>[0]> = [
      // no looks on the cart's products
      { lines: [line(SHIRT, SHIRT_VARIANT)], entries: [] },
      // every item already in the cart
      {
        lines: [
          line(SHIRT, SHIRT_VARIANT),
          line('gid://shopify/Product/1002', 'gid://shopify/ProductVariant/100201'),
          line('gid://shopify/Product/1003', 'gid://shopify/ProductVariant/100301'),
        ],
        entries: [productLooks(SHIRT, { v: 1, looks: [SUMMER] })],
      },
      // looks of a product that is not in the cart
      {
        lines: [line('gid://shopify/Product/9', 'gid://shopify/ProductVariant/901')],
        entries: [productLooks(SHIRT, { v: 1, looks: [SUMMER] })],
      },
      // an unreadable or unknown-version metafield
      { lines: [line(SHIRT, SHIRT_VARIANT)], entries: [productLooks(SHIRT, '{not json')] },
      { lines: [line(SHIRT, SHIRT_VARIANT)], entries: [productLooks(SHIRT, { v: 2, looks: [SUMMER] })] },
    ];
    for (const init of cases) {
      shopify = installFakeShopify(init);
      await mount();
      expect(root.innerHTML).toBe('');
      render(null, root);
    }
  });

  it('each product is offered once, from the first look naming it, at most four items', async () => {
    const other = 'gid://shopify/Product/2001';
    shopify = installFakeShopify({
      lines: [line(SHIRT, SHIRT_VARIANT), line(other, 'gid://shopify/ProductVariant/3001')],
      entries: [
        productLooks(SHIRT, { v: 1, looks: [look(7, 'Summer', [item(1002), item(1003)])] }),
        productLooks(other, { v: 1, looks: [look(9, 'Evening', [item(1003), item(1006), item(1007), item(1008)])] }),
      ],
    });
    await mount();
    expect(buttons().map((b) => b.getAttribute('accessibilityLabel'))).toEqual([
      'Add Item 1002 to your order',
      'Add Item 1003 to your order',
      'Add Item 1006 to your order',
      'Add Item 1007 to your order',
    ]);
    await act(async () => {
      button('Item 1003').click();
    });
    expect(shopify.applyCartLinesChange.mock.calls[0][0].attributes).toEqual([{ key: '_look_id', value: '7' }]);
  });

  it('in the checkout editor shows a placeholder saying what the block does and whether it is on, without asking for prices', async () => {
    const entries = [productLooks(SHIRT, { v: 1, looks: [SUMMER] })];
    const cases: Array<[Parameters<typeof installFakeShopify>[0], string]> = [
      [
        { editor: true, lines: [], entries: [] },
        'On: switched on in the Shoppable Looks app (Booster → Enable on checkout page).',
      ],
      [
        { editor: true, lines: [line(SHIRT, SHIRT_VARIANT)], entries, switch: { v: 1, enabled: false } },
        'Off: buyers see it once you switch it on in the Shoppable Looks app (Booster → Enable on checkout page).',
      ],
      [
        { editor: true, lines: [], entries: [], settings: { show_looks: false } },
        'Hidden: this block’s “Show look items” setting is off.',
      ],
    ];
    for (const [init, state] of cases) {
      shopify = installFakeShopify(init);
      await mount();
      expect(root.querySelector('s-section')?.getAttribute('heading')).toBe('Complete the look');
      expect(root.textContent).toContain(
        'Shows buyers the other items of the looks of the products in their cart, each with an Add button.',
      );
      expect(root.textContent).toContain(state);
      expect(buttons()).toHaveLength(0);
      expect(shopify.query).not.toHaveBeenCalled();
      render(null, root);
    }
    // Outside the editor the same empty cart renders nothing.
    shopify = installFakeShopify({ lines: [], entries: [] });
    await mount();
    expect(root.innerHTML).toBe('');
  });

  it('matches products and variants by the number of their gid (metafield owners, items and cart lines may differ in form)', async () => {
    const bare = (gid: string) => gid.split('/').pop()!;
    const items = [
      item(1002, { productId: bare(item(1002).productId), variantId: bare(item(1002).variantId as string) }),
      item(1003, { productId: bare(item(1003).productId) }),
    ];
    const entry = productLooks(SHIRT, { v: 1, looks: [look(7, 'Summer', items)] });
    // The owner as a bare number, the cart's line as a gid; item 1003 is in the cart under its gid.
    entry.target.id = bare(SHIRT);
    shopify = installFakeShopify({
      lines: [line(SHIRT, SHIRT_VARIANT), line('gid://shopify/Product/1003', 'gid://shopify/ProductVariant/100301')],
      entries: [entry],
    });
    await mount();
    expect(buttons().map((b) => b.getAttribute('accessibilityLabel'))).toEqual(['Add Item 1002 to your order']);
    await act(async () => {
      button('Item 1002').click();
    });
    // A bare variant number in the metafield reaches the cart as the variant's gid.
    expect(shopify.applyCartLinesChange.mock.calls[0][0].merchandiseId).toBe('gid://shopify/ProductVariant/100201');
    // The owner as a gid with another form of the same number (e.g. a query) still matches.
    render(null, root);
    entry.target.id = `${SHIRT}?from=checkout`;
    shopify = installFakeShopify({ lines: [line(SHIRT, SHIRT_VARIANT)], entries: [entry] });
    await mount();
    expect(buttons()).toHaveLength(2);
  });
});
