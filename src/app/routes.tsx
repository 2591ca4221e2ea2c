import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

// Every screen is its own chunk: the dashboard loads no form, drag-and-drop, chart or date-picker code.
const DashboardPage = lazy(() => import(/* webpackChunkName: "dashboard" */ '../features/dashboard/DashboardPage'));
const AnalyticsPage = lazy(() => import(/* webpackChunkName: "analytics" */ '../features/analytics/AnalyticsPage'));
const PlansPage = lazy(() => import(/* webpackChunkName: "plans" */ '../features/billing/PlansPage'));
const DowngradePage = lazy(() => import(/* webpackChunkName: "downgrade" */ '../features/billing/DowngradePage'));
const BoosterPage = lazy(() => import(/* webpackChunkName: "booster" */ '../features/booster/BoosterPage'));
const ExitIframePage = lazy(() => import(/* webpackChunkName: "exitiframe" */ '../features/exitIframe/ExitIframePage'));
const GalleryListPage = lazy(() => import(/* webpackChunkName: "gallery" */ '../features/gallery/GalleryListPage'));
const GalleryNewPage = lazy(() => import(/* webpackChunkName: "gallery-new" */ '../features/gallery/GalleryNewPage'));
const GalleryEditPage = lazy(() => import(/* webpackChunkName: "gallery-edit" */ '../features/gallery/GalleryEditPage'));
const LayoutPage = lazy(() => import(/* webpackChunkName: "layout" */ '../features/layout/LayoutPage'));
const LayoutLegacyPage = lazy(() => import(/* webpackChunkName: "layout-legacy" */ '../features/layout/LayoutLegacyPage'));
const LooksListPage = lazy(() => import(/* webpackChunkName: "looks" */ '../features/looks/LooksListPage'));
const LookNewPage = lazy(() => import(/* webpackChunkName: "look-new" */ '../features/looks/LookNewPage'));
const LookEditPage = lazy(() => import(/* webpackChunkName: "look-edit" */ '../features/looks/LookEditPage'));
const LookDiscountRedirect = lazy(() => import(/* webpackChunkName: "look-discount" */ '../features/looks/LookDiscountRedirect'));
const SettingsPage = lazy(() => import(/* webpackChunkName: "settings" */ '../features/settings/SettingsPage'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "not-found" */ '../features/notFound/NotFoundPage'));

/** SPEC §2 routes. */
export const routes: RouteObject[] = [
  { path: '/', element: <DashboardPage /> },
  { path: '/analytics', element: <AnalyticsPage /> },
  { path: '/billing/plans', element: <PlansPage /> },
  { path: '/billing/downgrade', element: <DowngradePage /> },
  { path: '/booster', element: <BoosterPage /> },
  { path: '/exitiframe', element: <ExitIframePage /> },
  { path: '/gallery', element: <GalleryListPage /> },
  { path: '/gallery/new', element: <GalleryNewPage /> },
  { path: '/gallery/edit/:id', element: <GalleryEditPage /> },
  { path: '/layout', element: <LayoutPage /> },
  { path: '/layoutLegacy', element: <LayoutLegacyPage /> },
  { path: '/looks', element: <LooksListPage /> },
  { path: '/looks/new', element: <LookNewPage /> },
  { path: '/looks/edit/:id', element: <LookEditPage /> },
  { path: '/looks/discounts/:id', element: <LookDiscountRedirect /> },
  { path: '/settings', element: <SettingsPage /> },
  { path: '/notFound', element: <NotFoundPage /> },
  { path: '*', element: <NotFoundPage /> },
];
