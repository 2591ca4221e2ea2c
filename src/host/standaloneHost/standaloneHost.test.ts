import { createStandaloneHost } from './standaloneHost';

function tokenServer() {
  let issued = 0;
  const fetch = jest.fn(async (url: string) => {
    if (String(url).startsWith('/api/dev/session-token')) {
      issued += 1;
      return new Response(JSON.stringify({ token: `tok-${issued}`, expiresIn: 60 }), { status: 200 });
    }
    return new Response(JSON.stringify({ data: [1, 2] }), { status: 200 });
  });
  return fetch;
}

describe('standalone host', () => {
  it('caches the session token until shortly before it expires, then fetches a new one', async () => {
    let now = 1_000_000;
    const fetch = tokenServer();
    const host = createStandaloneHost({ fetch: fetch as unknown as typeof globalThis.fetch, now: () => now });
    expect(await host.idToken()).toBe('tok-1');
    now += 30_000;
    expect(await host.idToken()).toBe('tok-1');
    now += 20_000; // 50 s: within the 15 s safety margin of the 60 s lifetime
    expect(await host.idToken()).toBe('tok-2');
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(fetch.mock.calls[0][0]).toBe('/api/dev/session-token');
  });

  it('shares one request between concurrent callers and asks for the configured shop', async () => {
    const fetch = tokenServer();
    const host = createStandaloneHost({
      fetch: fetch as unknown as typeof globalThis.fetch,
      shop: 'other.myshopify.com',
    });
    const tokens = await Promise.all([host.idToken(), host.idToken(), host.idToken()]);
    expect(tokens).toEqual(['tok-1', 'tok-1', 'tok-1']);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0][0]).toBe('/api/dev/session-token?shop=other.myshopify.com');
  });

  it('rejects when the backend refuses, and retries on the next call', async () => {
    const fetch = jest
      .fn()
      .mockResolvedValueOnce(new Response('{}', { status: 404 }))
      .mockResolvedValueOnce(new Response(JSON.stringify({ token: 'ok' }), { status: 200 }));
    const host = createStandaloneHost({ fetch });
    await expect(host.idToken()).rejects.toThrow('404');
    expect(await host.idToken()).toBe('ok');
  });

  it('inside the admin without App Bridge: tokens from the given source, never the dev endpoint', async () => {
    const fetch = tokenServer();
    const tokenSource = jest.fn(async () => 'launch-token');
    const host = createStandaloneHost({
      fetch: fetch as unknown as typeof globalThis.fetch,
      tokenSource,
      degraded: true,
    });
    expect(host.degraded).toBe(true);
    expect(await host.idToken()).toBe('launch-token');
    expect(await host.fetchJson('/admin/api/v1/catalog/products')).toEqual({ data: [1, 2] });
    expect(fetch.mock.calls).toEqual([
      ['/admin/api/v1/catalog/products', { headers: { Authorization: 'Bearer launch-token' } }],
    ]);
    expect(tokenSource).toHaveBeenCalledTimes(2);
    expect(createStandaloneHost({ fetch: jest.fn() }).degraded).toBe(false);
  });

  it('fetchJson sends the bearer token', async () => {
    const fetch = tokenServer();
    const host = createStandaloneHost({ fetch: fetch as unknown as typeof globalThis.fetch });
    expect(await host.fetchJson('/admin/api/v1/catalog/products')).toEqual({ data: [1, 2] });
    expect(fetch.mock.calls[1]).toEqual([
      '/admin/api/v1/catalog/products',
      { headers: { Authorization: 'Bearer tok-1' } },
    ]);
  });

  it('keeps toasts and the picker request as observable state', async () => {
    const host = createStandaloneHost({ fetch: jest.fn() });
    const listener = jest.fn();
    const unsubscribe = host.subscribe(listener);
    host.toast('Saved');
    host.toast('Failed', { isError: true });
    expect(host.getState().toasts).toEqual([
      { id: 1, message: 'Saved', isError: false },
      { id: 2, message: 'Failed', isError: true },
    ]);
    // The same message while it is on screen (two calls failing at once) is not stacked.
    host.toast('Failed', { isError: true });
    expect(host.getState().toasts).toHaveLength(2);
    host.dismissToast(1);
    expect(host.getState().toasts.map((t) => t.message)).toEqual(['Failed']);
    host.dismissToast(2);
    host.toast('Failed', { isError: true });
    expect(host.getState().toasts.map((t) => t.message)).toEqual(['Failed']);

    const first = host.pickProducts({ multiple: true, selectedIds: ['a'] });
    expect(host.getState().picker?.options).toEqual({ multiple: true, selectedIds: ['a'] });
    // A second request cancels the first.
    const second = host.pickProducts({ multiple: false });
    await expect(first).resolves.toBeUndefined();
    host.getState().picker!.resolve([{ id: 'p1', title: 'P1', images: [] }]);
    await expect(second).resolves.toEqual([{ id: 'p1', title: 'P1', images: [] }]);
    expect(host.getState().picker).toBeNull();

    const calls = listener.mock.calls.length;
    unsubscribe();
    host.toast('after');
    expect(listener.mock.calls.length).toBe(calls);
  });
});
