import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { API_PREFIX } from '../../src/contracts/api';
import {
  ADMIN_ROUTES,
  type AnswerOf,
  type ParamsOf,
  type ParsedBodyOf,
  type QueryOf,
  type RouteEntry,
  type RouteKey,
} from '../../src/contracts/adminRoutes.schema';

/** The request of a table route as its handler reads it: params, query and body validated and cast by the table's schemas. */
export type AdminRequest<K extends RouteKey> = FastifyRequest<{
  Params: ParamsOf<K>;
  Querystring: QueryOf<K>;
  Body: ParsedBodyOf<K>;
}>;

/** What a handler gives back: the route's answer, or the reply it sent itself (a status, headers, HTML, a stream). */
export type AdminHandler<K extends RouteKey> = (
  req: AdminRequest<K>,
  reply: FastifyReply,
) => Promise<AnswerOf<K> | FastifyReply>;

/** Route options besides method, URL, schema and handler (bodyLimit, compress, config…). */
export type AdminRouteOptions = Omit<RouteShorthandOptions, 'schema'>;

/** Method and path below /admin/api/v1 of a table key. */
export function splitRouteKey(key: string): { method: string; path: string } {
  const [method, path] = key.split(' ');
  return { method, path };
}

/**
 * Registers a route of the table (src/contracts/adminRoutes.schema.ts): its method, its URL below
 * /admin/api/v1 and its input schemas come from the table, only the handler (and route options) from here.
 */
export function adminRoute<K extends RouteKey>(
  app: FastifyInstance,
  key: K,
  handler: AdminHandler<K>,
  options: AdminRouteOptions = {},
): void {
  const { method, path } = splitRouteKey(key);
  const entry: RouteEntry = ADMIN_ROUTES[key];
  const schema = Object.fromEntries(
    (['params', 'querystring', 'body'] as const).filter((part) => entry[part]).map((part) => [part, entry[part]]),
  );
  app.route({
    ...options,
    method: method as 'GET',
    url: `${API_PREFIX}${path}`,
    schema,
    handler: handler as unknown as (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
