/**
 * @jest-environment jsdom
 */
import { initConsent } from './consent';
import { flush, track } from './funnel';
import type { WidgetConfig } from './config';

const demo: WidgetConfig = {
  lookId: 7,
  eventEndpoint: '/api/storefront/add-to-cart',
  platformCart: false,
  preview: false,
};

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });
}

describe('funnel (demo storefront consent toggle)', () => {
  let beacons: { url: string; blob: Blob }[];
  let toggle: HTMLInputElement;
  beforeAll(() => {
    localStorage.clear();
    document.body.innerHTML = '<label><input type="checkbox" data-sl-consent checked> Allow analytics</label>';
    toggle = document.querySelector('input')!;
    initConsent();
  });
  beforeEach(() => {
    beacons = [];
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string, blob: Blob) => beacons.push({ url, blob }) > 0,
    });
  });

  const setConsent = (on: boolean) => {
    toggle.checked = on;
    toggle.dispatchEvent(new Event('change'));
  };

  it('sends batches of at most 50 events with one visitor id, to the demo endpoint', async () => {
    for (let i = 0; i < 60; i += 1) track(demo, i % 2 ? 'hotspot_click' : 'item_click', `gid://shopify/Product/${i}`);
    flush();
    expect(beacons.map((b) => b.url)).toEqual(['/api/storefront/events', '/api/storefront/events']);
    expect(beacons[0].blob.type).toBe('application/json');
    const [first, second] = await Promise.all(beacons.map(async (b) => JSON.parse(await readBlob(b.blob))));
    expect(first.events).toHaveLength(50);
    expect(second.events).toHaveLength(10);
    // 128 random bits, hex (see visitor.ts).
    expect(first.visitorId).toMatch(/^[0-9a-f]{32}$/);
    expect(second.visitorId).toBe(first.visitorId);
    expect(localStorage.getItem('sl_vid')).toBe(first.visitorId);
    expect(first.events[0]).toEqual({
      type: 'item_click',
      lookId: 7,
      productId: 'gid://shopify/Product/0',
      device: 'desktop',
      at: expect.any(Number),
    });
    flush();
    expect(beacons).toHaveLength(2);
  });

  it('records and sends nothing without consent, and forgets the visitor id when it is withdrawn', () => {
    track(demo, 'impression');
    setConsent(false);
    expect(localStorage.getItem('sl_consent')).toBe('0');
    expect(localStorage.getItem('sl_vid')).toBeNull();
    track(demo, 'add_to_cart', 'gid://shopify/Product/1');
    flush();
    expect(beacons).toEqual([]);
    setConsent(true);
    flush();
    expect(beacons).toEqual([]);
  });

  it('sends nothing from the layout preview', () => {
    track({ ...demo, preview: true }, 'impression');
    flush();
    expect(beacons).toEqual([]);
  });

  it('a store sends to the app proxy; a refused beacon falls back to a keepalive fetch', () => {
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: () => false });
    const fetches: [string, RequestInit][] = [];
    window.fetch = ((url: string, init: RequestInit) => {
      fetches.push([url, init]);
      return Promise.resolve({ ok: true, status: 204 } as Response);
    }) as typeof fetch;
    track({ lookId: 3, platformCart: true }, 'add_to_cart', 'gid://shopify/Product/9');
    flush();
    expect(fetches).toHaveLength(1);
    expect(fetches[0][0]).toBe('/apps/looks/events');
    expect(fetches[0][1]).toMatchObject({ method: 'POST', keepalive: true });
    expect(JSON.parse(String(fetches[0][1].body)).events).toEqual([
      expect.objectContaining({ type: 'add_to_cart', lookId: 3, productId: 'gid://shopify/Product/9' }),
    ]);
  });
});
