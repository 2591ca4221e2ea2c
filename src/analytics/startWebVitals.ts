import type { Host } from '../host/Host';

/**
 * Loads the Web Vitals reporter (its own chunk, never in the first-load JS of `/`) once the
 * first frame is painted, so measuring never delays what it measures.
 */
export function startWebVitalsAfterPaint(host: Host, win: Window = window): void {
  win.requestAnimationFrame(() =>
    setTimeout(() => {
      import(/* webpackChunkName: "web-vitals-reporter" */ './webVitals').then(
        (m) => m.startWebVitals({ host, win }),
        () => undefined,
      );
    }, 0),
  );
}
