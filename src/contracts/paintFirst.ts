/**
 * The names a server-rendered page's loader (server/ssr/paintFirst.ts) shares
 * with the browser's app (src/ssr) and the page's chunk preloads
 * (webpack.config.ts, PreloadRouteChunks): one definition for the three.
 */

/** The global the app calls once it has taken the page over: the button clicked before is clicked again. */
export const EARLY_CLICK_REPLAY = '__slReplayEarlyClick';

/** The event the loader sends on `document` when it starts the app (the page's chunk preloads listen). */
export const PAINTED_EVENT = 'sl-painted';

/**
 * The global the app calls once it has taken the page over: the loader stops
 * recording and hands over the fields edited before (a Map of each element to
 * its last state, src/ssr/earlyInput.ts).
 */
export const EARLY_INPUT_REPLAY = '__slEarlyInput';
