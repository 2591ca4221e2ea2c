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
 * A visit that leaves within the delay without acting reports nothing. At an
 * act it loads after the act's next paint.
 */
export function startWebVitalsLater(host: Host, win: Window = window): void {
  let started = false;
  const load = () =>
    void import(/* webpackChunkName: "web-vitals-reporter" */ './webVitals').then(
      (m) => m.startWebVitals({ host, win }),
      () => undefined,
    );
  const start = (afterPaint: boolean) => {
    if (started) return;
    started = true;
    win.clearTimeout(timer);
    USER_ACTS.forEach((type) => win.removeEventListener(type, onAct, true));
    // An act's own response paints first: the chunk's request and run are not part of the
    // interaction (its next paint is what INP measures); the next frame, then a task of its own.
    if (afterPaint) win.requestAnimationFrame(() => win.setTimeout(load, 0));
    else load();
  };
  const onAct = () => start(true);
  const timer = win.setTimeout(() => start(false), WEB_VITALS_LOAD_DELAY_MS);
  USER_ACTS.forEach((type) => win.addEventListener(type, onAct, { capture: true, passive: true }));
}
