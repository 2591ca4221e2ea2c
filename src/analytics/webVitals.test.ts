import { createFakeHost } from '../test/fakeHost';
import { FLUSH_DELAY_MS, startWebVitals } from './webVitals';

type Cb = (m: { id?: unknown; name?: unknown; value?: unknown }) => void;

function fakeLibrary() {
  const callbacks: Record<string, Cb> = {};
  return {
    callbacks,
    lib: {
      onLCP: (cb: Cb) => (callbacks.LCP = cb),
      onCLS: (cb: Cb) => (callbacks.CLS = cb),
      onINP: (cb: Cb) => (callbacks.INP = cb),
    },
  };
}

function recorder() {
  const sent: Array<{ url: string; init: RequestInit; body: { metrics: Array<Record<string, unknown>> } }> = [];
  const fetch = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(url), init: init!, body: JSON.parse(String(init!.body)) });
    return new Response(null, { status: 204 });
  });
  return { sent, fetch: fetch as unknown as typeof globalThis.fetch };
}

const flushPromises = () => new Promise((r) => jest.requireActual<typeof import('timers')>('timers').setImmediate(r));

function setVisibility(state: 'hidden' | 'visible') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('web vitals reporter', () => {
  const shopifyWindow = window as unknown as { shopify?: unknown };
  beforeEach(() => {
    window.history.replaceState(null, '', '/looks/edit/7?x=1');
  });
  afterEach(() => {
    delete shopifyWindow.shopify;
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    jest.useRealTimers();
  });

  it('standalone: the web-vitals library, LCP/CLS/INP only, one authenticated batch when the page is hidden', async () => {
    const { sent, fetch } = recorder();
    const { lib, callbacks } = fakeLibrary();
    const stop = startWebVitals({ host: createFakeHost(), fetch, loadLibrary: async () => lib });
    await flushPromises();
    callbacks.LCP({ id: 'v5-1', name: 'LCP', value: 812.4 });
    callbacks.CLS({ id: 'v5-2', name: 'CLS', value: 0.01 });
    callbacks.CLS({ id: 'v5-2', name: 'CLS', value: 0.04 }); // a later report of the same page load replaces it
    callbacks.INP({ id: 'v5-3', name: 'FCP', value: 100 }); // not a reported metric
    callbacks.INP({ id: 'v5-4', name: 'INP', value: Number.NaN });
    expect(sent).toEqual([]);
    setVisibility('hidden');
    await flushPromises();
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe('/admin/api/v1/webVitals');
    expect(sent[0].init.method).toBe('POST');
    expect(sent[0].init.keepalive).toBe(true);
    expect(new Headers(sent[0].init.headers).get('Authorization')).toBe('Bearer test-token');
    expect(sent[0].body).toEqual({
      metrics: [
        { id: 'v5-1', name: 'LCP', value: 812.4, route: '/looks/edit/:id', source: 'webVitals' },
        { id: 'v5-2', name: 'CLS', value: 0.04, route: '/looks/edit/:id', source: 'webVitals' },
      ],
    });
    await stop();
    expect(sent).toHaveLength(1);
  });

  it('inside Shopify admin: App Bridge webVitals.onReport, no library; sent after the delay; unregistered on stop', async () => {
    jest.useFakeTimers();
    const { sent, fetch } = recorder();
    let callback: ((report: unknown) => void) | null = null;
    const onReport = jest.fn(async (cb: ((report: unknown) => void) | null) => {
      callback = cb;
    });
    shopifyWindow.shopify = { webVitals: { onReport } };
    const loadLibrary = jest.fn();
    const stop = startWebVitals({ host: createFakeHost({ kind: 'appBridge' }), fetch, loadLibrary });
    expect(loadLibrary).not.toHaveBeenCalled();
    callback!({
      metrics: [
        { id: 'ab-1', name: 'LCP', value: 1500, country: 'DE' },
        { id: 'ab-2', name: 'TTFB', value: 90 },
      ],
    });
    callback!({ id: 'ab-3', name: 'INP', value: 64 }); // one metric per call (older App Bridge)
    expect(sent).toEqual([]);
    await jest.advanceTimersByTimeAsync(FLUSH_DELAY_MS);
    expect(sent.map((s) => s.body.metrics)).toEqual([
      [
        { id: 'ab-1', name: 'LCP', value: 1500, route: '/looks/edit/:id', source: 'appBridge' },
        { id: 'ab-3', name: 'INP', value: 64, route: '/looks/edit/:id', source: 'appBridge' },
      ],
    ]);
    await stop();
    expect(onReport).toHaveBeenLastCalledWith(null);
  });

  it('App Bridge without webVitals (or a failing onReport) falls back to the library', async () => {
    for (const shopify of [
      { idToken: () => 'x' },
      { webVitals: {} },
      { webVitals: { onReport: () => Promise.reject(new Error('no')) } },
      {
        webVitals: {
          onReport: () => {
            throw new Error('no');
          },
        },
      },
    ]) {
      shopifyWindow.shopify = shopify;
      const { lib } = fakeLibrary();
      const loadLibrary = jest.fn(async () => lib);
      const stop = startWebVitals({
        host: createFakeHost({ kind: 'appBridge' }),
        fetch: recorder().fetch,
        loadLibrary,
      });
      await flushPromises();
      expect(loadLibrary).toHaveBeenCalledTimes(1);
      await stop();
    }
  });

  it('what is reported while the page is hidden goes out at once, in one request per task', async () => {
    const { sent, fetch } = recorder();
    const { lib, callbacks } = fakeLibrary();
    const stop = startWebVitals({ host: createFakeHost(), fetch, loadLibrary: async () => lib });
    await flushPromises();
    setVisibility('hidden'); // nothing queued yet: nothing sent
    callbacks.LCP({ id: 'l', name: 'LCP', value: 900 });
    callbacks.CLS({ id: 'c', name: 'CLS', value: 0 });
    await flushPromises();
    expect(sent.map((s) => s.body.metrics.map((m) => m.name))).toEqual([['LCP', 'CLS']]);
    await stop();
  });

  it('sends at most 20 per request, and a failed send or token never throws', async () => {
    const { sent, fetch } = recorder();
    const { lib, callbacks } = fakeLibrary();
    const stop = startWebVitals({ host: createFakeHost(), fetch, loadLibrary: async () => lib });
    await flushPromises();
    for (let i = 0; i < 25; i++) callbacks.INP({ id: `i-${i}`, name: 'INP', value: i });
    await flushPromises();
    // The 20th measurement sends a full batch; the rest follows in the next one.
    expect(sent.map((s) => s.body.metrics.length)).toEqual([20, 5]);
    expect(new Set(sent.flatMap((s) => s.body.metrics.map((m) => m.id))).size).toBe(25);
    await stop();
    expect(sent).toHaveLength(2);

    const failing = startWebVitals({
      host: createFakeHost({ idToken: () => Promise.reject(new Error('expired')) }),
      fetch,
      loadLibrary: async () => lib,
    });
    await flushPromises();
    callbacks.LCP({ id: 'x', name: 'LCP', value: 1 });
    await expect(failing()).resolves.toBeUndefined();
    expect(sent).toHaveLength(2);
  });
});
