import { Suspense, useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import type { Persistor } from 'redux-persist';
import { browserHistory, createLocationStore, RouteParams, Router, useLocation, useMatch, type LocationStore } from '../router';
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
import { routes, type AppRoute, type PageHandle } from './routes';

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
  const [location] = useState(() => createLocationStore(browserHistory()));
  return (
    <AppProviders store={store} persistor={persistor} host={host} narrowScreen={narrowScreen} location={location}>
      <Shell queryLocale={queryLocale} />
    </AppProviders>
  );
}

/**
 * The store, the host and the location around the shell: the browser's (App)
 * or, for a server-side render, the one URL in memory (src/ssr) — the same
 * tree, so the browser hydrates the server's HTML.
 */
export function AppProviders({
  store,
  persistor,
  host,
  narrowScreen = false,
  location,
  children,
}: Omit<AppProps, 'queryLocale'> & { location: LocationStore; children: ReactNode }) {
  const shell = (
    <HostProvider host={host}>
      <NarrowScreenGuessProvider value={narrowScreen}>
        <Router store={location}>{children}</Router>
      </NarrowScreenGuessProvider>
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
export function Shell({ queryLocale }: { queryLocale?: string }) {
  const { data: shop } = useGetShopDetailsQuery();
  const locale = resolveLocale(queryLocale, shop?.locale);
  const match = useMatch(routes);
  return (
    <I18nProvider locale={locale} part={match?.route.messages} linkComponent={RouterLink}>
      <AppFrame shopDomain={shop?.shopDomain}>
        <ShopProvider>
          {shop && <AnalyticsTracking shopDomain={shop.shopDomain} />}
          {/* The first catalog sync's progress (shopify mode); the pages stay usable below it. */}
          {shop && <CatalogSyncBanner />}
          <RoutedPage match={match} />
        </ShopProvider>
      </AppFrame>
    </I18nProvider>
  );
}

function RoutedPage({ match }: { match: ReturnType<typeof useMatch<AppRoute>> }) {
  const { pathname } = useLocation();
  // Pages wait for their messages (a chunk loaded in parallel with the shop and the page).
  const messagesReady = useMessagesReady();
  if (!messagesReady || !match) return <PagePlaceholder />;
  return (
    <ErrorBoundary key={pathname}>
      <RouteParams params={match.params}>
        <PageSlot handle={match.route.handle}>{match.route.element}</PageSlot>
      </RouteParams>
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
function PageSlot({ handle, children }: { handle: PageHandle; children: ReactNode }) {
  const [suspends] = useState(() => !handle.loaded());
  const page = (
    <>
      {children}
      <ReplayEarlyClick />
    </>
  );
  return suspends ? <Suspense fallback={<PagePlaceholder />}>{page}</Suspense> : page;
}
