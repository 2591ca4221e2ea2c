import type { ColumnType, Generated } from 'kysely';

/** One Web Vitals measurement of a page load of the admin (migration 0013). */
export interface WebVitalsTable {
  id: Generated<string>;
  shopId: number;
  /** Unique per page load and metric (per shop). */
  metricId: string;
  name: 'LCP' | 'CLS' | 'INP';
  /** Milliseconds (LCP, INP) or the unitless layout shift score (CLS). */
  value: number;
  route: string;
  source: 'appBridge' | 'webVitals';
  createdAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface WebVitalsTables {
  webVitals: WebVitalsTable;
}
