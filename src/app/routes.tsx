import type { ComponentType } from 'react';
import { matchRoutes, type NonIndexRouteObject } from 'react-router-dom';
import { nextTask } from './nextTask';
import type { MessagePart } from '../i18n/messages';
import type { AppStore } from './store';

// Every screen is its own chunk (react-router's `lazy`): the dashboard loads no form, drag-and-drop,
// chart or date-picker code. `handle.preload` starts a page's chunk before the router asks for it
// (preloadRoute, on boot); the router's `lazy` then joins the same import.

/**
 * A page module: its component and, optionally, `prefetch`: the calls of its
 * first screen with exactly the arguments the page asks for on mount, started
 * on boot as soon as the chunk is there (in parallel with the shop call), so
 * the first render already has the data. Resolves when they are answered.
 */
export interface PageModule {
  default: ComponentType;
  prefetch?: (store: AppStore) => Promise<unknown>;
  /**
   * The code the first screen loads lazily (the look edit page's related items), loaded
   * before the first render: a page rendered on the server is hydrated only
   * with it there (a part still loading when the page re-renders would be
   * thrown away and rendered again). Name their chunks in
   * firstScreenParts.ts: index.html then fetches them with the page's.
   */
  preload?: () => Promise<unknown>;
}

/** What a page's route carries besides its path (react-router's `handle`, read with useMatches). */
export interface PageHandle {
  /** Its part of the messages (src/i18n/messageParts.json), loaded with the page. */
  messages: MessagePart;
  /** Starts the page's chunk (or joins it); resolves with its module once it has run. */
  preload: () => Promise<PageModule>;
}

/** A screen: a react-router route with its path pattern, its lazy chunk and its handle. */
export interface PageRoute extends NonIndexRouteObject {
  path: string;
  handle: PageHandle;
}

/**
 * `steps`: parts of the page's chunk group (imports with the page's
 * webpackChunkName: no extra request) run first, each in a task of its own.
 * A form page's code ran in one task of 110–160 ms under Lighthouse's 4× CPU
 * slowdown (then yup and the schemas — now loaded on the form's first use,
 * lazyValidate —, final-form, the form's Polaris components): blocking time
 * the page's first interaction would wait behind.
 */
function page(
  messages: MessagePart,
  load: () => Promise<PageModule>,
  steps: Array<() => Promise<unknown>> = [],
): { handle: PageHandle; lazy: () => Promise<{ Component: ComponentType }> } {
  // Each call imports again: a chunk that has run resolves from webpack's cache; one that failed is fetched again.
  const preload = () =>
    steps
      .reduce<Promise<unknown>>((previous, step) => previous.then(step).then(nextTask), Promise.resolve())
      .then(load);
  return { handle: { messages, preload }, lazy: async () => ({ Component: (await preload()).default }) };
}

const notFound = () =>
  page('not-found', () => import(/* webpackChunkName: "not-found" */ '../features/notFound/NotFoundPage'));

/**
 * SPEC §2 routes. Their patterns are also read by the build (PreloadRouteChunks in
 * webpack.config.ts: index.html fetches the page's chunk with the first-load files): keep each
 * `path: '…', ...page('part', () => import(/* webpackChunkName: "…" *\/ …))` on one line.
 */
export const pageRoutes: PageRoute[] = [
  {
    path: '/',
    ...page('dashboard', () => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/DashboardPage')),
  },
  {
    path: '/analytics',
    ...page('analytics', () => import(/* webpackChunkName: "analytics" */ '../features/analytics/AnalyticsPage')),
  },
  {
    path: '/billing/plans',
    ...page('plans', () => import(/* webpackChunkName: "plans" */ '../features/billing/PlansPage')),
  },
  {
    path: '/billing/downgrade',
    ...page('downgrade', () => import(/* webpackChunkName: "downgrade" */ '../features/billing/DowngradePage')),
  },
  {
    path: '/booster',
    ...page('booster', () => import(/* webpackChunkName: "booster" */ '../features/booster/BoosterPage')),
  },
  {
    path: '/exitiframe',
    ...page('exitiframe', () => import(/* webpackChunkName: "exitiframe" */ '../features/exitIframe/ExitIframePage')),
  },
  {
    path: '/gallery',
    ...page('gallery', () => import(/* webpackChunkName: "gallery" */ '../features/gallery/GalleryListPage')),
  },
  {
    path: '/gallery/new',
    ...page('gallery-new', () => import(/* webpackChunkName: "gallery-new" */ '../features/gallery/GalleryNewPage')),
  },
  {
    path: '/gallery/edit/:id',
    ...page('gallery-edit', () => import(/* webpackChunkName: "gallery-edit" */ '../features/gallery/GalleryEditPage')),
  },
  {
    path: '/layout',
    ...page('layout', () => import(/* webpackChunkName: "layout" */ '../features/layout/LayoutPage')),
  },
  {
    path: '/layoutLegacy',
    ...page(
      'layout-legacy',
      () => import(/* webpackChunkName: "layout-legacy" */ '../features/layout/LayoutLegacyPage'),
    ),
  },
  { path: '/looks', ...page('looks', () => import(/* webpackChunkName: "looks" */ '../features/looks/LooksListPage')) },
  {
    path: '/looks/new',
    ...page('look-new', () => import(/* webpackChunkName: "look-new" */ '../features/looks/LookNewPage'), [
      () => import(/* webpackChunkName: "look-new" */ '../features/looks/form/LookForm'),
    ]),
  },
  {
    path: '/looks/edit/:id',
    ...page('look-edit', () => import(/* webpackChunkName: "look-edit" */ '../features/looks/LookEditPage'), [
      () => import(/* webpackChunkName: "look-edit" */ '../features/looks/form/LookForm'),
    ]),
  },
  {
    path: '/looks/discounts/:id',
    ...page(
      'look-discount',
      () => import(/* webpackChunkName: "look-discount" */ '../features/looks/LookDiscountRedirect'),
    ),
  },
  {
    path: '/settings',
    ...page('settings', () => import(/* webpackChunkName: "settings" */ '../features/settings/SettingsPage')),
  },
  { path: '/notFound', ...notFound() },
  { path: '*', ...notFound() },
];

/** The page route at `pathname`, as the router matches it (react-router's matchRoutes: its ranking). */
const routeAt = (pathname: string): PageRoute | undefined =>
  matchRoutes(pageRoutes, pathname)?.at(-1)?.route as PageRoute | undefined;

/** The part of the messages of the page at `pathname`. */
export const messagesPartOf = (pathname: string): MessagePart => routeAt(pathname)?.handle.messages ?? 'not-found';

/**
 * Starts loading the chunk of the page at `pathname` now — on boot, in parallel
 * with the shop call and the messages, instead of once the shop has loaded and
 * the router asks for it — then, given the store, the page's prefetch. Resolves
 * when both are done; a failure is left to the router's own lazy load and the page's queries.
 */
export function preloadRoute(pathname: string, store?: AppStore): Promise<unknown> {
  const handle = routeAt(pathname)?.handle;
  if (!handle) return Promise.resolve();
  return handle
    .preload()
    .then((module) => Promise.all([module.preload?.(), store ? module.prefetch?.(store) : undefined]))
    .catch(() => undefined);
}

/**
 * Resolves the lazy route at `pathname` before a router is created over the routes (React Router's
 * guide to hydrating a data router with lazy routes): a router whose first match is still lazy
 * starts uninitialized and renders nothing, which would not match the server's HTML. The route
 * keeps its component from then on (and the chunk is the one preloadRoute started).
 */
export async function resolveLazyRoute(pathname: string): Promise<void> {
  const route = routeAt(pathname);
  if (!route || typeof route.lazy !== 'function') return;
  try {
    const resolved = await route.lazy();
    Object.assign(route, { ...resolved, lazy: undefined });
  } catch {
    // Left to the router: it loads the route again and its error boundary reports a failure.
  }
}
