/**
 * Every backend call of the client, read from THE route table (src/contracts/adminRoutes.schema.ts):
 * `'METHOD /path'` (below /admin/api/v1, `:name` for a path parameter) → request body and answer.
 * The test backend (fakeBackend.ts) accepts only these routes and only these types, so a contract
 * change breaks the fakes of every test at compile time (`npm run typecheck`).
 */
import { ADMIN_ROUTES, type AnswerOf, type BodyOf, type RouteKey } from '../contracts/adminRoutes.schema';

export type { Multipart, RouteKey, TrackedEventBody } from '../contracts/adminRoutes.schema';

/** A route: what the client sends (`void`: nothing) and what a successful answer holds (`void`: 204). */
export interface Route<Body, Answer> {
  body: Body;
  answer: Answer;
}

export type ApiRoutes = { [K in RouteKey]: Route<BodyOf<K>, AnswerOf<K>> };

interface CompiledRoute {
  key: RouteKey;
  method: string;
  pattern: RegExp;
  names: string[];
  /** Static segments win over parameters (/productLooks/media before /productLooks/:id). */
  params: number;
}

const COMPILED: CompiledRoute[] = (Object.keys(ADMIN_ROUTES) as RouteKey[])
  .map((key) => {
    const [method, path] = key.split(' ');
    const names: string[] = [];
    const source = path.replace(/:(\w+)/g, (_m, name: string) => {
      names.push(name);
      return '([^/]+)';
    });
    return { key, method, pattern: new RegExp(`^${source}$`), names, params: names.length };
  })
  .sort((a, b) => a.params - b.params);

/** The route of a request (path below /admin/api/v1) and its path parameters, or undefined. */
export function matchRoute(
  method: string,
  path: string,
): { key: RouteKey; pathParams: Record<string, string> } | undefined {
  for (const route of COMPILED) {
    if (route.method !== method) continue;
    const m = route.pattern.exec(path);
    if (!m) continue;
    const pathParams = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(m[i + 1])]));
    return { key: route.key, pathParams };
  }
  return undefined;
}
