import type { EntityState } from '@reduxjs/toolkit';
import { baseApi } from '../../api/baseApi';
import { idTag, invalidateOnSuccess, listTag } from '../../api/tags';
import type { Paginated, PaginationDetails } from '../../contracts/api';
import {
  LOOKS_PAGE_SIZE,
  type LookCreateResponse,
  type LookDetailResponse,
  type LookFormValues,
  type LookListItem,
  type LookMainProduct,
  type LookMediaUploadResponse,
  type LookUpdateResponse,
} from '../../contracts/looks';
import { looksAdapter } from './looksAdapter';

export interface LooksQuery {
  page: number;
  query: string;
  /** Page size: the list's 10 unless given (the gallery's look search asks for 50). */
  limit?: number;
}

/** A page of looks, normalised by the entity adapter (ids in server order). */
export interface LooksPage extends EntityState<LookListItem, number> {
  paginationDetails: PaginationDetails;
}

const lookTags = (id: number | string) => [idTag('Look', id), listTag('Look'), 'Stats' as const, 'Shop' as const, 'Onboarding' as const];

export const looksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /productLooks: the list pages and the gallery's look search (one resource, one endpoint). */
    getLooks: build.query<LooksPage, LooksQuery>({
      query: ({ page, query, limit = LOOKS_PAGE_SIZE }) => ({
        url: '/productLooks',
        params: { page, limit, ...(query ? { query } : {}) },
      }),
      transformResponse: (response: Paginated<LookListItem>): LooksPage =>
        looksAdapter.setAll(looksAdapter.getInitialState({ paginationDetails: response.paginationDetails }), response.data),
      providesTags: (result) => [...(result?.ids ?? []).map((id) => idTag('Look', id)), listTag('Look')],
    }),
    /** GET /productLooks/:id: the edit form and the gallery's look (SPEC §9: cached 5 minutes). */
    getLook: build.query<LookDetailResponse, string>({
      query: (id) => `/productLooks/${encodeURIComponent(id)}`,
      keepUnusedDataFor: 300,
      providesTags: (_r, _e, id) => [idTag('Look', id)],
    }),
    getDiscountDefaults: build.query<{ mainProduct: LookMainProduct }, string>({
      query: (productId) => ({ url: '/productLooks/discountDefaults', params: { productId } }),
    }),
    createLook: build.mutation<LookCreateResponse, LookFormValues>({
      query: (body) => ({ url: '/productLooks', method: 'POST', body }),
      invalidatesTags: (_r, error) => invalidateOnSuccess(error, [listTag('Look'), 'Stats', 'Shop', 'Onboarding']),
    }),
    updateLook: build.mutation<LookUpdateResponse, { id: string; values: LookFormValues }>({
      query: ({ id, values }) => ({ url: `/productLooks/${encodeURIComponent(id)}`, method: 'PATCH', body: values }),
      invalidatesTags: (_r, error, { id }) => invalidateOnSuccess(error, lookTags(id)),
    }),
    deleteLook: build.mutation<void, number>({
      query: (id) => ({ url: `/productLooks/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) => invalidateOnSuccess(error, lookTags(id)),
    }),
    uploadLookMedia: build.mutation<LookMediaUploadResponse, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file, file.name);
        return { url: '/productLooks/media', method: 'POST', body };
      },
    }),
  }),
});

export const {
  useGetLooksQuery,
  useGetLookQuery,
  useGetDiscountDefaultsQuery,
  useCreateLookMutation,
  useUpdateLookMutation,
  useDeleteLookMutation,
  useUploadLookMediaMutation,
} = looksApi;
