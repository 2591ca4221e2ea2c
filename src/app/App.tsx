import { Suspense, useMemo, useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import { createBrowserRouter, Outlet, RouterProvider, useLocation, useMatches, type RouteObject } from 'react-router-dom';
import type { Host } from '../host/Host';
import { HostProvider } from '../host/HostContext';
import { I18nProvider, useMessagesReady } from '../i18n/I18nProvider';
import { resolveLocale } from '../i18n/locale';
import { CatalogSyncBanner, ShopProvider, useGetShopDetailsQuery } from '../features/shop';
import { AnalyticsTracking } from '../analytics/AnalyticsTracking';
import { PagePlaceholder } from '../components/PagePlaceholder';
import { ReplayEarlyClick } from '../ssr/ReplayEarlyClick';
import { NarrowScreenGuessProvider } from '../components/narrowScreen';
import type { AppStore } from './store';
import { AppFrame } from './AppFrame';
import { ErrorBoundary } from './ErrorBoundary';
import { RouterLink } from './RouterLink';
import { routes, type PageHandle } from './routes';

export interface AppProps {
  store: AppStore;
  persistor?: Persistor;
  host: Host;
  /** The `locale` query parameter of the first URL (overrides the shop locale). */
  queryLocale?: string;
  /** Probably a phone (components/narrowScreen): the first render's phone layouts. */
  narrowScreen?: boolean;
}

export function App({ store, persistor, host, queryLocale, narrowScreen }: AppProps) {
  // A data router: useBlocker (leave-page confirmation) needs one.
  const router = useMemo(() => createBrowserRouter(appRoutes(queryLocale)), [queryLocale]);
  return (
    <AppProviders store={store} persistor={persistor} host={host} narrowScreen={narrowScreen}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}

/**
 * The store and the host around a router: the browser's (App) or, for a
 * server-side render, the static router of one URL (src/ssr) — the same tree,
 * so the browser hydrates the server's HTML.
 */
export function AppProviders({ store, persistor, host, narrowScreen = false, children }: Omit<AppProps, 'queryLocale'> & { children: ReactNode }) {
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

/** Language from the query parameter or the shop; frame, shop context, routes. */
export function Shell({ queryLocale }: { queryLocale?: string }) {
  const { data: shop } = useGetShopDetailsQuery();
  const locale = resolveLocale(queryLocale, shop?.locale);
  return (
    <I18nProvider locale={locale} linkComponent={RouterLink}>
      <AppFrame shopDomain={shop?.shopDomain}>
        <ShopProvider>
          {shop && <AnalyticsTracking shopDomain={shop.shopDomain} />}
          {/* The first catalog sync's progress (shopify mode); the pages stay usable below it. */}
          {shop && <CatalogSyncBanner />}
          <RoutedPage />
        </ShopProvider>
      </AppFrame>
    </I18nProvider>
  );
}

/** The shell as the root route; every screen of SPEC §2 renders in its outlet. */
export function appRoutes(queryLocale?: string): RouteObject[] {
  return [{ element: <Shell queryLocale={queryLocale} />, children: routes }];
}

function RoutedPage() {
  const location = useLocation();
  // Pages wait for their language's messages (a chunk loaded in parallel with the shop and the page).
  if (!useMessagesReady()) return <PagePlaceholder />;
  return (
    <ErrorBoundary key={location.pathname}>
      <PageSlot />
    </ErrorBoundary>
  );
}

/**
 * The page, inside a Suspense boundary only if its chunk had not run when the
 * page opened (decided once per page: a boundary coming or going would mount
 * the page again). A server-rendered page's chunk is there before the browser
 * hydrates: without a boundary, frame and page hydrate in one pass, in slices.
 * (React hydrates a boundary's content in a later pass, and an update of the
 * frame meanwhile — Polaris sets state on mount — forces that pass at once, in
 * one long task.)
 */
function PageSlot() {
  const handle = useMatches().at(-1)?.handle as PageHandle | undefined;
  const [suspends] = useState(() => !handle?.loaded());
  const page = (
    <>
      <Outlet />
      <ReplayEarlyClick />
    </>
  );
  return suspends ? <Suspense fallback={<PagePlaceholder />}>{page}</Suspense> : page;
}
