// Public API of the analytics feature (no page code: importing this keeps other chunks small).
export { analyticsApi, useGetStatsQuery, useGetShopOrdersQuery, useGetFunnelQuery } from './analyticsApi';
export { bestAndWorst, funnelRow, type BestAndWorst, type FunnelRow } from './funnel';
export { appliedPeriodForPrefetch } from './prefetchPeriod';
