// Public API of the analytics feature (no page code: importing this keeps other chunks small).
export { analyticsApi, useGetStatsQuery, useGetShopOrdersQuery } from './analyticsApi';
