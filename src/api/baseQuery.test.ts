import { baseApi } from './baseApi';
import { makeStore } from '../app/store';
import { createFakeHost } from '../test/fakeHost';
import {
  INTERFACE_LOCALE_HEADER,
  SHOP_VERIFICATION_HEADER,
  VERIFICATION_TOKEN_STORAGE_KEY,
  type Locale,
} from '../contracts/api';
import { rememberVerificationToken } from './verificationToken';
import type { ShopContext } from '../contracts/shop';
import { fail, mockBackend, ok, type Answer } from '../test/fakeBackend';
import { TEST_SHOP } from '../test/renderWithProviders';

// A query through the one API and its base query (the shop load is the app's first call).
const testApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    ping: build.query<ShopContext, number>({ query: () => '/shop/details' }),
  }),
});

const REAUTHORIZE = 'X-Shopify-API-Request-Failure-Reauthorize';
const REAUTHORIZE_URL = 'X-Shopify-API-Request-Failure-Reauthorize-Url';

/** The backend answering the shop load; returns the requests' headers. */
function mockFetch(answer: Answer<ShopContext> = ok(TEST_SHOP)) {
  const backend = mockBackend({ 'GET /shop/details': answer });
  return backend.calls;
}

function setup(locale?: Locale) {
  let n = 0;
  const host = createFakeHost({ idToken: async () => `token-${++n}` });
  const store = makeStore(host, undefined, { locale });
  return {
    host,
    store,
    ping: (arg: number) => store.dispatch(testApi.endpoints.ping.initiate(arg, { forceRefetch: true })),
  };
}

describe('base query', () => {
  afterEach(() => localStorage.clear());

  it('calls /admin/api/v1/… with a fresh bearer token from the host on every request', async () => {
    const requests = mockFetch();
    const { ping } = setup();
    await ping(1);
    await ping(2);
    // The fake answers only routes below /admin/api/v1.
    expect(requests.map((r) => r.route)).toEqual(['GET /shop/details', 'GET /shop/details']);
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(requests[0].headers.get(SHOP_VERIFICATION_HEADER)).toBeNull();
  });

  it("names the URL's interface language (?locale=) to the server with every call, and nothing without one", async () => {
    const requests = mockFetch();
    await setup('de').ping(1);
    await setup().ping(2);
    expect(requests.map((r) => r.headers.get(INTERFACE_LOCALE_HEADER))).toEqual(['de', null]);
  });

  it('sends the verification header once a verificationToken was seen in the URL', async () => {
    rememberVerificationToken('?shop=x&verificationToken=vt-123');
    expect(localStorage.getItem(VERIFICATION_TOKEN_STORAGE_KEY)).toBe('vt-123');
    rememberVerificationToken('?locale=de');
    const requests = mockFetch();
    const { ping } = setup();
    await ping(1);
    expect(requests[0].headers.get('X-Shop-Verification-Token')).toBe('vt-123');
  });

  it('redirects the top window to the companion URL on a reauthorize answer', async () => {
    mockFetch({
      ...fail(401, 'reauthorize'),
      headers: { [REAUTHORIZE]: '1', [REAUTHORIZE_URL]: 'https://demo.myshopify.com/admin/oauth/authorize?x=1' },
    });
    const { ping, host } = setup();
    const result = await ping(1);
    expect(result.error).toMatchObject({ status: 401 });
    expect(host.redirects).toEqual(['https://demo.myshopify.com/admin/oauth/authorize?x=1']);
  });

  it('defaults to /api/auth and prefixes a relative URL with the current host', async () => {
    mockFetch({ ...fail(401), headers: { [REAUTHORIZE]: '1' } });
    const first = setup();
    await first.ping(1);
    expect(first.host.redirects).toEqual([`${window.location.protocol}//${window.location.host}/api/auth`]);

    mockFetch({ ...fail(401), headers: { [REAUTHORIZE]: '1', [REAUTHORIZE_URL]: '/api/auth?shop=a.myshopify.com' } });
    const second = setup();
    await second.ping(1);
    expect(second.host.redirects).toEqual([
      `${window.location.protocol}//${window.location.host}/api/auth?shop=a.myshopify.com`,
    ]);
  });

  it('does not redirect otherwise (no header, header not 1, plain errors)', async () => {
    for (const answer of [
      fail(401, 'bad token'),
      { ...fail(401), headers: { [REAUTHORIZE]: '0', [REAUTHORIZE_URL]: '/api/auth' } },
      fail(500),
      ok(TEST_SHOP),
    ]) {
      mockFetch(answer);
      const { ping, host } = setup();
      await ping(1);
      expect(host.redirects).toEqual([]);
    }
  });
});
