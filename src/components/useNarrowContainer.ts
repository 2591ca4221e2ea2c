import { useEffect, useState } from 'react';

/**
 * Whether an element is narrower than `minWidth` px (a table that needs that much room would scroll
 * sideways): measured with a ResizeObserver, so it follows the layout (side navigation, columns),
 * not only the window. Until measured, or where nothing can be measured, `fallback` decides.
 * `ref` is a callback ref: the element may mount after a loading state.
 */
export function useNarrowContainer<T extends HTMLElement>(minWidth: number, fallback: boolean) {
  const [element, ref] = useState<T | null>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const update = () => setWidth(element.clientWidth || null);
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return { ref, narrow: width === null ? fallback : width < minWidth };
}
