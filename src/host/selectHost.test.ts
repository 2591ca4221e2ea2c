import { selectHost } from './selectHost';
import { createAppBridgeHost, getShopifyGlobal, TOAST_DURATION_MS, type ShopifyGlobal } from './appBridgeHost';

function fakeShopify() {
  return {
    idToken: jest.fn(async () => 'ab-token'),
    toast: { show: jest.fn() },
    resourcePicker: jest.fn(
      async (): Promise<unknown> => [
        {
          id: 'gid://shopify/Product/1',
          title: 'Shirt',
          handle: 'shirt',
          images: [{ id: 'gid://shopify/ProductImage/5', originalSrc: 'https://cdn/x.jpg' }],
        },
      ],
    ),
  };
}

/** A token with the given exp (seconds); the signature is not checked on the client. */
function jwt(exp: number): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ dest: 'https://a.myshopify.com', exp })}.sig`;
}

/** A page of APP_MODE=shopify (the api key meta tag filled in by the server) at the given URL query. */
function embeddedPage(search: string, apiKey = 'client-id-123', extra: Record<string, unknown> = {}) {
  const document = window.document.implementation.createHTMLDocument('app');
  const meta = document.createElement('meta');
  meta.setAttribute('name', 'shopify-api-key');
  meta.setAttribute('content', apiKey);
  document.head.append(meta);
  return { document, location: { search }, ...extra };
}

describe('App Bridge toasts', () => {
  it('shows the same message once while its toast is up, again after it', () => {
    const shopify = fakeShopify();
    let now = 1_000;
    const host = createAppBridgeHost(shopify as unknown as ShopifyGlobal, () => now);
    host.toast('Something went wrong', { isError: true });
    now += 100;
    host.toast('Something went wrong', { isError: true });
    host.toast('Saved');
    expect(shopify.toast.show.mock.calls).toEqual([
      ['Something went wrong', { isError: true }],
      ['Saved', { isError: undefined }],
    ]);
    now += TOAST_DURATION_MS;
    host.toast('Something went wrong', { isError: true });
    expect(shopify.toast.show).toHaveBeenCalledTimes(3);
  });
});

describe('host selection', () => {
  it('uses App Bridge when the shopify global is complete', async () => {
    const shopify = fakeShopify();
    const host = selectHost({ shopify });
    expect(host.kind).toBe('appBridge');
    expect(host.degraded).toBeFalsy();
    expect(await host.idToken()).toBe('ab-token');
    host.toast('Saved', { isError: true });
    expect(shopify.toast.show).toHaveBeenCalledWith('Saved', { isError: true });
    const picked = await host.pickProducts({ multiple: true, selectedIds: ['gid://shopify/Product/9'] });
    expect(shopify.resourcePicker).toHaveBeenCalledWith({
      type: 'product',
      multiple: true,
      action: 'select',
      filter: { variants: false, archived: false },
      selectionIds: [{ id: 'gid://shopify/Product/9' }],
    });
    expect(picked).toEqual([
      {
        id: 'gid://shopify/Product/1',
        title: 'Shirt',
        handle: 'shirt',
        images: [{ originalSrc: 'https://cdn/x.jpg' }],
      },
    ]);
  });

  it('hands back products only, keyed by their gid (the synced catalog key), without empty images', async () => {
    const shopify = fakeShopify();
    shopify.resourcePicker.mockResolvedValueOnce([
      {
        id: 'gid://shopify/Product/7000001',
        title: 'Tee 1',
        images: [{ originalSrc: '' }, { originalSrc: 'https://cdn/a.jpg', altText: 'front' }],
      },
      { id: 'gid://shopify/ProductVariant/3', title: 'A variant' },
      { id: 'gid://shopify/Product/7000002', title: 'Tee 2' },
    ]);
    const picked = await selectHost({ shopify }).pickProducts({ multiple: true });
    expect(picked).toEqual([
      {
        id: 'gid://shopify/Product/7000001',
        title: 'Tee 1',
        images: [{ originalSrc: 'https://cdn/a.jpg', altText: 'front' }],
      },
      { id: 'gid://shopify/Product/7000002', title: 'Tee 2', images: [] },
    ]);
  });

  it('App Bridge cancel, an odd answer or a failing picker resolve undefined (nothing picked, no crash)', async () => {
    const shopify = fakeShopify();
    const host = selectHost({ shopify });
    shopify.resourcePicker.mockResolvedValueOnce(undefined);
    expect(await host.pickProducts({ multiple: false })).toBeUndefined();
    shopify.resourcePicker.mockResolvedValueOnce({ selection: [] });
    expect(await host.pickProducts({ multiple: false })).toBeUndefined();
    shopify.resourcePicker.mockRejectedValueOnce(new Error('App Bridge lost the admin'));
    expect(await host.pickProducts({ multiple: false })).toBeUndefined();
  });

  it('is plain standalone outside the admin: no global, nothing embedded, the dev server placeholder', () => {
    for (const win of [
      {},
      undefined,
      null,
      { shopify: 'nope' },
      embeddedPage('', '%SHOPIFY_API_KEY%'),
      embeddedPage('?id_token=x', ''),
    ]) {
      const host = selectHost(win);
      expect(host.kind).toBe('standalone');
      expect(host.degraded).toBe(false);
    }
    expect(getShopifyGlobal(undefined)).toBeUndefined();
    // The real jsdom window has neither a shopify global nor the api key meta tag.
    expect(selectHost(window)).toMatchObject({ kind: 'standalone', degraded: false });
  });

  it('a partial App Bridge global degrades to the standalone UI with App Bridge session tokens', async () => {
    for (const shopify of [
      { idToken: jest.fn(async () => 'partial-token') },
      { ...fakeShopify(), idToken: jest.fn(async () => 'partial-token'), toast: {} },
    ]) {
      const host = selectHost({ shopify });
      expect(host).toMatchObject({ kind: 'standalone', degraded: true });
      expect(await host.idToken()).toBe('partial-token');
      expect(shopify.idToken).toHaveBeenCalledTimes(1);
    }
    // Not even idToken: an empty object on window.shopify still means the admin (no dev tokens).
    const host = selectHost({ shopify: {}, location: { search: '' } });
    expect(host).toMatchObject({ kind: 'standalone', degraded: true });
    await expect(host.idToken()).rejects.toThrow(/open the app again/);
  });

  it('no App Bridge at all inside the admin (script blocked): the launch id_token while it is valid', async () => {
    const valid = jwt(Math.floor(Date.now() / 1000) + 50);
    const host = selectHost(embeddedPage(`?shop=a.myshopify.com&id_token=${valid}&host=abc`));
    expect(host).toMatchObject({ kind: 'standalone', degraded: true });
    expect(await host.idToken()).toBe(valid);

    const expired = jwt(Math.floor(Date.now() / 1000) - 1);
    await expect(selectHost(embeddedPage(`?id_token=${expired}`)).idToken()).rejects.toThrow(/open the app again/);
    await expect(selectHost(embeddedPage('?shop=a.myshopify.com')).idToken()).rejects.toThrow(/open the app again/);
  });
});
