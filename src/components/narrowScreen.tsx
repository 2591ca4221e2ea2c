import { createContext, useContext } from 'react';
import { useBreakpoints } from '@shopify/polaris';

/**
 * Whether the screen is probably narrower than Polaris' `lg` breakpoint (a
 * phone), before anything could be measured. Polaris' breakpoints start as
 * their defaults (false) and take the real values once mounted: a table that
 * picks its phone layout from them was rendered wide on the server, hydrated
 * wide, then swapped for the list — the whole table rebuilt in the page's
 * first long task. The server guesses from the request (a phone's client
 * hints or user agent), the browser hydrates with the same guess (it travels
 * with the first screen), and a page the browser renders asks its window.
 */
const NarrowScreenGuess = createContext(false);

export const NarrowScreenGuessProvider = NarrowScreenGuess.Provider;

/** Polaris' `lgDown`, starting from the guess instead of false. */
export function useLgDown(): boolean {
  const guess = useContext(NarrowScreenGuess);
  return useBreakpoints({ defaults: { lgDown: guess } }).lgDown;
}

export { LG_DOWN_QUERY, windowIsNarrow } from './firstRenderNarrow';

/** The server's guess for a request: a mobile browser (client hint `Sec-CH-UA-Mobile: ?1`, or its user agent). */
export function requestIsNarrow(headers: Record<string, string | string[] | undefined>): boolean {
  const header = (name: string) => [headers[name]].flat().join(' ');
  if (header('sec-ch-ua-mobile').trim() === '?1') return true;
  // "Mobi" anywhere (MDN's advice: Mobile, Mobi in Opera's), an iPhone or iPod, an Android phone.
  return /Mobi|\biPhone\b|\biPod\b|\bAndroid\b.+\bMobile\b/i.test(header('user-agent'));
}
