import type { Middleware } from '@reduxjs/toolkit';
import {
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
} from '@reduxjs/toolkit/query/react';
import { API_PREFIX, INTERFACE_LOCALE_HEADER, type Locale } from '../contracts/api';
import type { Host } from '../host/Host';
import { applyAuthHeaders } from './authHeaders';
import { reauthorizeTarget } from './reauthorize';

export interface ThunkExtra {
  host: Host;
  /**
   * Server-side rendering (src/ssr): the server's own API, reached without a
   * socket, and its origin (a relative URL means nothing outside a browser).
   */
  server?: { origin: string; fetchFn: typeof fetch };
  /** The interface language named by the app's URL (`?locale=`), when there is one: sent with every call. */
  locale?: Locale;
  /**
   * Adds middleware to the store when a page that needs it loads (Redux Toolkit's
   * `createDynamicMiddleware`, src/app/store.ts): the gallery's generation stream.
   */
  addMiddleware: (...middleware: Middleware[]) => void;
}

const prepareHeaders = async (headers: Headers, { extra }: { extra: unknown }) => {
  const { host, locale } = extra as ThunkExtra;
  if (locale) headers.set(INTERFACE_LOCALE_HEADER, locale);
  return applyAuthHeaders(headers, host);
};
const rawBaseQuery = fetchBaseQuery({ baseUrl: API_PREFIX, prepareHeaders });
const serverBaseQueries = new WeakMap<NonNullable<ThunkExtra['server']>, typeof rawBaseQuery>();

function baseQueryFor(extra: ThunkExtra): typeof rawBaseQuery {
  const { server } = extra;
  if (!server) return rawBaseQuery;
  let query = serverBaseQueries.get(server);
  if (!query) {
    query = fetchBaseQuery({ baseUrl: server.origin + API_PREFIX, fetchFn: server.fetchFn, prepareHeaders });
    serverBaseQueries.set(server, query);
  }
  return query;
}

/**
 * Every call: /admin/api/v1/… with a fresh bearer token (and verification
 * header); a reauthorize answer sends the top window to the auth URL.
 */
export const baseQueryWithReauth: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError> = async (
  args,
  api,
  extraOptions,
) => {
  const extra = api.extra as ThunkExtra;
  const result = await baseQueryFor(extra)(args, api, extraOptions);
  if (extra.server) return result;
  const target = reauthorizeTarget(result.meta?.response, window.location);
  if (target) extra.host.redirectTop(target);
  return result;
};
