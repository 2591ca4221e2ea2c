import { baseApi } from '../../api/baseApi';
import { routeRequest } from '../../api/routeRequest';
import { invalidateOnSuccess, listTag } from '../../api/tags';
import type { BoosterSettings, BoosterValues, CreatedCollection } from '../../contracts/booster';

export const boosterApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBooster: build.query<BoosterSettings, void>({
      query: () => routeRequest('GET /booster'),
      providesTags: ['Booster', listTag('Collection')],
    }),
    updateBooster: build.mutation<BoosterSettings, BoosterValues>({
      query: (body) => routeRequest('PATCH /booster', { body }),
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, ['Booster' as const]),
    }),
    createCollection: build.mutation<CreatedCollection, { name: string }>({
      query: (body) => routeRequest('POST /productLookCollections', { body }),
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, [listTag('Collection')]),
    }),
    deleteCollection: build.mutation<void, number>({
      query: (id) => routeRequest('DELETE /productLookCollections/:id', { params: { id } }),
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, [listTag('Collection')]),
    }),
  }),
});

export const {
  useGetBoosterQuery,
  useUpdateBoosterMutation,
  useCreateCollectionMutation,
  useDeleteCollectionMutation,
} = boosterApi;
