import type { Page } from '@playwright/test';
import type { FakeProduct } from '../server/test/fakeShopifyAdmin';

/** A product as App Bridge v4's resourcePicker hands it back (type 'product'). */
export function resourcePickerProduct(p: FakeProduct) {
  const n = Number(p.id.split('/').pop());
  return {
    id: p.id,
    title: p.title,
    handle: p.handle,
    status: p.status,
    productType: p.productType,
    vendor: 'Stand-in',
    tags: [],
    options: [],
    hasOnlyDefaultVariant: true,
    totalVariants: 1,
    totalInventory: 5,
    tracksInventory: true,
    images: p.images.map((originalSrc, i) => ({
      id: `gid://shopify/ProductImage/${n * 10 + i}`,
      originalSrc,
      altText: '',
    })),
    variants: [
      {
        id: `gid://shopify/ProductVariant/${n}`,
        price: p.price,
        compareAtPrice: p.compareAtPrice,
        title: 'Default Title',
      },
    ],
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
  };
}

export interface AppBridgeRecords {
  /** Every resourcePicker call's options. */
  pickerCalls: Array<Record<string, unknown>>;
  toasts: Array<{ message: string; isError: boolean }>;
  /** How many session tokens the page asked for. */
  idTokens: number;
  /** What the next resourcePicker call answers (undefined = the merchant cancelled). */
  nextPick: unknown[] | undefined;
  /** How many times the app asked saveBar.leaveConfirmation(). */
  leaveConfirmations: number;
  /** The merchant's answer to it: 'leave' resolves it, 'stay' leaves it pending (as the admin's dialog does). */
  leaveAnswer: 'leave' | 'stay';
}

/**
 * App Bridge v4 as the admin's CDN script provides it, for a page opened outside the admin:
 * `window.shopify` (idToken → an HS256 session token minted by the test, resourcePicker →
 * `records.nextPick`, toast, saveBar with its leaveConfirmation → `records.leaveAnswer`, webVitals.onReport) and the `ui-save-bar` / `ui-nav-menu`
 * elements. The save bar shows its Save/Discard buttons in a fixed bar at the top of the page
 * (the admin shows it above the app); the nav menu stays hidden (the admin shows it in its sidebar).
 * `reportWebVitals(page, report)` calls the app's onReport callback as App Bridge does.
 */
export async function installAppBridgeStandIn(
  page: Page,
  opts: { apiKey: string; shop: string; mintIdToken: () => Promise<string> },
): Promise<AppBridgeRecords> {
  const records: AppBridgeRecords = {
    pickerCalls: [],
    toasts: [],
    idTokens: 0,
    nextPick: undefined,
    leaveConfirmations: 0,
    leaveAnswer: 'leave',
  };
  await page.exposeFunction('__standInIdToken', async () => {
    records.idTokens += 1;
    return opts.mintIdToken();
  });
  await page.exposeFunction('__standInPick', (options: Record<string, unknown>) => {
    records.pickerCalls.push(options);
    return records.nextPick ?? null;
  });
  await page.exposeFunction('__standInLeave', () => {
    records.leaveConfirmations += 1;
    return records.leaveAnswer === 'leave';
  });
  await page.exposeFunction('__standInToast', (message: string, isError: boolean) => {
    records.toasts.push({ message, isError });
  });
  // The real script must not load over the stand-in (and this machine may have no network).
  await page.route('https://cdn.shopify.com/**', (route) => route.abort());
  await page.addInitScript({ content: standInScript(opts.apiKey, opts.shop) });
  return records;
}

export async function reportWebVitals(page: Page, report: unknown): Promise<void> {
  await page.evaluate(
    (r) => (window as unknown as { __standInWebVitals: (r: unknown) => void }).__standInWebVitals(r),
    report,
  );
}

/** Plain script text (no bundler helpers), run before the app's own scripts. */
function standInScript(apiKey: string, shop: string): string {
  return `(() => {
  const style = document.createElement('style');
  style.textContent = [
    'ui-save-bar { display: none; }',
    'ui-save-bar[data-open] { display: flex; gap: 8px; position: fixed; top: 0; left: 0; right: 0; z-index: 99999; padding: 8px; background: #1a1a1a; }',
    'ui-save-bar button[variant="primary"]::after { content: "Save"; }',
    'ui-save-bar button:not([variant])::after { content: "Discard"; }',
    'ui-nav-menu { display: none; }',
  ].join('\\n');
  // Init scripts run before the document has an element to hang the style on.
  const addStyle = () => (document.head || document.documentElement).appendChild(style);
  if (document.documentElement) addStyle();
  else document.addEventListener('DOMContentLoaded', addStyle, { once: true });

  class UISaveBar extends HTMLElement {
    show() { this.setAttribute('data-open', ''); this.dispatchEvent(new Event('show')); }
    hide() { this.removeAttribute('data-open'); this.dispatchEvent(new Event('hide')); }
    toggle() { this.showing ? this.hide() : this.show(); }
    get showing() { return this.hasAttribute('data-open'); }
  }
  customElements.define('ui-save-bar', UISaveBar);
  customElements.define('ui-nav-menu', class extends HTMLElement {});

  let vitalsCallback = null;
  window.__standInWebVitals = (report) => vitalsCallback && vitalsCallback(report);
  const byId = (id) => document.getElementById(id);
  window.shopify = {
    config: { apiKey: ${JSON.stringify(apiKey)}, shop: ${JSON.stringify(shop)}, locale: 'en' },
    environment: { embedded: true, mobile: false, pos: false },
    idToken: () => window.__standInIdToken(),
    resourcePicker: async (options) => (await window.__standInPick(options)) ?? undefined,
    toast: {
      show: (message, options) => { void window.__standInToast(String(message), !!(options && options.isError)); return 'toast'; },
      hide: () => undefined,
    },
    saveBar: {
      show: async (id) => byId(id) && byId(id).show(),
      hide: async (id) => byId(id) && byId(id).hide(),
      toggle: async (id) => byId(id) && byId(id).toggle(),
      leaveConfirmation: async () => { if (!(await window.__standInLeave())) await new Promise(() => undefined); },
    },
    webVitals: { onReport: async (cb) => { vitalsCallback = cb; } },
  };
})();`;
}
