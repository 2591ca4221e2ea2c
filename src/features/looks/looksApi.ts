import { routeRequest } from '../../api/routeRequest';
import { idTag, invalidateOnSuccess, listTag } from '../../api/tags';
import type { Paginated } from '../../contracts/api';
import {
  LOOKS_PAGE_SIZE,
  toFormValues,
  type LookDetailResponse,
  type LookListItem,
  type LookUpdateResponse,
} from '../../contracts/looks';
import { looksAdapter, type LooksPage } from './looksAdapter';
import { removeFromPage, setFlagsOnLook, setFlagsOnPage, type LookFlags } from './looksCache';
import { lookApi, lookChangedTags, lookDeletedTags } from './lookApi';

export type { LooksPage } from './looksAdapter';
export type { LookFlags } from './looksCache';

export interface LooksQuery {
  page: number;
  query: string;
  /** Page size: the list's 10 unless given (the gallery's look search asks for 50). */
  limit?: number;
}

/** The looks resource: one look (lookApi.ts) and the list pages and searches, with their optimistic updates. */
export const looksApi = lookApi.injectEndpoints({
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
  }),
});

export const { useGetLooksQuery, useSetLookFlagsMutation, useDeleteLookMutation } = looksApi;
