/**
 * THE test backend of the client: replaces fetch, records every API call and answers from handlers
 * keyed by the routes of apiRoutes.ts, typed from src/contracts (request bodies and answers).
 *
 *   const api = mockBackend({
 *     'GET /productLooks': ok(pageOf([lookListItem(1)])),
 *     'DELETE /productLooks/:id': (call) => (call.pathParams.id === '2' ? noContent() : fail(500)),
 *   });
 *   api.callsTo('DELETE /productLooks/:id')   // typed calls of one route
 *
 * A known route without a handler answers 404; a call to a path that is not a route of the backend
 * is reported with console.error (which fails the test).
 */
import { API_PREFIX, type ApiErrorBody } from '../contracts/api';
import { matchRoute, type ApiRoutes, type RouteKey } from './apiRoutes';

export interface FakeCall<Body = unknown> {
  route: RouteKey | undefined;
  method: string;
  /** Path below /admin/api/v1, e.g. /productLooks/3 */
  path: string;
  /** The route's path parameters, e.g. { id: '3' } for /productLooks/:id */
  pathParams: Record<string, string>;
  params: URLSearchParams;
  search: string;
  headers: Headers;
  /** Parsed JSON body ('[form data]' for multipart). */
  body: Body;
}

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

export interface ErrorAnswer {
  status: ErrorStatus;
  body?: Partial<ApiErrorBody>;
  headers?: Record<string, string>;
}

export type SuccessAnswer<T> = [T] extends [void]
  ? { status?: 204; headers?: Record<string, string> }
  : { status?: 200 | 201; body: T; headers?: Record<string, string> };

export type Answer<T> = SuccessAnswer<T> | ErrorAnswer;

type RouteAnswer<K extends RouteKey> = Answer<ApiRoutes[K]['answer']>;

/** A fixed answer, or a function of the call (may be async; a promise that never settles keeps the call pending). */
export type Handler<K extends RouteKey> =
  | RouteAnswer<K>
  | ((call: FakeCall<ApiRoutes[K]['body']>) => RouteAnswer<K> | Promise<RouteAnswer<K>>);

export type Routes = { [K in RouteKey]?: Handler<K> };

export interface FakeBackend {
  /** Every call, in order (also calls no handler answered). */
  calls: FakeCall[];
  /** The calls of one route, with its typed body. */
  callsTo<K extends RouteKey>(route: K): FakeCall<ApiRoutes[K]['body']>[];
  /** Adds or replaces handlers (e.g. make the next save fail). */
  use(routes: Routes): void;
}

export const ok = <T>(body: T, status: 200 | 201 = 200) => ({ status, body });
export const noContent = () => ({ status: 204 as const });
export const fail = (
  status: ErrorStatus,
  message = 'Request failed',
  extra: Omit<ApiErrorBody, 'message'> = {},
): ErrorAnswer => ({
  status,
  body: { message, ...extra },
});
/** An answer that never comes (the call stays pending: loading states). */
export const pending = (): Promise<never> => new Promise<never>(() => undefined);
/** An answer the test gives later (`'PATCH …': () => gate.answer`, then `gate.release(ok(…))`): what shows meanwhile. */
export function held<T>() {
  let release!: (answer: T) => void;
  const answer = new Promise<T>((resolve) => (release = resolve));
  return { answer, release };
}
/** An answer that breaks the contract on purpose (tests of what the client does with a malformed answer). */
export const malformed = <T>(body: unknown): T => body as T;

async function readBody(request: Request): Promise<unknown> {
  if (request.method === 'GET' || request.method === 'HEAD') return undefined;
  let text: string;
  try {
    text = await request.clone().text();
  } catch {
    return '[form data]'; // whatwg-fetch cannot read a FormData body as text
  }
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function respond(answer: { status?: number; body?: unknown; headers?: Record<string, string> }): Response {
  const status = answer.status ?? 200;
  if (status === 204) return new Response(null, { status, headers: answer.headers });
  const html = typeof answer.body === 'string';
  return new Response(html ? (answer.body as string) : JSON.stringify(answer.body ?? {}), {
    status,
    headers: { 'content-type': html ? 'text/html' : 'application/json', ...answer.headers },
  });
}

let testRunning = false;

/**
 * fetch when no test backend is set: unit tests never reach a network. A call during a test is
 * reported (console.error fails the test); a call left over from a finished test (a debounce or
 * cache timer firing late) is never answered, so it cannot leak into the next test.
 */
const offlineFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  if (!testRunning) return new Promise<Response>(() => undefined);
  const request = input instanceof Request ? input : new Request(String(input), init);
  console.error(
    `fakeBackend: ${request.method} ${request.url} was called without mockBackend(); answer it in the test`,
  );
  return respond({ status: 404, body: { message: 'Not found' } });
};

/** Before each test (setupTests): no backend yet. */
export function startBackendTest() {
  testRunning = true;
  globalThis.fetch = offlineFetch as typeof fetch;
}

/** After each test (setupTests): the backend is gone; late calls stay unanswered. */
export function endBackendTest() {
  testRunning = false;
  globalThis.fetch = offlineFetch as typeof fetch;
}

/** Replaces fetch with the test backend for the current test. */
export function mockBackend(initial: Routes = {}): FakeBackend {
  const routes: Routes = { ...initial };
  const calls: FakeCall[] = [];
  const fakeFetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, 'http://localhost');
    const path = url.pathname.startsWith(API_PREFIX) ? url.pathname.slice(API_PREFIX.length) : url.pathname;
    const match = url.pathname.startsWith(API_PREFIX) ? matchRoute(request.method, path) : undefined;
    const call: FakeCall = {
      route: match?.key,
      method: request.method,
      path,
      pathParams: match?.pathParams ?? {},
      params: url.searchParams,
      search: url.search,
      headers: request.headers,
      body: await readBody(request),
    };
    calls.push(call);
    if (!match) {
      console.error(
        `fakeBackend: ${request.method} ${url.pathname} is not a route of the backend (src/test/apiRoutes.ts)`,
      );
      return respond({ status: 404, body: { message: 'Not found' } });
    }
    const handler = routes[match.key] as Handler<RouteKey> | undefined;
    if (handler === undefined) return respond({ status: 404, body: { message: 'Not found' } });
    const answer =
      typeof handler === 'function'
        ? await (handler as (c: FakeCall) => Promise<RouteAnswer<RouteKey>>)(call)
        : handler;
    return respond(answer as { status?: number; body?: unknown });
  };
  globalThis.fetch = fakeFetch as typeof fetch;
  return {
    calls,
    callsTo: <K extends RouteKey>(route: K) =>
      calls.filter((c) => c.route === route) as FakeCall<ApiRoutes[K]['body']>[],
    use: (more) => Object.assign(routes, more),
  };
}
