import { startTransition, useCallback, useRef, useState } from 'react';

/**
 * Whether an element is narrower than `minWidth` px (a table that needs that much room would scroll
 * sideways): measured with a ResizeObserver, so it follows the layout (side navigation, columns),
 * not only the window. Until measured, or where nothing can be measured, `fallback` decides.
 * `ref` is a callback ref: the element may mount after a loading state. The width is read when the
 * observer reports it (it reports every box once on observing it), after the browser's layout:
 * reading it on mount would force a layout in the middle of the page's first render. The new width
 * renders as a transition: in slices, after anything the merchant does (not one long task).
 */
export function useNarrowContainer<T extends HTMLElement>(minWidth: number, fallback: boolean) {
  const [width, setWidth] = useState<number | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((element: T | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth || null;
      startTransition(() => setWidth(width));
    };
    if (typeof ResizeObserver === 'undefined') return measure();
    observer.current = new ResizeObserver(measure);
    observer.current.observe(element);
  }, []);
  return { ref, narrow: width === null ? fallback : width < minWidth };
}
