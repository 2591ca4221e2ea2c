import { baseApi } from '../../api/baseApi';
import { routeRequest } from '../../api/routeRequest';
import { idTag, invalidateOnSuccess, listTag } from '../../api/tags';
import type { Paginated } from '../../contracts/api';
import type { HotspotSuggestRequest, HotspotSuggestResponse } from '../../contracts/hotspots';
import {
  LOOKS_PAGE_SIZE,
  toFormValues,
  type LookCreateResponse,
  type LookDetailResponse,
  type LookFormValues,
  type LookListItem,
  type LookMainProduct,
  type LookMediaUploadResponse,
  type LookUpdateResponse,
} from '../../contracts/looks';
import { looksAdapter, type LooksPage } from './looksAdapter';
import { removeFromPage, setFlagsOnLook, setFlagsOnPage, type LookFlags } from './looksCache';

export type { LooksPage } from './looksAdapter';
export type { LookFlags } from './looksCache';

export interface LooksQuery {
  page: number;
  query: string;
  /** Page size: the list's 10 unless given (the gallery's look search asks for 50). */
  limit?: number;
}

// A look's tests say whether shoppers see the look (a draft's test gathers nothing): they follow its status.
/** What a change to a look shows in: the list pages and searches, experiments, stats, the shop's counts, onboarding. */
const lookChangedTags = [
  listTag('Look'),
  listTag('Experiment'),
  'Stats' as const,
  'Shop' as const,
  'Onboarding' as const,
];
/** A deleted look also leaves its own cache entry. */
const lookDeletedTags = (id: number | string) => [idTag('Look', id), ...lookChangedTags];

export const looksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /productLooks: the list pages and the gallery's look search (one resource, one endpoint). */
    getLooks: build.query<LooksPage, LooksQuery>({
      query: ({ page, query, limit = LOOKS_PAGE_SIZE }) =>
        routeRequest('GET /productLooks', { query: { page, limit, ...(query ? { query } : {}) } }),
      transformResponse: (response: Paginated<LookListItem>): LooksPage =>
        looksAdapter.setAll(
          looksAdapter.getInitialState({ paginationDetails: response.paginationDetails }),
          response.data,
        ),
      providesTags: (result) => [...(result?.ids ?? []).map((id) => idTag('Look', id)), listTag('Look')],
    }),
    /** GET /productLooks/:id: the edit form and the gallery's look (SPEC §9: cached 5 minutes). */
    getLook: build.query<LookDetailResponse, string>({
      query: (id) => routeRequest('GET /productLooks/:id', { params: { id } }),
      keepUnusedDataFor: 300,
      providesTags: (_r, _e, id) => [idTag('Look', id)],
    }),
    getDiscountDefaults: build.query<{ mainProduct: LookMainProduct }, string>({
      query: (productId) => routeRequest('GET /productLooks/discountDefaults', { query: { productId } }),
    }),
    createLook: build.mutation<LookCreateResponse, LookFormValues>({
      query: (body) => routeRequest('POST /productLooks', { body }),
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, [listTag('Look'), 'Stats', 'Shop', 'Onboarding']),
    }),
    updateLook: build.mutation<LookUpdateResponse, { id: string; values: LookFormValues }>({
      query: ({ id, values }) => routeRequest('PATCH /productLooks/:id', { params: { id }, body: values }),
      // The answer is the saved look: it replaces the cached one (no second GET), the rest refetches.
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.catch(() => undefined); // a failed save keeps the cache as it was
        if (saved) dispatch(looksApi.util.upsertQueryData('getLook', id, saved.data));
      },
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, lookChangedTags),
    }),
    /**
     * Sets a look active/draft (or featured) at once: every cached list page, search and the look
     * itself show the change before the server answers, and go back if it fails. The backend takes
     * the whole look (PATCH /productLooks/:id), so the current one is read first.
     */
    setLookFlags: build.mutation<LookUpdateResponse, { id: number; flags: LookFlags }>({
      async queryFn({ id, flags }, _api, _extra, baseQuery) {
        const current = await baseQuery(routeRequest('GET /productLooks/:id', { params: { id } }));
        if (current.error) return { error: current.error };
        const values = { ...toFormValues((current.data as LookDetailResponse).look), ...flags };
        const saved = await baseQuery(routeRequest('PATCH /productLooks/:id', { params: { id }, body: values }));
        return saved.error ? { error: saved.error } : { data: saved.data as LookUpdateResponse };
      },
      async onQueryStarted({ id, flags }, { dispatch, getState, queryFulfilled }) {
        const patches = looksApi.util
          .selectInvalidatedBy(getState(), [idTag('Look', id)])
          .flatMap(({ endpointName, originalArgs }) => {
            if (endpointName === 'getLook')
              return [
                dispatch(
                  looksApi.util.updateQueryData('getLook', originalArgs as string, (draft) =>
                    setFlagsOnLook(draft, flags),
                  ),
                ),
              ];
            if (endpointName === 'getLooks')
              return [
                dispatch(
                  looksApi.util.updateQueryData('getLooks', originalArgs as LooksQuery, (draft) =>
                    setFlagsOnPage(draft, id, flags),
                  ),
                ),
              ];
            return [];
          });
        const saved = await queryFulfilled.catch(() => undefined);
        if (saved) dispatch(looksApi.util.upsertQueryData('getLook', String(id), saved.data));
        else patches.forEach((patch) => patch.undo());
      },
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, lookChangedTags),
    }),
    /** Deletes a look; it leaves every cached list page and search at once and comes back if the server fails. */
    deleteLook: build.mutation<void, number>({
      query: (id) => routeRequest('DELETE /productLooks/:id', { params: { id } }),
      async onQueryStarted(id, { dispatch, getState, queryFulfilled }) {
        const patches = looksApi.util
          .selectInvalidatedBy(getState(), [idTag('Look', id)])
          .filter(({ endpointName }) => endpointName === 'getLooks')
          .map(({ originalArgs }) =>
            dispatch(
              looksApi.util.updateQueryData('getLooks', originalArgs as LooksQuery, (draft) =>
                removeFromPage(draft, id),
              ),
            ),
          );
        await queryFulfilled.catch(() => patches.forEach((patch) => patch.undo()));
      },
      invalidatesTags: (_r, error, id) => invalidateOnSuccess(error, lookDeletedTags(id)),
    }),
    uploadLookMedia: build.mutation<LookMediaUploadResponse, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return routeRequest('POST /productLooks/media', { body });
      },
    }),
    /** The look's products found in a look image by the configured vision model: suggestions for the hotspot editor. */
    suggestHotspots: build.mutation<HotspotSuggestResponse, HotspotSuggestRequest>({
      query: (body) => routeRequest('POST /productLooks/hotspots', { body }),
    }),
  }),
});

export const {
  useGetLooksQuery,
  useGetLookQuery,
  useGetDiscountDefaultsQuery,
  useCreateLookMutation,
  useUpdateLookMutation,
  useSetLookFlagsMutation,
  useDeleteLookMutation,
  useUploadLookMediaMutation,
  useSuggestHotspotsMutation,
} = looksApi;
