import { baseApi } from '../../api/baseApi';
import { routeRequest } from '../../api/routeRequest';
import { idTag, invalidateOnSuccess, listTag } from '../../api/tags';
import type { HotspotSuggestRequest, HotspotSuggestResponse } from '../../contracts/hotspots';
import type {
  LookCreateResponse,
  LookDetailResponse,
  LookFormValues,
  LookMainProduct,
  LookMediaUploadResponse,
  LookUpdateResponse,
} from '../../contracts/looks';

// A look's tests say whether shoppers see the look (a draft's test gathers nothing): they follow its status.
/** What a change to a look shows in: the list pages and searches, experiments, stats, the shop's counts, onboarding. */
export const lookChangedTags = [
  listTag('Look'),
  listTag('Experiment'),
  'Stats' as const,
  'Shop' as const,
  'Onboarding' as const,
];
/** A deleted look also leaves its own cache entry. */
export const lookDeletedTags = (id: number | string) => [idTag('Look', id), ...lookChangedTags];

/**
 * One look: read, created, saved, its image uploaded, its hotspots suggested — what the look form's
 * pages use. The list (entity adapter, optimistic flags and deletes) is injected on top of it in
 * looksApi.ts: a form page's first load does not carry the list's code.
 */
export const lookApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
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
        if (saved) dispatch(lookApi.util.upsertQueryData('getLook', id, saved.data));
      },
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, lookChangedTags),
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
  useGetLookQuery,
  useGetDiscountDefaultsQuery,
  useCreateLookMutation,
  useUpdateLookMutation,
  useUploadLookMediaMutation,
  useSuggestHotspotsMutation,
} = lookApi;
