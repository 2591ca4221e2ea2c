import '@shopify/polaris/build/esm/styles.css';
import './app/global.css';
import { useEffect } from 'react';
import { nextTask } from './app/nextTask';
import { setFirstRenderNarrow, windowIsNarrow } from './components/firstRenderNarrow';
import type { FirstScreenData } from './ssr/firstScreen';
import type { Host } from './host/Host';

/** Runs `effect` once, after React has committed the first screen (its passive effects run after the commit). */
function AfterFirstCommit({ effect }: { effect: () => void }) {
  useEffect(() => {
    if (firstCommitSeen) return; // StrictMode (development) runs effects twice
    firstCommitSeen = true;
    effect();
  }, [effect]);
  return null;
}
let firstCommitSeen = false;

/**
 * Boot in steps, each its own task: evaluating all of the first-load JS at
 * once (React DOM, Polaris, Redux Toolkit, the router, react-intl, the frame)
 * was one long task before anything could start. The modules are in the
 * first-load files all the same (`webpackMode: "eager"`: no extra request);
 * an eager import() only runs a module when it is asked for.
 *
 * 1. The query (locale, verificationToken), the host and its session token;
 *    the page's chunk and the messages are on their way already (index.html
 *    preloads them, see webpack.config.ts).
 * 2. The store (Redux Toolkit, RTK Query, redux-persist), then the shop call,
 *    the page's chunk (run from the cache, in a task of its own once the shop
 *    call is out) and data, the messages and the persisted UI state (boot.ts).
 * 3. While they load: React DOM, the app's components (Polaris, react-router,
 *    react-intl), and the locale tables of Intl (their first use costs
 *    20–30 ms, then inside the render).
 * 4. Once the first screen's calls are there (at most 1.5 s), one render.
 */
async function start() {
  const [{ rememberVerificationToken }, { localeFromQuery }, { DEFAULT_LOCALE }, { selectHost }, { readFirstScreen }] =
    await Promise.all([
      import(/* webpackMode: "eager" */ './api/verificationToken'),
      import(/* webpackMode: "eager" */ './i18n/locale'),
      import(/* webpackMode: "eager" */ './contracts/api'),
      import(/* webpackMode: "eager" */ './host/selectHost'),
      import(/* webpackMode: "eager" */ './ssr/firstScreen'),
    ]);
  rememberVerificationToken(window.location.search);
  const queryLocale = localeFromQuery(window.location.search);
  // Rendered on the server (server/ssr): its language and the answers it was rendered from.
  const rendered = readFirstScreen(document);
  const locale = rendered?.locale ?? queryLocale ?? DEFAULT_LOCALE;
  const host = selectHost(window);
  // Every call of the first screen waits for a session token (standalone: a round trip of its own): ask now.
  host.idToken().catch(() => undefined);

  // The store's libraries first, then the store itself (RTK Query's createApi): two tasks, not one.
  // webpackExports: only what the app uses (an import() of a whole namespace would defeat tree shaking).
  await nextTask();
  await Promise.all([
    import(/* webpackMode: "eager", webpackExports: ["configureStore"] */ '@reduxjs/toolkit'),
    import(/* webpackMode: "eager", webpackExports: ["createApi"] */ '@reduxjs/toolkit/query/react'),
    import(/* webpackMode: "eager", webpackExports: ["persistStore"] */ 'redux-persist'),
  ]);
  await nextTask();
  const [{ makePersistor, makeStore }, { upsertFirstScreen }] = await Promise.all([
    import(/* webpackMode: "eager" */ './app/store'),
    import(/* webpackMode: "eager" */ './ssr/firstScreenState'),
  ]);
  const store = makeStore(host, undefined, { locale: queryLocale });
  const persistor = makePersistor(store);
  await nextTask();
  const [{ startFirstScreen }, { preloadRoute }] = await Promise.all([
    import(/* webpackMode: "eager" */ './app/boot'),
    import(/* webpackMode: "eager" */ './app/routes'),
  ]);
  // The server's answers (the shop now — its endpoints came with the boot —, the page's once its
  // chunk has run): the browser asks none of them again.
  const notYetUpserted = rendered && upsertFirstScreen(store, rendered);
  const { pathname } = window.location;
  const firstScreen = startFirstScreen(store, { pathname, locale, persistor, prefetch: !rendered });
  // A server-rendered page is hydrated with its chunk (and its lazy parts) there, however long they
  // take (its HTML is on screen meanwhile): the page then renders as the server's did, in one pass.
  // Hydrated with the server's guess (the same first render as its HTML); else the window's answer.
  // Known before the page's chunk loads: its preload leaves out what only a wide screen shows.
  const narrowScreen = rendered ? rendered.narrow === true : windowIsNarrow(window);
  setFirstRenderNarrow(narrowScreen);
  const pageLoaded = rendered ? preloadRoute(pathname) : undefined;

  await nextTask();
  const [{ startTransition, StrictMode }, { createRoot, hydrateRoot }] = await Promise.all([
    import(/* webpackMode: "eager" */ 'react'),
    import(/* webpackMode: "eager" */ 'react-dom/client'),
  ]);
  await nextTask();
  const [{ App, createAppRouter, prepareFirstRender }, { startWebVitalsLater }] = await Promise.all([
    import(/* webpackMode: "eager" */ './app/App'),
    import(/* webpackMode: "eager" */ './analytics/startWebVitals'),
  ]);

  // react-intl's createIntl asks Intl for its supported locales: the first such call loads ICU's
  // locale tables (tens of milliseconds). Each here, in a task of its own, while the network works.
  await nextTask();
  Intl.NumberFormat.supportedLocalesOf(locale);
  await nextTask();
  Intl.DateTimeFormat.supportedLocalesOf(locale);

  await Promise.all([firstScreen, pageLoaded]);
  if (notYetUpserted) upsertFirstScreen(store, notYetUpserted);
  // The router's first render is the page itself (its chunk has run by now), in its frame.
  await prepareFirstRender(pathname, host);
  const container = document.getElementById('root')!;
  const hydrate = rendered && container.firstChild && sameRender(rendered, host, store.getState());
  const app = (
    <StrictMode>
      <App
        store={store}
        persistor={persistor.getState().bootstrapped ? undefined : persistor}
        host={host}
        narrowScreen={narrowScreen}
        router={createAppRouter(queryLocale, hydrate ? rendered.router : undefined)}
      />
      {/* Web Vitals load at the first act on the page (or 10 s on): not with the first screen (startWebVitals.ts). */}
      <AfterFirstCommit effect={() => startWebVitalsLater(host)} />
    </StrictMode>
  );
  // A transition: React renders (or hydrates) the first screen in slices of a few milliseconds,
  // yielding to the browser in between, instead of one long task that blocks input.
  if (hydrate) {
    // The server's HTML is on screen already: React takes it over (no new DOM, no second paint).
    startTransition(() => void hydrateRoot(container, app, { onRecoverableError: reportHydrationError }));
  } else {
    startTransition(() => createRoot(container).render(app));
  }
}

/**
 * Hydrated only when the browser would render what the server did: the same
 * host (a page rendered for inside Shopify admin, in a browser where App
 * Bridge did not load, shows the app's own navigation instead) and the same
 * UI state (the server renders with the UI's defaults; the browser's
 * persisted choices — a hidden setup guide, a date range — would render
 * something else). Otherwise the browser renders the page itself instead of
 * hydrating a different one.
 */
function sameRender(
  rendered: FirstScreenData,
  host: Host,
  state: { onboarding: { hidden: boolean }; dateRange: { applied: unknown } },
): boolean {
  const sameHost = (rendered.embedded === true) === (host.kind === 'appBridge');
  return sameHost && !state.onboarding.hidden && state.dateRange.applied === null;
}

/** A server render the browser could not take over (React then rendered that part itself): worth knowing, not fatal. */
function reportHydrationError(error: unknown) {
  console.warn("The server-rendered page differed from the browser's render; the browser rendered it.", error);
}

void start();
