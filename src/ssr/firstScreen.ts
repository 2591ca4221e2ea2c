import { EARLY_CLICK_REPLAY } from '../contracts/paintFirst';
import type { HydrationState } from 'react-router-dom';
import type { Locale } from '../contracts/api';

/**
 * The server-rendered first screen (renderFirstScreen.tsx) and what the
 * browser needs to take it over without a second render: the answered calls
 * the HTML was rendered from and its language. The server writes it into
 * index.html as JSON in `<script type="application/json" id="sl-first-screen">`
 * (no inline code to run); src/index.tsx reads it and hydrates. Light on
 * purpose (the boot's first step reads it): what needs the store is in
 * firstScreenState.ts.
 */
export const FIRST_SCREEN_ELEMENT_ID = 'sl-first-screen';

/** Once the page is live: the button clicked meanwhile, if any, is clicked again (React handles it now). */
export function replayEarlyClick(win: Window): void {
  const replay = (win as unknown as Record<string, unknown>)[EARLY_CLICK_REPLAY];
  if (typeof replay === 'function') replay();
}

export interface FirstScreenData {
  /** The language the HTML is in (messages to load before hydrating). */
  locale: Locale;
  /**
   * RTK Query's answered calls, as `upsertQueryEntries` takes them: the
   * browser's cache gets them as if it had asked, tags included (so a save
   * that invalidates them asks again). Answered only: a call still running on
   * the server is the browser's to make.
   */
  entries: FirstScreenEntry[];
  /** The server's router state (react-router's static handler): the browser's data router hydrates with it. */
  router?: HydrationState;
  /** The server's guess that the screen is a phone's (components/narrowScreen): the browser hydrates with it. */
  narrow?: boolean;
  /**
   * Rendered for inside Shopify admin (App Bridge's navigation and save bar):
   * a browser without App Bridge there (script blocked) renders the page itself.
   */
  embedded?: boolean;
}

export interface FirstScreenEntry {
  endpointName: string;
  arg: unknown;
  value: unknown;
}

/** JSON safe inside a <script> element: `<` never appears raw, so no `</script>` or `<!--` can end it early. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The data the server wrote into the page, if any (and if it parses). */
export function readFirstScreen(doc: Document): FirstScreenData | undefined {
  const text = doc.getElementById(FIRST_SCREEN_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const data = JSON.parse(text) as FirstScreenData;
    return data && typeof data.locale === 'string' && Array.isArray(data.entries) ? data : undefined;
  } catch {
    return undefined;
  }
}
