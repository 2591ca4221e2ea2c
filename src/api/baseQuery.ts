import { fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import { API_PREFIX } from '../contracts/api';
import type { Host } from '../host/Host';
import { applyAuthHeaders } from './authHeaders';
import { reauthorizeTarget } from './reauthorize';

export interface ThunkExtra {
  host: Host;
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: API_PREFIX,
  prepareHeaders: async (headers, { extra }) => applyAuthHeaders(headers, (extra as ThunkExtra).host),
});

/**
 * Every call: /admin/api/v1/… with a fresh bearer token (and verification
 * header); a reauthorize answer sends the top window to the auth URL.
 */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const result = await rawBaseQuery(args, api, extraOptions);
  const target = reauthorizeTarget(result.meta?.response, window.location);
  if (target) (api.extra as ThunkExtra).host.redirectTop(target);
  return result;
};
