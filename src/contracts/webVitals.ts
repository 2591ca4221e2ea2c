/**
 * Admin Web Vitals: what the SPA reports to POST /webVitals and what the
 * summary answers. No yup here: the client's reporter stays small (the
 * route declares its schema beside it).
 */

/** The metrics Built for Shopify judges an app's admin by (p75 over 28 days). */
export const WEB_VITAL_NAMES = ['LCP', 'CLS', 'INP'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];

/** Where a measurement comes from: App Bridge inside Shopify admin, the web-vitals library standalone. */
export const WEB_VITAL_SOURCES = ['appBridge', 'webVitals'] as const;
export type WebVitalSource = (typeof WEB_VITAL_SOURCES)[number];

/** Good up to the first number, poor above the second (web.dev; BFS requires "good" at p75). */
export const WEB_VITAL_THRESHOLDS: Record<WebVitalName, readonly [good: number, poor: number]> = {
  LCP: [2500, 4000],
  CLS: [0.1, 0.25],
  INP: [200, 500],
};

/** One measurement of one page load. `id` is unique per page load and metric (a later report replaces it). */
export interface WebVitalReport {
  id: string;
  name: WebVitalName;
  value: number;
  /** The route pattern of the page load, ids replaced (`/looks/edit/:id`). */
  route: string;
  source: WebVitalSource;
}

export interface WebVitalsBatch {
  metrics: WebVitalReport[];
}

export const WEB_VITALS_BATCH_MAX = 20;
/** The platform judges the admin by the last 28 days; older measurements are pruned. */
export const WEB_VITALS_DAYS = 28;
export const WEB_VITAL_ROUTE_MAX = 100;

export type WebVitalRating = 'good' | 'needsImprovement' | 'poor';

export interface WebVitalStat {
  p75: number;
  samples: number;
  rating: WebVitalRating;
}

export interface WebVitalsSummary {
  /** The window the figures cover (the platform judges the last 28 days). */
  days: number;
  /** All routes together, per metric. */
  overall: Partial<Record<WebVitalName, WebVitalStat>>;
  routes: Array<{ route: string; metrics: Partial<Record<WebVitalName, WebVitalStat>> }>;
}

/** `/looks/edit/12` → `/looks/edit/:id`: numeric and id-like path segments become `:id`, no query, bounded. */
export function webVitalRoute(pathname: string): string {
  const segments = pathname
    .split('?')[0]
    .split('#')[0]
    .split('/')
    .filter(Boolean)
    .map((s) =>
      /^\d+$/.test(s) || /^[0-9a-f-]{16,}$/i.test(s) || /^gid:/.test(s)
        ? ':id'
        : s.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 40) || ':id',
    );
  return `/${segments.join('/')}`.slice(0, WEB_VITAL_ROUTE_MAX);
}
