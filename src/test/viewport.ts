import { mediaQueryList } from './mediaQueryList';

/**
 * Media queries answered for a given viewport width (jsdom has no layout): Polaris's
 * useBreakpoints() and CSS-in-JS queries see a phone or a desktop. Restore with the function
 * it returns.
 */
export function useViewportWidth(widthPx: number): () => void {
  const previous = window.matchMedia;
  const matches = (query: string) =>
    query.split(/\s+and\s+/).every((part) => {
      const m = /\((min|max)-width:\s*([\d.]+)(px|em|rem)\)/.exec(part);
      if (!m) return false;
      const px = m[3] === 'px' ? Number(m[2]) : Number(m[2]) * 16;
      return m[1] === 'min' ? widthPx >= px : widthPx <= px;
    });
  // setupGlobals defines matchMedia writable (not configurable): assign it.
  window.matchMedia = (query: string) => mediaQueryList(query, matches(query));
  return () => {
    window.matchMedia = previous;
  };
}

/** An iPhone-sized viewport (390 px wide). */
export const PHONE_WIDTH = 390;
