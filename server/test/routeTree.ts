import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/contracts/api';
import { ADMIN_ROUTES } from '../../src/contracts/adminRoutes.schema';

/** Every route of the app as [method, url pattern] (`:name` for a parameter), read from Fastify's route tree (printRoutes). */
export function listRoutePatterns(app: FastifyInstance): Array<[string, string]> {
  const routes: Array<[string, string]> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    stack.length = depth;
    const url = `${stack[depth - 1] ?? ''}${match[2]}`;
    stack[depth] = url;
    if (!url.startsWith('/')) continue;
    for (const method of match[3].split(', ')) routes.push([method, url]);
  }
  return routes;
}

/** Every route of the app as [method, url], read from Fastify's route tree; params are filled with `param`. */
export function listRoutes(app: FastifyInstance, param = '999999'): Array<[string, string]> {
  return listRoutePatterns(app).map(([method, url]) => [method, url.replace(/:[A-Za-z]+/g, param)]);
}

/**
 * The route table (src/contracts/adminRoutes.schema.ts) against the routes an app registered below
 * /admin/api/v1, both ways: table routes the server lacks (asked with `hasRoute` too) and server
 * routes the table lacks. HEAD is Fastify's own twin of every GET.
 */
export function compareWithRouteTable(
  app: FastifyInstance,
  table: Record<string, unknown> = ADMIN_ROUTES,
): { notServed: string[]; notInTable: string[] } {
  const served = listRoutePatterns(app)
    .filter(([method, url]) => method !== 'HEAD' && url.startsWith(`${API_PREFIX}/`))
    .map(([method, url]) => `${method} ${url.slice(API_PREFIX.length)}`);
  const keys = Object.keys(table);
  const notServed = keys.filter((key) => {
    const [method, path] = key.split(' ');
    return !served.includes(key) || !app.hasRoute({ method: method as 'GET', url: `${API_PREFIX}${path}` });
  });
  const notInTable = [...new Set(served)].filter((key) => !keys.includes(key));
  return { notServed: notServed.sort(), notInTable: notInTable.sort() };
}
