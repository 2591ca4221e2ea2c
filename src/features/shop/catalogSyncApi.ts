import { baseApi } from '../../api/baseApi';
import { routeRequest } from '../../api/routeRequest';
import type { CatalogSyncState } from '../../contracts/catalog';

export const catalogSyncApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** How far the shop's catalog sync is (polled while it runs). */
    getCatalogSync: build.query<CatalogSyncState, void>({
      query: () => routeRequest('GET /catalog/sync'),
    }),
    /** Starts the sync again after a failure; the answer (already running) replaces the cached state. */
    retryCatalogSync: build.mutation<CatalogSyncState, void>({
      query: () => routeRequest('POST /catalog/sync'),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(catalogSyncApi.util.upsertQueryData('getCatalogSync', undefined, data));
        } catch {
          // The banner says so; the cached state stays.
        }
      },
    }),
  }),
});

export const { useGetCatalogSyncQuery, useRetryCatalogSyncMutation } = catalogSyncApi;
