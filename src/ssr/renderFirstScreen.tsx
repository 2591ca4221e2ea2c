/**
 * The server-side render of an admin page's first screen: the entry of the
 * server bundle (webpack.config.ts, `ssr`), loaded by server/ssr. It renders
 * the same tree as the browser (src/index.tsx: AppProviders and the routes),
 * from the same calls the browser's boot makes (startFirstScreen: the shop,
 * the page's chunk and prefetch, the messages), sent to the server's own API
 * with the request's session token — so what a shop may see is decided by
 * the API's own authentication, as for the browser's calls.
 *
 * The page paints from this HTML as soon as it and the stylesheet are there;
 * the browser then hydrates it (no second render) with the calls' answers.
 * The routes are react-router's static rendering of the app's routes (its
 * static handler resolves the page's lazy route); the router's state goes to
 * the browser with the answers, as the hydration data of its data router.
 */
import { StrictMode } from 'react';
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProviders, appRoutes, prepareFirstRender } from '../app/App';
import { rehydrated, startFirstScreen } from '../app/boot';
import { messagesPartOf } from '../app/routes';
import { makePersistor, makeStore } from '../app/store';
import { localeFromQuery, resolveLocale } from '../i18n/locale';
import { loadLocaleBundle } from '../i18n/messages';
import { DEFAULT_LOCALE } from '../contracts/api';
import { shopApi } from '../features/shop';
import { createStandaloneHost } from '../host/standaloneHost/standaloneHost';
import { createAppBridgeHost, type ShopifyGlobal } from '../host/appBridgeHost';
import { AssumedCustomElements } from '../host/useCustomElement';
import type { Host } from '../host/Host';
import type { FirstScreenData } from './firstScreen';
import { firstScreenData } from './firstScreenState';
import { requestIsNarrow } from '../components/narrowScreen';

export interface RenderFirstScreenInput {
  /** The document's URL (absolute: the router needs an origin). */
  url: string;
  /** A session token of the shop (the standalone host's, or the `id_token` Shopify admin opened the app with). */
  token: string;
  /** The server's own API (no socket), with its origin. */
  fetchFn: typeof fetch;
  /** How long the first screen's calls may take at most (then no server render). */
  waitMs: number;
  /** The request's headers: a phone's get the phone layouts (components/narrowScreen). */
  headers?: Record<string, string | string[] | undefined>;
  /** Inside Shopify admin: rendered as under App Bridge (its navigation menu and save bar). */
  embedded?: boolean;
}

/** App Bridge's elements, defined in the admin's browser before the app's scripts run. */
const APP_BRIDGE_ELEMENTS = ['ui-nav-menu', 'ui-save-bar'] as const;

/**
 * The host a render on the server has: App Bridge's for a page inside Shopify
 * admin (nothing on the server opens a picker or shows a toast: those wait
 * for the browser), else the standalone one; both send `token`.
 */
function serverHost(token: string, embedded: boolean): Host {
  if (!embedded) return createStandaloneHost({ tokenSource: () => Promise.resolve(token) });
  const shopify: ShopifyGlobal = {
    idToken: () => Promise.resolve(token),
    toast: { show: () => undefined },
    resourcePicker: () => Promise.resolve(undefined),
  };
  return createAppBridgeHost(shopify);
}

export interface FirstScreen {
  html: string;
  data: FirstScreenData;
}

/** The HTML of `url`'s first screen and its data; undefined when the shop could not be loaded (the browser renders then). */
export async function renderFirstScreen({
  url,
  token,
  fetchFn,
  waitMs,
  headers = {},
  embedded = false,
}: RenderFirstScreenInput): Promise<FirstScreen | undefined> {
  const { origin, pathname, search } = new URL(url);
  const host = serverHost(token, embedded);
  const queryLocale = localeFromQuery(search);
  const store = makeStore(host, undefined, { server: { origin, fetchFn }, locale: queryLocale });
  // The UI's persisted choices are the browser's: here they are the defaults (no storage on the
  // server), read back before the page's calls start, as the browser's are (the dashboard's setup
  // guide is asked for only once its flag is known). The browser renders itself when its differ.
  await rehydrated(makePersistor(store));
  await startFirstScreen(store, { pathname, locale: queryLocale ?? DEFAULT_LOCALE }, waitMs);

  const shop = shopApi.endpoints.getShopDetails.select()(store.getState()).data;
  if (!shop) return undefined;
  const locale = resolveLocale(queryLocale, shop.locale);
  await loadLocaleBundle(locale, messagesPartOf(pathname));

  await prepareFirstRender(pathname, host, embedded);
  const handler = createStaticHandler(appRoutes(queryLocale));
  const context = await handler.query(new Request(url));
  // No route has a loader or an action: a Response (a redirect) or an error (the page's chunk failed) is the browser's to handle.
  if (context instanceof Response || context.errors) return undefined;
  const narrow = requestIsNarrow(headers);
  const html = await renderComplete(
    <StrictMode>
      <AssumedCustomElements.Provider value={embedded ? APP_BRIDGE_ELEMENTS : []}>
        <AppProviders store={store} host={host} narrowScreen={narrow}>
          {/* hydrate={false}: no inline script (the page's CSP); the browser gets the state with the answers below. */}
          <StaticRouterProvider
            router={createStaticRouter(handler.dataRoutes, context)}
            context={context}
            hydrate={false}
          />
        </AppProviders>
      </AssumedCustomElements.Provider>
    </StrictMode>,
    waitMs,
  );
  const router = { loaderData: context.loaderData, actionData: context.actionData };
  return {
    html,
    data: { ...firstScreenData(store.getState(), locale), narrow, router, ...(embedded ? { embedded } : {}) },
  };
}

/**
 * The whole markup, lazy parts included (renderToString would leave a lazy
 * component's Suspense boundary to the browser: the analytics chart). Parts
 * not ready within `waitMs` are left to the browser.
 */
function renderComplete(element: ReactNode, waitMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        html += chunk.toString();
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: () => undefined, // a failed part is rendered by the browser
    });
    setTimeout(() => stream.abort(), waitMs).unref();
  });
}
export { FIRST_SCREEN_ELEMENT_ID, scriptJson } from './firstScreen';
