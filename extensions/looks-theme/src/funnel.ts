import type { WidgetConfig } from './config';
import { funnelEndpoint } from './config';
import { consentAllowed, onConsent } from './consent';
import { JSON_HEADERS, JSON_TYPE, on } from './dom';
import { forgetVisitor, visitorId } from './visitor';

/** The storefront funnel (src/contracts/storefront.ts FunnelEvent): recorded and sent only with consent. */
type EventType = 'impression' | 'hotspot_click' | 'item_click' | 'add_to_cart';
interface FunnelEvent {
  type: EventType;
  lookId: number;
  productId?: string;
  variantId?: number;
  device: 'mobile' | 'desktop';
  at: number;
}

const MAX_BATCH = 50;
const FLUSH_MS = 10000;
let queue: FunnelEvent[] = [];
let endpoint: string | null = null;
let timer: ReturnType<typeof setTimeout> | 0 = 0;

export function track(c: WidgetConfig, type: EventType, productId?: string | null): void {
  const to = funnelEndpoint(c);
  if (!to || !consentAllowed() || !c.lookId) return;
  endpoint = to;
  const event: FunnelEvent = {
    type,
    lookId: c.lookId,
    device: innerWidth < 750 ? 'mobile' : 'desktop',
    at: Date.now(),
  };
  if (productId) event.productId = productId;
  // The A/B test variant this widget shows (the server counts it only if it is the visitor's).
  if (c.abVariant) event.variantId = c.abVariant;
  queue.push(event);
  if (!timer) timer = setTimeout(flush, FLUSH_MS);
}

export function flush(): void {
  clearTimeout(timer);
  timer = 0;
  if (!consentAllowed() || !endpoint) queue = [];
  while (queue.length) {
    const body = JSON.stringify({ visitorId: visitorId(), events: queue.splice(0, MAX_BATCH) });
    const blob = new Blob([body], { type: JSON_TYPE });
    if (!navigator.sendBeacon || !navigator.sendBeacon(endpoint as string, blob)) {
      fetch(endpoint as string, { method: 'POST', body, keepalive: true, headers: JSON_HEADERS }).catch(() => 0);
    }
  }
}

onConsent((ok) => {
  if (ok) return;
  // Consent withdrawn: nothing kept, nothing sent.
  queue = [];
  forgetVisitor();
});

const seen: Record<number, 1> = {};
const configs = new WeakMap<Element, WidgetConfig>();
const timers = new WeakMap<Element, ReturnType<typeof setTimeout>>();
let observer: IntersectionObserver | null | undefined;

/** An impression: the widget at least half in view (or filling half the viewport) for 1 s, once per look per page view. */
function onIntersect(entries: IntersectionObserverEntry[]): void {
  entries.forEach((e) => {
    const c = configs.get(e.target) as WidgetConfig;
    clearTimeout(timers.get(e.target));
    const visible = e.isIntersecting && (e.intersectionRatio >= 0.5 || e.intersectionRect.height >= innerHeight / 2);
    if (!visible || seen[c.lookId]) return;
    timers.set(
      e.target,
      setTimeout(() => {
        if (seen[c.lookId] || !consentAllowed()) return;
        seen[c.lookId] = 1;
        track(c, 'impression');
      }, 1000),
    );
  });
}

function start(): void {
  observer = window.IntersectionObserver
    ? new IntersectionObserver(onIntersect, { threshold: [0, 0.25, 0.5, 0.75, 1] })
    : null;
  on(window, 'pagehide', flush);
  on(document, 'visibilitychange', () => document.visibilityState === 'hidden' && flush());
}

/** Watches a widget (or a popup's panel) for impressions. */
export function observe(el: Element, c: WidgetConfig): void {
  if (!funnelEndpoint(c)) return;
  if (observer === undefined) start();
  configs.set(el, c);
  if (observer) observer.observe(el);
}
