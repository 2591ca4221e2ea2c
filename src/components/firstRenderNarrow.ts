/** Polaris' `lgDown` media query (breakpoints-lg is 1040px). */
export const LG_DOWN_QUERY = '(max-width: 1039.96px)';

/** The browser's own answer, for a page it renders itself. */
export function windowIsNarrow(win: Window): boolean {
  return typeof win.matchMedia === 'function' && win.matchMedia(LG_DOWN_QUERY).matches;
}

let guess: boolean | undefined;

/** The first render's phone guess (components/narrowScreen), set by index.tsx before a page's chunk loads. */
export function setFirstRenderNarrow(narrow: boolean): void {
  guess = narrow;
}

/**
 * Whether the first render takes the phone layouts: a page's `preload` (routes.tsx) leaves out what
 * only the wide layout shows (the analytics tables). In the browser the guess index.tsx set (the
 * server's, for a page it rendered), else the window's answer; on the server false: it renders what
 * the request asks, waiting for every lazy part.
 */
export function firstRenderNarrow(): boolean {
  if (typeof window === 'undefined') return false;
  return guess ?? windowIsNarrow(window);
}
