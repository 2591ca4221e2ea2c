import type { FetchArgs } from '@reduxjs/toolkit/query';
import type { BodyOf, PathParamNames, QueryOf, RouteKey } from '../contracts/adminRoutes.schema';

type Query<K extends RouteKey> = { [P in keyof QueryOf<K>]?: QueryOf<K>[P] | string | number | boolean };

/** What a request of a route needs besides its key: the path's parameters, the query, the body. */
export type RequestParts<K extends RouteKey> = ([PathParamNames<K>] extends [never]
  ? { params?: undefined }
  : { params: Record<PathParamNames<K>, string | number> }) & {
  query?: Query<K>;
} & ([BodyOf<K>] extends [void] ? { body?: undefined } : { body: BodyOf<K> | FormData });

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
  const space = key.indexOf(' ');
  const method = key.slice(0, space);
  const params = (parts?.params ?? {}) as Record<string, string | number>;
  const url = key.slice(space + 1).replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(String(params[name])));
  return {
    url,
    method,
    ...(parts?.query ? { params: parts.query } : {}),
    ...(parts?.body !== undefined ? { body: parts.body } : {}),
  };
}
