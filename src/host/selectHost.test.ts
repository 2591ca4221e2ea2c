import { selectHost } from './selectHost';
import { getShopifyGlobal } from './appBridgeHost';

function fakeShopify() {
  return {
    idToken: jest.fn(async () => 'ab-token'),
    toast: { show: jest.fn() },
    resourcePicker: jest.fn(async () => [
      { id: 'gid://shopify/Product/1', title: 'Shirt', handle: 'shirt', images: [{ originalSrc: 'https://cdn/x.jpg' }] },
    ]),
  };
}

describe('host selection', () => {
  it('uses App Bridge when the shopify global exists', async () => {
    const shopify = fakeShopify();
    const host = selectHost({ shopify });
    expect(host.kind).toBe('appBridge');
    expect(await host.idToken()).toBe('ab-token');
    host.toast('Saved', { isError: true });
    expect(shopify.toast.show).toHaveBeenCalledWith('Saved', { isError: true });
    const picked = await host.pickProducts({ multiple: true, selectedIds: ['gid://shopify/Product/9'] });
    expect(shopify.resourcePicker).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'product', multiple: true, filter: { variants: false, archived: false }, selectionIds: [{ id: 'gid://shopify/Product/9' }] }),
    );
    expect(picked).toEqual([{ id: 'gid://shopify/Product/1', title: 'Shirt', handle: 'shirt', images: [{ originalSrc: 'https://cdn/x.jpg' }] }]);
  });

  it('is standalone without the global, or with an incomplete one, and never crashes', () => {
    expect(selectHost({}).kind).toBe('standalone');
    expect(selectHost({ shopify: {} }).kind).toBe('standalone');
    expect(selectHost({ shopify: { idToken: () => 'x' } }).kind).toBe('standalone');
    expect(selectHost(undefined).kind).toBe('standalone');
    expect(selectHost(null).kind).toBe('standalone');
    expect(getShopifyGlobal(undefined)).toBeUndefined();
    // The real jsdom window has no shopify global.
    expect(selectHost(window).kind).toBe('standalone');
  });

  it('App Bridge cancel resolves undefined', async () => {
    const shopify = fakeShopify();
    shopify.resourcePicker.mockResolvedValueOnce(undefined as never);
    expect(await selectHost({ shopify }).pickProducts({ multiple: false })).toBeUndefined();
  });
});
