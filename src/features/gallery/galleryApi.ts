import { baseApi } from '../../api/baseApi';
import { routeRequest } from '../../api/routeRequest';
import { idTag, invalidateOnSuccess, listTag } from '../../api/tags';
import type {
  CreateGenerationResponse,
  ImageGeneration,
  ImageGenerationsPage,
  ImageType,
} from '../../contracts/gallery';

export const galleryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getGenerations: build.query<ImageGenerationsPage, { imageType?: ImageType; page: number }>({
      query: ({ imageType, page }) =>
        routeRequest('GET /image-generations', { query: { page, ...(imageType ? { imageType } : {}) } }),
      providesTags: (res) => [...(res?.data ?? []).map(({ id }) => idTag('Generation', id)), listTag('Generation')],
    }),
    getGeneration: build.query<ImageGeneration, string>({
      query: (id) => routeRequest('GET /image-generation/:id', { params: { id } }),
      providesTags: (_r, _e, id) => [idTag('Generation', id)],
    }),
    createGeneration: build.mutation<
      CreateGenerationResponse,
      { productLookId: number; imageType: ImageType; customPrompt?: string }
    >({
      query: (body) => routeRequest('POST /image-generation', { body }),
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, [listTag('Generation'), 'Credits' as const]),
    }),
    updateGeneration: build.mutation<
      ImageGeneration,
      { id: string; data: { imageType: ImageType; customPrompt?: string } }
    >({
      query: ({ id, data }) => routeRequest('PUT /image-generation/:id', { params: { id }, body: data }),
      invalidatesTags: (_r, error, { id }) =>
        invalidateOnSuccess(error, [idTag('Generation', id), listTag('Generation')]),
    }),
  }),
});

export const {
  useGetGenerationsQuery,
  useGetGenerationQuery,
  useCreateGenerationMutation,
  useUpdateGenerationMutation,
} = galleryApi;
