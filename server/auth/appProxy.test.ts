import { appProxySignature, checkAppProxySignature, proxyQueryParams, signAppProxyQuery } from './appProxy';

// The platform's documented example (shopify.dev, "Authenticate app proxies"): secret `hush`.
const DOC_QUERY =
  'extra=1&extra=2&shop=shop-name.myshopify.com&logged_in_customer_id=1&path_prefix=%2Fapps%2Fawesome_reviews&timestamp=1317327555';
const DOC_SIGNATURE = '4c68c8624d737112c91818c11017d24d334b524cb5c2b8ba08daa056f7395ddb';
const DOC_TIME = new Date(1317327555 * 1000);

describe('app proxy signature', () => {
  it('matches the platform documentation example (repeated params joined by commas)', () => {
    expect(appProxySignature(proxyQueryParams(`/proxy/x?${DOC_QUERY}`), 'hush')).toBe(DOC_SIGNATURE);
    expect(checkAppProxySignature(`/proxy/x?${DOC_QUERY}&signature=${DOC_SIGNATURE}`, 'hush', DOC_TIME)).toEqual({
      ok: true,
      shopDomain: 'shop-name.myshopify.com',
      pathPrefix: '/apps/awesome_reviews',
      loggedInCustomerId: '1',
    });
  });

  it('sorts the key=value strings byte-wise, as the platform does (not by locale)', () => {
    // `page1=` sorts before `page=` byte-wise ('1' < '='); a locale sort of the keys puts `page` first.
    const params = new Map([
      ['page', ['2']],
      ['page1', ['x']],
      ['Zed', ['y']],
    ]);
    const { createHmac } = jest.requireActual<typeof import('node:crypto')>('node:crypto');
    expect(appProxySignature(params, 's')).toBe(createHmac('sha256', 's').update('Zed=ypage1=xpage=2').digest('hex'));
  });

  it('refuses a missing, wrong, doubled or stale signature', () => {
    expect(checkAppProxySignature(`/p?${DOC_QUERY}`, 'hush', DOC_TIME)).toEqual({ ok: false, reason: 'missing' });
    expect(checkAppProxySignature(`/p?${DOC_QUERY}&signature=`, 'hush', DOC_TIME)).toEqual({
      ok: false,
      reason: 'missing',
    });
    expect(checkAppProxySignature(`/p?${DOC_QUERY}&signature=${DOC_SIGNATURE}`, 'other', DOC_TIME)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(checkAppProxySignature(`/p?${DOC_QUERY}&signature=${DOC_SIGNATURE.slice(2)}`, 'hush', DOC_TIME)).toEqual({
      ok: false,
      reason: 'invalid',
    });
    // One value changed after signing.
    expect(
      checkAppProxySignature(
        `/p?${DOC_QUERY.replace('extra=2', 'extra=3')}&signature=${DOC_SIGNATURE}`,
        'hush',
        DOC_TIME,
      ).ok,
    ).toBe(false);
    expect(
      checkAppProxySignature(`/p?${DOC_QUERY}&signature=${DOC_SIGNATURE}&signature=${DOC_SIGNATURE}`, 'hush', DOC_TIME),
    ).toEqual({ ok: false, reason: 'missing' });
    const at = (seconds: number) => new Date((1317327555 + seconds) * 1000);
    expect(checkAppProxySignature(`/p?${DOC_QUERY}&signature=${DOC_SIGNATURE}`, 'hush', at(90)).ok).toBe(true);
    expect(checkAppProxySignature(`/p?${DOC_QUERY}&signature=${DOC_SIGNATURE}`, 'hush', at(91))).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(checkAppProxySignature(`/p?${DOC_QUERY}&signature=${DOC_SIGNATURE}`, 'hush', at(-91))).toEqual({
      ok: false,
      reason: 'stale',
    });
  });

  it('refuses a repeated shop even when signed', () => {
    const query = signAppProxyQuery(
      { shop: ['a.myshopify.com', 'b.myshopify.com'], timestamp: '1317327555', path_prefix: '/apps/looks' },
      'hush',
    );
    expect(checkAppProxySignature(`/p?${query}`, 'hush', DOC_TIME)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('signs what it verifies, with a safe path prefix', () => {
    const query = signAppProxyQuery(
      {
        shop: 'a.myshopify.com',
        timestamp: '1317327555',
        path_prefix: '/a/looks',
        logged_in_customer_id: '',
        q: ['x y', 'ü&='],
      },
      'secret',
    );
    expect(checkAppProxySignature(`/p?${query}`, 'secret', DOC_TIME)).toEqual({
      ok: true,
      shopDomain: 'a.myshopify.com',
      pathPrefix: '/a/looks',
      loggedInCustomerId: null,
    });
    const hostile = signAppProxyQuery(
      { shop: 'a.myshopify.com', timestamp: '1317327555', path_prefix: '//evil' },
      'secret',
    );
    expect(checkAppProxySignature(`/p?${hostile}`, 'secret', DOC_TIME)).toMatchObject({
      ok: true,
      pathPrefix: '/apps/looks',
    });
  });
});
