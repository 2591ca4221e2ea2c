import { baseApi } from '../../api/baseApi';
import { routeRequest } from '../../api/routeRequest';
import { listTag } from '../../api/tags';
import { GALLERY_SEARCH_LIMIT, type ImageGeneration, type ImageGenerationsPage } from '../../contracts/gallery';

/**
 * The look form's image choice: the look's own generations (GET /image-generations?productLookId),
 * newest first. Defined here, not in the gallery feature: the gallery reads the looks feature, so
 * the looks feature cannot read the gallery's endpoints (no import circle). Same cache tag.
 */
export const lookGenerationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLookGenerations: build.query<ImageGeneration[], number>({
      query: (productLookId) =>
        routeRequest('GET /image-generations', { query: { productLookId, page: 1, limit: GALLERY_SEARCH_LIMIT } }),
      transformResponse: (page: ImageGenerationsPage) => page.data,
      providesTags: () => [listTag('Generation')],
    }),
  }),
});

export const { useGetLookGenerationsQuery } = lookGenerationsApi;

/** A finished generation with an image: the ones a look can use. */
export const usableGenerations = (list: ImageGeneration[] | undefined) =>
  (list ?? []).filter((g) => g.status === 'COMPLETED' && !!g.generatedImageUrl);
