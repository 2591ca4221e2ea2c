import { baseApi } from '../../api/baseApi';
import { routeRequest } from '../../api/routeRequest';
import { invalidateOnSuccess, listTag } from '../../api/tags';
import {
  SHOP_ORDERS_PAGE_SIZE,
  type ShopOrdersPage,
  type ShopOrdersQuery,
  type Stats,
  type StatsQuery,
} from '../../contracts/analytics';
import type { FunnelQuery, FunnelReport } from '../../contracts/funnel';
import type { Reconciliation } from '../../contracts/reconciliation';

export const analyticsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /stats (lite=true: the three totals; with a range: the analytics of that range). */
    getStats: build.query<Stats, StatsQuery>({
      query: ({ lite, fromDate, toDate }) =>
        routeRequest('GET /stats', {
          query: { ...(lite ? { lite: true } : {}), ...(fromDate ? { fromDate } : {}), ...(toDate ? { toDate } : {}) },
        }),
      providesTags: ['Stats'],
    }),
    /** GET /shopOrders: attributed orders of the range, 10 per page. */
    getShopOrders: build.query<ShopOrdersPage, ShopOrdersQuery>({
      query: ({ page, fromDate, toDate, limit = SHOP_ORDERS_PAGE_SIZE }) =>
        routeRequest('GET /shopOrders', {
          query: { page, limit, ...(fromDate ? { fromDate } : {}), ...(toDate ? { toDate } : {}) },
        }),
      providesTags: [listTag('Order')],
    }),
    /**
     * GET /analytics/funnel: per look impressions → clicks → add-to-carts → orders of the range. Storefront
     * events arrive all the time, so a screen that mounts again asks again after a minute; look edits
     * (titles, images) make it stale at once.
     */
    getFunnel: build.query<FunnelReport, FunnelQuery>({
      query: ({ since, until }) => routeRequest('GET /analytics/funnel', { query: { since, until } }),
      providesTags: ['Stats', listTag('Look')],
      keepUnusedDataFor: 60,
    }),
    /** GET /reconciliation: when the attributed orders last agreed with Shopify's. */
    getReconciliation: build.query<Reconciliation, void>({
      query: () => routeRequest('GET /reconciliation'),
      providesTags: ['Reconciliation'],
    }),
    /** POST /reconciliation: reconcile now (the answer is the last run; the new one follows in the background). */
    requestReconciliation: build.mutation<Reconciliation, void>({
      query: () => routeRequest('POST /reconciliation'),
      invalidatesTags: (_result, error) => invalidateOnSuccess(error, ['Reconciliation' as const]),
    }),
  }),
});

export const {
  useGetStatsQuery,
  useGetShopOrdersQuery,
  useGetFunnelQuery,
  useGetReconciliationQuery,
  useRequestReconciliationMutation,
} = analyticsApi;
