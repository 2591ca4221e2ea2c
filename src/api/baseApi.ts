import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQueryWithReauth } from './baseQuery';
import { TAG_TYPES } from './tags';

/**
 * The ONE createApi of the app. Features inject their endpoints
 * (`baseApi.injectEndpoints`), so tag invalidation works across features.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: baseQueryWithReauth,
  tagTypes: TAG_TYPES,
  refetchOnFocus: false,
  endpoints: () => ({}),
});
