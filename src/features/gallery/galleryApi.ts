import { baseApi } from '../../api/baseApi';
import { idTag, invalidateOnSuccess, listTag } from '../../api/tags';
import {
  GALLERY_SEARCH_LIMIT,
  type CreateGenerationResponse,
  type ImageGeneration,
  type ImageGenerationsPage,
  type ImageType,
} from '../../contracts/gallery';

/** A look as the generation form shows it (search result or the single look). */
export interface GalleryLook {
  id: number;
  title: string;
  imageUrl: string | null;
}

interface LookListAnswer {
  data: Array<{ id: number; title: string; image?: string | null; imageUrl?: string | null }>;
}
interface LookDetailAnswer {
  look: { id: number; title: string; mainProduct?: { title?: string; image?: string; selectedMainImage?: string | null } };
  previewUrl: string | null;
}

export const galleryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getGenerations: build.query<ImageGenerationsPage, { imageType?: ImageType; page: number }>({
      query: ({ imageType, page }) => ({ url: '/image-generations', params: { page, ...(imageType ? { imageType } : {}) } }),
      providesTags: (res) => [...(res?.data ?? []).map(({ id }) => idTag('Generation', id)), listTag('Generation')],
    }),
    getGeneration: build.query<ImageGeneration, string>({
      query: (id) => `/image-generation/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [idTag('Generation', id)],
    }),
    createGeneration: build.mutation<CreateGenerationResponse, { productLookId: number; imageType: ImageType; customPrompt?: string }>({
      query: (body) => ({ url: '/image-generation', method: 'POST', body }),
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, [listTag('Generation'), 'Credits' as const]),
    }),
    updateGeneration: build.mutation<ImageGeneration, { id: string; data: { imageType: ImageType; customPrompt?: string } }>({
      query: ({ id, data }) => ({ url: `/image-generation/${encodeURIComponent(id)}`, method: 'PUT', body: data }),
      invalidatesTags: (_r, error, { id }) => invalidateOnSuccess(error, [idTag('Generation', id), listTag('Generation')]),
    }),
    /** Gallery look search: GET /productLooks?query&limit=50, only for non-empty text; stale after 30 s. */
    searchGalleryLooks: build.query<GalleryLook[], string>({
      query: (query) => ({ url: '/productLooks', params: { query, limit: GALLERY_SEARCH_LIMIT } }),
      transformResponse: (res: LookListAnswer) =>
        (res?.data ?? []).map((l) => ({ id: l.id, title: l.title, imageUrl: l.imageUrl ?? l.image ?? null })),
      keepUnusedDataFor: 30,
      providesTags: [listTag('Look')],
    }),
    /** The single look of the form: cached 5 minutes, no refetch, no retry. */
    getGalleryLook: build.query<GalleryLook, number>({
      query: (id) => `/productLooks/${id}`,
      transformResponse: (res: LookDetailAnswer) => ({
        id: res.look.id,
        title: res.look.mainProduct?.title && !res.look.title ? res.look.mainProduct.title : res.look.title,
        imageUrl: res.look.mainProduct?.selectedMainImage || res.look.mainProduct?.image || null,
      }),
      keepUnusedDataFor: 300,
    }),
  }),
});

export const {
  useGetGenerationsQuery,
  useGetGenerationQuery,
  useCreateGenerationMutation,
  useUpdateGenerationMutation,
  useSearchGalleryLooksQuery,
  useGetGalleryLookQuery,
} = galleryApi;
