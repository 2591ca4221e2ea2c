import { baseApi } from './baseApi';
import { makeStore } from '../app/store';
import { createFakeHost } from '../test/fakeHost';
import { SHOP_VERIFICATION_HEADER, VERIFICATION_TOKEN_STORAGE_KEY } from '../contracts/api';
import { rememberVerificationToken } from './verificationToken';

const testApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    ping: build.query<{ ok: boolean }, number>({ query: (n) => `/ping?n=${n}` }),
  }),
});

type Answer = { status?: number; headers?: Record<string, string>; body?: unknown };

function mockFetch(answer: Answer | ((req: Request) => Answer) = {}) {
  const requests: Request[] = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init);
    requests.push(req);
    const a = typeof answer === 'function' ? answer(req) : answer;
    return new Response(JSON.stringify(a.body ?? { ok: true }), {
      status: a.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...a.headers },
    });
  });
  global.fetch = fn as unknown as typeof fetch;
  return requests;
}

function setup() {
  let n = 0;
  const host = createFakeHost({ idToken: async () => `token-${++n}` });
  const store = makeStore(host);
  return { host, store, ping: (arg: number) => store.dispatch(testApi.endpoints.ping.initiate(arg, { forceRefetch: true })) };
}

describe('base query', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
    localStorage.clear();
  });

  it('calls /admin/api/v1/… with a fresh bearer token from the host on every request', async () => {
    const requests = mockFetch();
    const { ping } = setup();
    await ping(1);
    await ping(2);
    expect(requests.map((r) => new URL(r.url, window.location.href).pathname)).toEqual(['/admin/api/v1/ping', '/admin/api/v1/ping']);
    expect(requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer token-1', 'Bearer token-2']);
    expect(requests[0].headers.get(SHOP_VERIFICATION_HEADER)).toBeNull();
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
      status: 401,
      headers: {
        'X-Shopify-API-Request-Failure-Reauthorize': '1',
        'X-Shopify-API-Request-Failure-Reauthorize-Url': 'https://demo.myshopify.com/admin/oauth/authorize?x=1',
      },
      body: { message: 'reauthorize' },
    });
    const { ping, host } = setup();
    const result = await ping(1);
    expect(result.error).toMatchObject({ status: 401 });
    expect(host.redirects).toEqual(['https://demo.myshopify.com/admin/oauth/authorize?x=1']);
  });

  it('defaults to /api/auth and prefixes a relative URL with the current host', async () => {
    mockFetch({ status: 401, headers: { 'X-Shopify-API-Request-Failure-Reauthorize': '1' } });
    const first = setup();
    await first.ping(1);
    expect(first.host.redirects).toEqual([`${window.location.protocol}//${window.location.host}/api/auth`]);

    mockFetch({
      status: 401,
      headers: { 'X-Shopify-API-Request-Failure-Reauthorize': '1', 'X-Shopify-API-Request-Failure-Reauthorize-Url': '/api/auth?shop=a.myshopify.com' },
    });
    const second = setup();
    await second.ping(1);
    expect(second.host.redirects).toEqual([`${window.location.protocol}//${window.location.host}/api/auth?shop=a.myshopify.com`]);
  });

  it('does not redirect otherwise (no header, header not 1, plain errors)', async () => {
    for (const answer of [
      { status: 401, body: { message: 'bad token' } },
      { status: 401, headers: { 'X-Shopify-API-Request-Failure-Reauthorize': '0', 'X-Shopify-API-Request-Failure-Reauthorize-Url': '/api/auth' } },
      { status: 500 },
      { status: 200 },
    ]) {
      mockFetch(answer);
      const { ping, host } = setup();
      await ping(1);
      expect(host.redirects).toEqual([]);
    }
  });
});
