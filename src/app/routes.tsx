import type { ComponentType, ReactElement } from 'react';
import { lazyOnce } from '../components/lazyOnce';
import { nextTask } from './nextTask';
import { matchPath } from '../router';
import type { MessagePart } from '../i18n/messages';
import type { AppStore } from './store';

// Every screen is its own chunk: the dashboard loads no form, drag-and-drop, chart or date-picker code.
// `handle.preload` starts a page's chunk before React asks for it (preloadRoute, on boot).
export interface PageHandle {
  preload: () => Promise<PageModule>;
  /** The page's chunk has run: it renders at once, without suspending. */
  loaded: () => boolean;
}

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
   * The code the first screen loads lazily (the analytics chart), loaded
   * before the first render: a page rendered on the server is hydrated only
   * with it there (a part still loading when the page re-renders would be
   * thrown away and rendered again). Name their chunks in
   * firstScreenParts.ts: index.html then fetches them with the page's.
   */
  preload?: () => Promise<unknown>;
}

/** A screen: its path pattern (src/router/paths.ts), its element and its chunk's handle. */
export interface AppRoute {
  path: string;
  element: ReactElement;
  handle: PageHandle;
  /** Its part of the messages (src/i18n/messageParts.json), loaded with the page. */
  messages: MessagePart;
}

/**
 * `steps`: parts of the page's chunk group (imports with the page's
 * webpackChunkName: no extra request) run first, each in a task of its own.
 * A form page's code ran in one task of 110–160 ms under Lighthouse's 4× CPU
 * slowdown (yup and the schemas, final-form, the form's Polaris components):
 * blocking time the page's first interaction would wait behind.
 */
function page(messages: MessagePart, load: () => Promise<PageModule>, steps: Array<() => Promise<unknown>> = []): Omit<AppRoute, 'path'> {
  const part = lazyOnce(() => steps.reduce<Promise<unknown>>((previous, step) => previous.then(step).then(nextTask), Promise.resolve()).then(load));
  // Once preloaded, the page renders at once (PageSlot in App.tsx then renders it without a Suspense boundary).
  const Page = () => {
    const Loaded = part.loaded();
    return Loaded ? <Loaded /> : <part.Lazy />;
  };
  const handle: PageHandle = { preload: part.load, loaded: () => part.loaded() !== undefined };
  return { element: <Page />, handle, messages };
}

const notFound = page('not-found', () => import(/* webpackChunkName: "not-found" */ '../features/notFound/NotFoundPage'));

/** SPEC §2 routes. */
export const routes: readonly AppRoute[] = [
  { path: '/', ...page('dashboard', () => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/DashboardPage')) },
  { path: '/analytics', ...page('analytics', () => import(/* webpackChunkName: "analytics" */ '../features/analytics/AnalyticsPage')) },
  { path: '/billing/plans', ...page('plans', () => import(/* webpackChunkName: "plans" */ '../features/billing/PlansPage')) },
  { path: '/billing/downgrade', ...page('downgrade', () => import(/* webpackChunkName: "downgrade" */ '../features/billing/DowngradePage')) },
  { path: '/booster', ...page('booster', () => import(/* webpackChunkName: "booster" */ '../features/booster/BoosterPage')) },
  { path: '/exitiframe', ...page('exitiframe', () => import(/* webpackChunkName: "exitiframe" */ '../features/exitIframe/ExitIframePage')) },
  { path: '/gallery', ...page('gallery', () => import(/* webpackChunkName: "gallery" */ '../features/gallery/GalleryListPage')) },
  { path: '/gallery/new', ...page('gallery-new', () => import(/* webpackChunkName: "gallery-new" */ '../features/gallery/GalleryNewPage')) },
  { path: '/gallery/edit/:id', ...page('gallery-edit', () => import(/* webpackChunkName: "gallery-edit" */ '../features/gallery/GalleryEditPage')) },
  { path: '/layout', ...page('layout', () => import(/* webpackChunkName: "layout" */ '../features/layout/LayoutPage')) },
  { path: '/layoutLegacy', ...page('layout-legacy', () => import(/* webpackChunkName: "layout-legacy" */ '../features/layout/LayoutLegacyPage')) },
  { path: '/looks', ...page('looks', () => import(/* webpackChunkName: "looks" */ '../features/looks/LooksListPage')) },
  { path: '/looks/new', ...page('look-new', () => import(/* webpackChunkName: "look-new" */ '../features/looks/LookNewPage'), [
      () => import(/* webpackChunkName: "look-new" */ '../contracts/looks.schema'),
      () => import(/* webpackChunkName: "look-new" */ '../features/looks/form/LookForm'),
    ]) },
  { path: '/looks/edit/:id', ...page('look-edit', () => import(/* webpackChunkName: "look-edit" */ '../features/looks/LookEditPage'), [
      () => import(/* webpackChunkName: "look-edit" */ '../contracts/looks.schema'),
      () => import(/* webpackChunkName: "look-edit" */ '../features/looks/form/LookForm'),
    ]) },
  { path: '/looks/discounts/:id', ...page('look-discount', () => import(/* webpackChunkName: "look-discount" */ '../features/looks/LookDiscountRedirect')) },
  { path: '/settings', ...page('settings', () => import(/* webpackChunkName: "settings" */ '../features/settings/SettingsPage')) },
  { path: '/notFound', ...notFound },
  { path: '*', ...notFound },
];

/**
 * Starts loading the chunk of the page at `pathname` now — on boot, in parallel
 * with the shop call and the messages, instead of once the shop has loaded and
 * React renders the page — then, given the store, the page's prefetch. Resolves
 * when both are done; a failure is left to the page's own lazy load and queries.
 */
/** The route of the page at `pathname` (the same first match as the router's useMatch). */
const routeAt = (pathname: string): AppRoute | undefined => routes.find((route) => matchPath(route.path, pathname));

/** The part of the messages of the page at `pathname`. */
export const messagesPartOf = (pathname: string): MessagePart => routeAt(pathname)?.messages ?? notFound.messages;

export function preloadRoute(pathname: string, store?: AppStore): Promise<unknown> {
  const handle = routeAt(pathname)?.handle;
  if (!handle) return Promise.resolve();
  return handle
    .preload()
    .then((module) => Promise.all([module.preload?.(), store ? module.prefetch?.(store) : undefined]))
    .catch(() => undefined);
}
