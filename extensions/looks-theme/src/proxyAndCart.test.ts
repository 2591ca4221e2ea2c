/**
 * @jest-environment jsdom
 */
import { funnelEndpoint, type WidgetConfig } from './config';
import { addToCart, linesFor } from './cart';

const config = (over: Partial<WidgetConfig> = {}): WidgetConfig => ({ lookId: 7, platformCart: true, ...over });

describe('where funnel events go', () => {
  it('to the app proxy at the path the config metafield gives (the signed path_prefix the server learned)', () => {
    expect(funnelEndpoint(config({ proxyPath: '/a/shop-looks' }))).toBe('/a/shop-looks/events');
    expect(funnelEndpoint(config({ proxyPath: '/tools/looks' }))).toBe('/tools/looks/events');
  });

  it("to the toml's /apps/looks until the server has seen a signed request; the demo endpoint on the demo; nowhere in the preview", () => {
    expect(funnelEndpoint(config())).toBe('/apps/looks/events');
    expect(funnelEndpoint(config({ platformCart: false }))).toBe('/api/storefront/events');
    expect(funnelEndpoint(config({ preview: true, proxyPath: '/a/x' }))).toBeNull();
  });
});

describe('add to cart never posts an item without a variant', () => {
  let fetchMock: jest.Mock;
  beforeEach(() => {
    fetchMock = jest.fn(async () => ({ ok: true, json: async () => ({ item_count: 1 }) }));
    (globalThis as unknown as { fetch: unknown }).fetch = fetchMock;
    // Two items: one resolved by the storefront (its live variant's number), one not (sl-item writes no variant).
    document.body.innerHTML = `<section class="sl-widget">
<article class="sl-item" data-sl-index="0" data-sl-product="gid://shopify/Product/1" data-sl-variant="4001" data-sl-price="10"><button type="button" class="sl-atc">Add</button></article>
<article class="sl-item" data-sl-index="1" data-sl-product="gid://shopify/Product/2" data-sl-variant="" data-sl-price=""></article>
</section>`;
  });

  it('"add all" adds the resolved item only, by its variant number, with the look property', async () => {
    const w = document.querySelector('.sl-widget')!;
    await addToCart(w, config(), linesFor(w, false), null);
    const [url, init] = fetchMock.mock.calls[0] as [string, { body: string }];
    expect(url).toBe('/cart/add.js');
    expect(JSON.parse(init.body)).toEqual({ items: [{ id: 4001, quantity: 1, properties: { _look_id: '7' } }] });
  });

  it('an item without a variant alone posts nothing (no product id as a variant id)', async () => {
    const w = document.querySelector('.sl-widget')!;
    const unresolved = { product: 'gid://shopify/Product/2', variant: '', price: 0, quantity: 1 };
    await addToCart(w, config(), [unresolved], null);
    await addToCart(w, config(), [{ ...unresolved, variant: null }], null);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
