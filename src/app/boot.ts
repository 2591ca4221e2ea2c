import type { Locale } from '../contracts/api';
import { shopApi } from '../features/shop';
import { loadLocaleBundle } from '../i18n/messages';
import type { Persistor } from 'redux-persist';
import type { AppStore } from './store';
import { messagesPartOf, preloadRoute } from './routes';

/** How long the first render waits at most (then the frame shows with the shell's messages and a skeleton). */
export const FIRST_RENDER_WAIT_MS = 1500;

/**
 * Starts at once, in parallel, what the first screen needs: the shop (session
 * token, then GET /shop/details), the chunk of the page at `pathname` and its
 * data (the page's prefetch) and the messages of `locale` — instead of one
 * after another as React would ask for them (messages on the first render, the
 * page once the shop is there, its data once it has rendered).
 * `prefetch: false` (a page rendered on the server, hydrated with the
 * server's answers): the page's chunk only, no calls of its own — the first
 * render must show exactly what the server's did.
 * With a persistor, the persisted UI state is read back too (then the app
 * needs no PersistGate, whose late re-render of everything would be one long
 * task). Resolves when all are there (or failed, or after `waitMs`): the first
 * render is then the page itself — one render and one layout instead of a
 * frame with a skeleton, again with the messages, again with the shop, again
 * with the page.
 */
export function startFirstScreen(
  store: AppStore,
  {
    pathname,
    locale,
    persistor,
    prefetch = true,
  }: { pathname: string; locale: Locale; persistor?: Persistor; prefetch?: boolean },
  waitMs = FIRST_RENDER_WAIT_MS,
): Promise<void> {
  const settled = (promise: PromiseLike<unknown>) =>
    Promise.resolve(promise).then(
      () => undefined,
      () => undefined, // the screen that needs it loads again and reports it
    );
  // The subscription is held for the app's lifetime: the shop is loaded once and every screen reads it.
  const shop = store.dispatch(shopApi.endpoints.getShopDetails.initiate());
  const all = Promise.all([
    settled(shop),
    settled(preloadRoute(pathname, prefetch ? store : undefined)),
    settled(loadLocaleBundle(locale, messagesPartOf(pathname))),
    persistor ? rehydrated(persistor) : undefined,
  ]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
  return Promise.race([all.then(() => undefined), cap]).finally(() => clearTimeout(timer));
}

/** Resolves once redux-persist has read the persisted state back. */
export function rehydrated(persistor: Persistor): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!persistor.getState().bootstrapped) return false;
      unsubscribe();
      resolve();
      return true;
    };
    const unsubscribe = persistor.subscribe(() => void check());
    check();
  });
}
