import { lazy, type ComponentType } from 'react';
import { matchRoutes, type RouteObject } from 'react-router-dom';

// Every screen is its own chunk: the dashboard loads no form, drag-and-drop, chart or date-picker code.
// `handle.preload` starts a page's chunk before React asks for it (preloadRoute, on boot).
interface PageHandle {
  preload: () => Promise<unknown>;
}

function page(load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'element' | 'handle'> {
  let loaded: ComponentType | undefined;
  const preload = () => load().then((module) => (loaded = module.default));
  const Lazy = lazy(() => preload().then((Component) => ({ default: Component })));
  // Once preloaded, the page renders at once (React.lazy would still suspend for a tick and show the fallback).
  const Page = () => {
    const Loaded = loaded;
    return Loaded ? <Loaded /> : <Lazy />;
  };
  const handle: PageHandle = { preload };
  return { element: <Page />, handle };
}

const notFound = page(() => import(/* webpackChunkName: "not-found" */ '../features/notFound/NotFoundPage'));

/** SPEC §2 routes. */
export const routes: RouteObject[] = [
  { path: '/', ...page(() => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/DashboardPage')) },
  { path: '/analytics', ...page(() => import(/* webpackChunkName: "analytics" */ '../features/analytics/AnalyticsPage')) },
  { path: '/billing/plans', ...page(() => import(/* webpackChunkName: "plans" */ '../features/billing/PlansPage')) },
  { path: '/billing/downgrade', ...page(() => import(/* webpackChunkName: "downgrade" */ '../features/billing/DowngradePage')) },
  { path: '/booster', ...page(() => import(/* webpackChunkName: "booster" */ '../features/booster/BoosterPage')) },
  { path: '/exitiframe', ...page(() => import(/* webpackChunkName: "exitiframe" */ '../features/exitIframe/ExitIframePage')) },
  { path: '/gallery', ...page(() => import(/* webpackChunkName: "gallery" */ '../features/gallery/GalleryListPage')) },
  { path: '/gallery/new', ...page(() => import(/* webpackChunkName: "gallery-new" */ '../features/gallery/GalleryNewPage')) },
  { path: '/gallery/edit/:id', ...page(() => import(/* webpackChunkName: "gallery-edit" */ '../features/gallery/GalleryEditPage')) },
  { path: '/layout', ...page(() => import(/* webpackChunkName: "layout" */ '../features/layout/LayoutPage')) },
  { path: '/layoutLegacy', ...page(() => import(/* webpackChunkName: "layout-legacy" */ '../features/layout/LayoutLegacyPage')) },
  { path: '/looks', ...page(() => import(/* webpackChunkName: "looks" */ '../features/looks/LooksListPage')) },
  { path: '/looks/new', ...page(() => import(/* webpackChunkName: "look-new" */ '../features/looks/LookNewPage')) },
  { path: '/looks/edit/:id', ...page(() => import(/* webpackChunkName: "look-edit" */ '../features/looks/LookEditPage')) },
  { path: '/looks/discounts/:id', ...page(() => import(/* webpackChunkName: "look-discount" */ '../features/looks/LookDiscountRedirect')) },
  { path: '/settings', ...page(() => import(/* webpackChunkName: "settings" */ '../features/settings/SettingsPage')) },
  { path: '/notFound', ...notFound },
  { path: '*', ...notFound },
];

/**
 * Starts loading the chunk of the page at `pathname` now — on boot, in parallel
 * with the shop call and the messages, instead of once the shop has loaded and
 * React renders the page. Resolves when it is there; a failure is left to the
 * page's own lazy load.
 */
export function preloadRoute(pathname: string): Promise<unknown> {
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as PageHandle | undefined;
  return handle ? handle.preload().catch(() => undefined) : Promise.resolve();
}
