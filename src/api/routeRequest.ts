import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { BodyOf, PathParamNames, QueryOf, RouteKey } from '../contracts/adminRoutes.schema';
import { API_PREFIX } from '../contracts/api';

type Query<K extends RouteKey> = { [P in keyof QueryOf<K>]?: QueryOf<K>[P] | string | number | boolean };

/** What a request of a route needs besides its key: the path's parameters, the query, the body. */
export type RequestParts<K extends RouteKey> = ([PathParamNames<K>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<K>, string | number> }) & {
  query?: Query<K>;
} & ([BodyOf<K>] extends [void] ? { body?: undefined } : { body: BodyOf<K> | FormData });

/** Method and path of a route's key, the path's `:name`s filled (encoded) from `params`. */
function routeParts(key: RouteKey, params: Record<string, string | number> = {}): { method: string; path: string } {
  const space = key.indexOf(' ');
  return {
    method: key.slice(0, space),
    path: key.slice(space + 1).replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params[name]))),
  };
}

/**
 * The fetch arguments of a route of the table (src/contracts/adminRoutes.schema.ts), from its key alone:
 * method and path are the key's, `:name`s are filled (encoded) from `params`. The table is imported
 * for its types only, so its schemas stay out of the SPA's bundle.
 */
export function routeRequest<K extends RouteKey>(
  key: K,
  ...[parts]: [PathParamNames<K>] extends [never]
    ? [BodyOf<K>] extends [void]
      ? [RequestParts<K>?]
      : [RequestParts<K>]
    : [RequestParts<K>]
): FetchArgs {
  const { method, path } = routeParts(key, parts?.params as Record<string, string | number> | undefined);
  return {
    url: path,
    method,
    ...(parts?.query ? { params: parts.query } : {}),
    ...(parts?.body !== undefined ? { body: parts.body } : {}),
  };
}

/** What the URL of a route's request needs: the path's parameters and the query. */
export type UrlParts<K extends RouteKey> = Omit<RequestParts<K>, 'body'>;

/**
 * The URL (below the origin: API_PREFIX, the key's path, the query) of a route of the table, for the
 * few requests made outside RTK Query: the standalone product picker, the Web Vitals and analytics
 * beacons, the generation event stream. A route renamed in the table fails the typecheck here, and
 * src/api/noHandWrittenPaths.test.ts keeps hand-written paths out of src/.
 */
export function routeUrl<K extends RouteKey>(
  key: K,
  ...[parts]: [PathParamNames<K>] extends [never] ? [UrlParts<K>?] : [UrlParts<K>]
): string {
  const { path } = routeParts(key, parts?.params as Record<string, string | number> | undefined);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(parts?.query ?? {}))
    if (value !== undefined && value !== null) query.append(name, String(value));
  const search = query.toString();
  return `${API_PREFIX}${path}${search ? `?${search}` : ''}`;
}
