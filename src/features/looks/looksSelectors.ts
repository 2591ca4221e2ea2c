import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { looksAdapter } from './looksAdapter';
import { looksApi, type LooksPage, type LooksQuery } from './looksApi';

const pageSelectors = looksAdapter.getSelectors();
const EMPTY_PAGE: LooksPage = looksAdapter.getInitialState({
  paginationDetails: { nextPage: null, previousPage: null, totalItems: 0 },
});

/** The cached page of a list query (empty while loading or after an error). */
export const selectLooksPage = (state: RootState, args: LooksQuery): LooksPage =>
  looksApi.endpoints.getLooks.select(args)(state).data ?? EMPTY_PAGE;

/** The looks of a page, in server order (memoised per page object). */
export const selectLooksOfPage = createSelector([(page: LooksPage | undefined) => page ?? EMPTY_PAGE], (page) =>
  pageSelectors.selectAll(page),
);

export const selectLookOfPage = (page: LooksPage | undefined, id: number) =>
  pageSelectors.selectById(page ?? EMPTY_PAGE, id);

export const selectLooks = createSelector([selectLooksPage], (page) => pageSelectors.selectAll(page));

export const selectLookById = (state: RootState, args: LooksQuery, id: number) =>
  pageSelectors.selectById(selectLooksPage(state, args), id);

export const selectPagination = (state: RootState, args: LooksQuery) => selectLooksPage(state, args).paginationDetails;

/** "Has any look at all": the first, unfiltered page has items. */
export const selectHasActiveLook = createSelector([selectLooks], (looks) => looks.some((look) => look.active));
