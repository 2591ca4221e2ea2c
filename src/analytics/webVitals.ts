/**
 * Admin Web Vitals of real sessions (LCP, CLS, INP) to POST /admin/api/v1/webVitals: inside
 * Shopify admin from App Bridge's `shopify.webVitals.onReport` (when there), otherwise from the
 * web-vitals library (its own lazy chunk). Loaded at the first act on the page or 10 s on (startWebVitalsLater
 * in index.tsx); both sources observe buffered entries, so nothing of the load is missed.
 * Measurements are attributed to the route the page load started on (as the platform does).
 */
import { routeUrl } from '../api/routeRequest';
import {
  WEB_VITAL_NAMES,
  WEB_VITALS_BATCH_MAX,
  webVitalRoute,
  type WebVitalName,
  type WebVitalReport,
  type WebVitalSource,
} from '../contracts/webVitals';
import type { Host } from '../host/Host';
import { applyAuthHeaders } from '../api/authHeaders';

/** A first measurement waits at most this long for others before the batch goes out. */
export const FLUSH_DELAY_MS = 10_000;

interface Measurement {
  id?: unknown;
  name?: unknown;
  value?: unknown;
}

type ReportCallback = (report: unknown) => void;
interface WebVitalsLibrary {
  onLCP(cb: (m: Measurement) => void): void;
  onCLS(cb: (m: Measurement) => void): void;
  onINP(cb: (m: Measurement) => void): void;
}

export interface WebVitalsOptions {
  host: Host;
  win?: Window;
  fetch?: typeof fetch;
  /** The library (tests inject a fake). */
  loadLibrary?: () => Promise<WebVitalsLibrary>;
}

const isName = (name: unknown): name is WebVitalName => WEB_VITAL_NAMES.includes(name as WebVitalName);

/** App Bridge's onReport, when the `shopify` global really has one. */
function appBridgeOnReport(win: Window): ((cb: ReportCallback | null) => unknown) | undefined {
  const webVitals = (win as unknown as { shopify?: { webVitals?: { onReport?: unknown } } }).shopify?.webVitals;
  return typeof webVitals?.onReport === 'function'
    ? (webVitals.onReport as (cb: ReportCallback | null) => unknown).bind(webVitals)
    : undefined;
}

/** Starts reporting; returns a function that flushes what is queued and stops. */
export function startWebVitals({
  host,
  win = window,
  fetch: doFetch = (...a) => win.fetch(...a),
  loadLibrary,
}: WebVitalsOptions): () => Promise<void> {
  const route = webVitalRoute(win.location.pathname);
  const queue = new Map<string, WebVitalReport>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const flush = async () => {
    clearTimeout(timer);
    timer = undefined;
    while (queue.size) {
      const batch = [...queue.values()].slice(0, WEB_VITALS_BATCH_MAX);
      for (const m of batch) queue.delete(`${m.name}:${m.id}`);
      try {
        const headers = await applyAuthHeaders(new Headers({ 'Content-Type': 'application/json' }), host);
        // keepalive: the batch still goes out when the merchant leaves the page.
        await doFetch(routeUrl('POST /webVitals'), {
          method: 'POST',
          headers,
          body: JSON.stringify({ metrics: batch }),
          keepalive: true,
        });
      } catch {
        // Best effort: a measurement that cannot be sent (offline, expired session) is dropped.
      }
    }
  };

  const add = (m: Measurement, source: WebVitalSource) => {
    if (stopped || !isName(m?.name) || typeof m.value !== 'number' || !Number.isFinite(m.value) || m.value < 0) return;
    const id =
      typeof m.id === 'string' && m.id
        ? m.id.slice(0, 128)
        : `${m.name}-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    queue.set(`${m.name}:${id}`, { id, name: m.name, value: m.value, route, source });
    // The library reports LCP and CLS while the page is being hidden: send them right away.
    if (queue.size >= WEB_VITALS_BATCH_MAX || win.document.visibilityState === 'hidden') flushSoon();
    else timer ??= setTimeout(() => void flush(), FLUSH_DELAY_MS);
  };

  /** One send for everything reported in the same task. */
  let soon = false;
  const flushSoon = () => {
    if (soon) return;
    soon = true;
    queueMicrotask(() => {
      soon = false;
      void flush();
    });
  };

  const onHidden = () => {
    if (win.document.visibilityState === 'hidden') void flush();
  };
  win.document.addEventListener('visibilitychange', onHidden);
  win.addEventListener('pagehide', onHidden);

  const startLibrary = () => {
    const load = loadLibrary ?? (() => import(/* webpackChunkName: "web-vitals" */ 'web-vitals'));
    load()
      .then((lib) => {
        const cb = (m: Measurement) => add(m, 'webVitals');
        lib.onLCP(cb);
        lib.onCLS(cb);
        lib.onINP(cb);
      })
      .catch(() => undefined);
  };

  const onReport = appBridgeOnReport(win);
  if (onReport) {
    // App Bridge reports `{ metrics: [...] }` (older builds: one metric per call).
    const callback: ReportCallback = (report) => {
      const metrics = (report as { metrics?: unknown })?.metrics;
      for (const m of Array.isArray(metrics) ? metrics : [report]) add(m as Measurement, 'appBridge');
    };
    try {
      void Promise.resolve(onReport(callback)).catch(startLibrary);
    } catch {
      startLibrary();
    }
  } else {
    startLibrary();
  }

  return async () => {
    stopped = true;
    win.document.removeEventListener('visibilitychange', onHidden);
    win.removeEventListener('pagehide', onHidden);
    if (onReport) {
      try {
        void Promise.resolve(onReport(null)).catch(() => undefined);
      } catch {
        /* nothing to unregister */
      }
    }
    await flush();
  };
}
