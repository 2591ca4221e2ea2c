import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import {
  createBrowserRouter,
  Outlet,
  RouterProvider,
  ScrollRestoration,
  useMatches,
  useNavigation,
  type HydrationState,
  type RouteObject,
} from 'react-router-dom';
import { Loading } from '@shopify/polaris';
import type { Host } from '../host/Host';
import { HostProvider } from '../host/HostContext';
import { I18nProvider, useMessagesReady } from '../i18n/I18nProvider';
import { resolveLocale } from '../i18n/locale';
import { CatalogSyncBanner, ShopProvider, useGetShopDetailsQuery } from '../features/shop';
import { AnalyticsTracking } from '../analytics/AnalyticsTracking';
import { PagePlaceholder } from '../components/PagePlaceholder';
import { HydrationBoundary } from '../components/HydrationBoundary';
import { ReplayEarlyClick } from '../ssr/ReplayEarlyClick';
import { NarrowScreenGuessProvider } from '../components/narrowScreen';
import type { AppStore } from './store';
import { AppFrame, preloadFrame } from './AppFrame';
import { RouteError } from './RouteError';
import { RouterLink } from './RouterLink';
import { pageRoutes, resolveLazyRoute, type PageHandle } from './routes';

/** The app's data router (react-router-dom): the browser's history, the shell around the pages. */
export type AppRouter = ReturnType<typeof createBrowserRouter>;

export interface AppProps {
  store: AppStore;
  persistor?: Persistor;
  host: Host;
  /** Probably a phone (components/narrowScreen): the first render's phone layouts. */
  narrowScreen?: boolean;
  /** createAppRouter's. */
  router: AppRouter;
}

export function App({ router, ...providers }: AppProps) {
  return (
    <AppProviders {...providers}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/**
 * The routes: the shell (frame, language, shop) around the pages of routes.tsx, whose errors
 * (a render that throws, a chunk that failed) show an error page inside the shell.
 * `queryLocale`: the `locale` query parameter of the first URL (overrides the shop locale).
 */
export function appRoutes(queryLocale?: string): RouteObject[] {
  return [
    {
      id: 'shell',
      element: <Shell queryLocale={queryLocale} />,
      children: [{ id: 'pages', errorElement: <RouteError />, children: pageRoutes }],
    },
  ];
}

/**
 * The browser's router. `hydrationData`: the server's render's router state (a page rendered
 * on the server); the lazy route at the location must be resolved first (resolveLazyRoute).
 */
export function createAppRouter(queryLocale: string | undefined, hydrationData?: HydrationState): AppRouter {
  return createBrowserRouter(appRoutes(queryLocale), { hydrationData });
}

/**
 * What the first render needs loaded so that it is the page itself, and on a hydration the same
 * tree as the server's: the lazy route at `pathname`, resolved, and the standalone shell's chunk
 * where it shows (not inside Shopify admin under App Bridge's navigation menu).
 */
export function prepareFirstRender(
  pathname: string,
  host: Host,
  navMenuDefined = typeof customElements !== 'undefined' && !!customElements.get('ui-nav-menu'),
): Promise<unknown> {
  return Promise.all([resolveLazyRoute(pathname), preloadFrame(host, navMenuDefined)]);
}

/**
 * The store and the host around the router: the browser's (App) or, for a
 * server-side render, the static router of the one URL (src/ssr) — the same
 * tree, so the browser hydrates the server's HTML.
 */
export function AppProviders({
  store,
  persistor,
  host,
  narrowScreen = false,
  children,
}: Omit<AppProps, 'router'> & { children: ReactNode }) {
  const shell = (
    <HostProvider host={host}>
      <NarrowScreenGuessProvider value={narrowScreen}>{children}</NarrowScreenGuessProvider>
    </HostProvider>
  );
  return (
    <ReduxProvider store={store}>
      {persistor ? (
        <PersistGate persistor={persistor} loading={null}>
          {shell}
        </PersistGate>
      ) : (
        shell
      )}
    </ReduxProvider>
  );
}

/** Language from the query parameter or the shop; frame, shop context, the page of the location (SPEC §2 routes). */
function Shell({ queryLocale }: { queryLocale?: string }) {
  const { data: shop } = useGetShopDetailsQuery();
  const locale = resolveLocale(queryLocale, shop?.locale);
  const page = useMatches().at(-1)?.handle as PageHandle | undefined;
  // Hydrated after the router, in passes of its own (HydrationBoundary): the frame, then the page,
  // then the page's own boundaries. Hydrated inside a boundary, the frame's mount-time updates
  // (Polaris' portals, media queries) run at idle priority, so they leave the page's boundaries to
  // their own later, time-sliced passes instead of forcing them into one long task.
  return (
    <HydrationBoundary>
      <I18nProvider locale={locale} part={page?.messages} linkComponent={RouterLink}>
        <AppFrame shopDomain={shop?.shopDomain}>
          <ShopProvider>
            {shop && <AnalyticsTracking shopDomain={shop.shopDomain} />}
            {/* The first catalog sync's progress (shopify mode); the pages stay usable below it. */}
            {shop && <CatalogSyncBanner />}
            <PageOutlet />
          </ShopProvider>
        </AppFrame>
        {/* A new page starts at its top; back/forward return to where the page was. */}
        <ScrollRestoration />
      </I18nProvider>
    </HydrationBoundary>
  );
}

/**
 * The page of the location, once its messages are there (a chunk loaded in parallel with the
 * shop and the page); the frame's loading bar while the router loads the next page's chunk.
 */
function PageOutlet() {
  const messagesReady = useMessagesReady();
  const navigating = useNavigation().state !== 'idle';
  if (!messagesReady) return <PagePlaceholder />;
  return (
    <>
      {navigating && <Loading />}
      <HydrationBoundary>
        <Outlet />
      </HydrationBoundary>
      <ReplayEarlyClick />
    </>
  );
}
