import { baseApi } from '../../api/baseApi';
import { invalidateOnSuccess, listTag } from '../../api/tags';
import type { BoosterSettings, BoosterValues, CreatedCollection } from '../../contracts/booster';

export const boosterApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBooster: build.query<BoosterSettings, void>({
      query: () => '/booster',
      providesTags: ['Booster', listTag('Collection')],
    }),
    updateBooster: build.mutation<BoosterSettings, BoosterValues>({
      query: (body) => ({ url: '/booster', method: 'PATCH', body }),
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, ['Booster' as const]),
    }),
    createCollection: build.mutation<CreatedCollection, { name: string }>({
      query: (body) => ({ url: '/productLookCollections', method: 'POST', body }),
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, [listTag('Collection')]),
    }),
    deleteCollection: build.mutation<void, number>({
      query: (id) => ({ url: `/productLookCollections/${id}`, method: 'DELETE' }),
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
