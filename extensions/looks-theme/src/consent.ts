/**
 * The shopper's consent to analytics. On a store: Shopify's customer privacy API
 * (`analyticsProcessingAllowed()`, re-read on `visitorConsentCollected`). On the demo storefront: its
 * consent toggle (`[data-sl-consent]`, a checkbox), remembered in localStorage. Anywhere else: no consent.
 */
interface ShopifyGlobal {
  loadFeatures?: (features: { name: string; version: string }[], cb: (error?: unknown) => void) => void;
  customerPrivacy?: { analyticsProcessingAllowed?: () => boolean };
}

import { on } from './dom';

const KEY = 'sl_consent';
let allowed = false;
const listeners: ((allowed: boolean) => void)[] = [];

export const consentAllowed = () => allowed;
export const onConsent = (fn: (allowed: boolean) => void) => listeners.push(fn);

function set(next: boolean) {
  allowed = next;
  listeners.forEach((fn) => fn(next));
}

export function store(key: string, value?: string | null): string | null {
  try {
    if (value === undefined) return localStorage.getItem(key);
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage blocked: nothing is remembered.
  }
  return null;
}

export function initConsent(): void {
  const shopify = (window as unknown as { Shopify?: ShopifyGlobal }).Shopify;
  const toggle = document.querySelector<HTMLInputElement>('input[data-sl-consent]');
  if (shopify && shopify.loadFeatures) {
    const read = () => {
      const privacy = shopify.customerPrivacy || {};
      set(!!privacy.analyticsProcessingAllowed && privacy.analyticsProcessingAllowed());
    };
    shopify.loadFeatures([{ name: 'consent-tracking-api', version: '0.1' }], (error) => error || read());
    on(document, 'visitorConsentCollected', read);
  } else if (toggle) {
    toggle.checked = store(KEY) !== '0';
    on(toggle, 'change', () => {
      store(KEY, toggle.checked ? '1' : '0');
      set(toggle.checked);
    });
    set(toggle.checked);
  }
}
