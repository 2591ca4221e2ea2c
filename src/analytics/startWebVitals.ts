import type { Host } from '../host/Host';

/** What a person does on a page: the reporter loads at the first of these (capture, on the window). */
const USER_ACTS = ['pointerdown', 'keydown', 'focusin', 'scroll'] as const;

/** Without an act, the reporter loads this long after the first screen is committed. */
export const WEB_VITALS_LOAD_DELAY_MS = 10_000;

/**
 * Loads the Web Vitals reporter (its own chunk, and the web-vitals library's)
 * at the person's first act on the page, or WEB_VITALS_LOAD_DELAY_MS after
 * the first screen, whichever comes first — not with the first load (5.6 KB
 * and two requests on every route, on the slow line the first screen's own
 * scripts use). Nothing is missed: the reporter observes buffered entries
 * (LCP, layout shifts, slow interactions — the one that loads it included).
 * A visit that leaves within the delay without acting reports nothing.
 */
export function startWebVitalsLater(host: Host, win: Window = window): void {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    win.clearTimeout(timer);
    USER_ACTS.forEach((type) => win.removeEventListener(type, start, true));
    import(/* webpackChunkName: "web-vitals-reporter" */ './webVitals').then(
      (m) => m.startWebVitals({ host, win }),
      () => undefined,
    );
  };
  const timer = win.setTimeout(start, WEB_VITALS_LOAD_DELAY_MS);
  USER_ACTS.forEach((type) => win.addEventListener(type, start, { capture: true, passive: true }));
}
