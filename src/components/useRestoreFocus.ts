import { useEffect, useRef, useState } from 'react';

export interface RestoreFocusOptions {
  /** Where focus goes when the opener is gone (or focus was nowhere when it opened), before the page's main heading. */
  fallback?: () => HTMLElement | null | undefined;
  /**
   * When the opener is gone, first the first focusable element of the nearest element around it that
   * is still on the page: for a modal whose result re-renders the opener's spot (a chosen product's
   * "Change" button in place of "Select product").
   */
  nearOpener?: boolean;
}

/** What was focused when the modal opened, and the elements around it (to find its spot again). */
interface Opener {
  element: HTMLElement | null;
  ancestors: HTMLElement[];
}

/** How long a restored focus is watched: the modal's result may re-render the opener away just after. */
const SETTLE_MS = 1000;
const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';
const NO_OPENER: Opener = { element: null, ancestors: [] };

/**
 * Keyboard focus goes back where it was when a modal (or drawer) opened, once it closes — Escape,
 * Cancel, or after its action — instead of landing on <body>. `open` is whether it shows: call it in
 * the component that renders the modal only while open (with `true`), or in one that stays mounted.
 *
 * The opener is remembered while rendering the open state, before the modal's autofocus moves focus.
 * On close (or unmount) it is focused again if it is still on the page; else `nearOpener`'s spot,
 * `fallback`, the page's main heading, then #AppFrameMain — never throwing. Focus is only moved when it
 * is lost (on <body>, removed or hidden), and for a moment after, an element it went to that is then
 * removed (the modal's result re-rendering the page) hands it on to the next candidate.
 *
 * Render the Polaris Modal only while open, as every modal here does: a mounted Modal with
 * `open={false}` keeps its focus trap during the exit animation and would pull focus back.
 */
export function useRestoreFocus(open: boolean, options: RestoreFocusOptions = {}): void {
  const [state, setState] = useState(() => ({ open, opener: open ? captureOpener() : NO_OPENER }));
  if (state.open !== open) setState({ open, opener: open ? captureOpener() : state.opener });
  const { opener } = state;
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const pending = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!open) return undefined;
    // Open again before a scheduled restore ran (StrictMode's simulated unmount and remount): not wanted.
    pending.current?.();
    pending.current = null;
    return () => {
      // After the commit's own work (the dialog's DOM and focus trap are gone by then).
      let cancelled = false;
      pending.current = () => {
        cancelled = true;
      };
      queueMicrotask(() => {
        if (!cancelled) restoreFocus(opener, optionsRef.current);
      });
    };
  }, [open, opener]);
}

function captureOpener(): Opener {
  if (typeof document === 'undefined') return NO_OPENER;
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return NO_OPENER;
  const ancestors: HTMLElement[] = [];
  for (let node = active.parentElement; node && node !== document.body; node = node.parentElement) ancestors.push(node);
  return { element: active, ancestors };
}

/** Focus is nowhere useful: on <body>, on an element no longer in the document, or in a hidden one. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return (
    !active ||
    active === document.body ||
    active === document.documentElement ||
    !active.isConnected ||
    !!active.closest('[hidden], [inert]')
  );
}

function tryFocus(element: HTMLElement | null | undefined, landmark = false): element is HTMLElement {
  if (!element?.isConnected || element.closest('[hidden], [inert]')) return false;
  // A heading or <main> takes programmatic focus only with a tabindex (-1: still out of the Tab order).
  if (landmark && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  attempt(() => element.focus());
  return document.activeElement === element;
}

function isTabbable(element: HTMLElement): boolean {
  return (
    element.getAttribute('tabindex') !== '-1' &&
    !element.hasAttribute('disabled') &&
    (element as HTMLInputElement).type !== 'hidden'
  );
}

/** Focuses the first candidate that takes focus; returns it, or null. */
function focusCandidate(opener: Opener, options: RestoreFocusOptions): HTMLElement | null {
  if (tryFocus(opener.element)) return opener.element;
  if (options.nearOpener) {
    const spot = opener.ancestors.find((node) => node.isConnected);
    const near = spot
      ? [...spot.querySelectorAll<HTMLElement>(FOCUSABLE)].find((el) => isTabbable(el) && tryFocus(el))
      : undefined;
    if (near) return near;
  }
  const fallback = attempt(() => options.fallback?.());
  if (tryFocus(fallback)) return fallback;
  const main = document.getElementById('AppFrameMain') ?? document.querySelector<HTMLElement>('main');
  const heading = main?.querySelector<HTMLElement>('h1') ?? document.querySelector<HTMLElement>('h1');
  if (tryFocus(heading, true)) return heading;
  if (tryFocus(main, true)) return main;
  return null;
}

function attempt<T>(get: () => T): T | undefined {
  try {
    return get();
  } catch {
    return undefined;
  }
}

function restoreFocus(opener: Opener, options: RestoreFocusOptions) {
  if (typeof document === 'undefined' || !focusIsLost()) return;
  let focused = focusCandidate(opener, options);
  if (!focused || typeof MutationObserver === 'undefined') return;
  const observer = new MutationObserver(() => {
    if (focused?.isConnected) return;
    focused = focusIsLost() ? focusCandidate(opener, options) : null;
    if (!focused) stop();
  });
  const timer = setTimeout(stop, SETTLE_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
}
