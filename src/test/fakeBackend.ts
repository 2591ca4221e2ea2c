/** A scripted backend for page tests: replaces fetch, records every API call, answers from a handler. */
export interface FakeCall {
  method: string;
  /** Path below /admin/api/v1, e.g. /productLooks/3 */
  path: string;
  params: URLSearchParams;
  search: string;
  headers: Headers;
  /** Parsed JSON body ('[form data]' for multipart, the raw text otherwise). */
  body: unknown;
}

export type FakeAnswer = { status?: number; body: unknown } | undefined;

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

/** Unanswered calls get 404; a 204 answer has no body. */
export function mockBackend(handler: (call: FakeCall) => FakeAnswer | Promise<FakeAnswer>): FakeCall[] {
  const calls: FakeCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, 'http://localhost');
    const call: FakeCall = {
      method: request.method,
      path: url.pathname.replace('/admin/api/v1', ''),
      params: url.searchParams,
      search: url.search,
      headers: request.headers,
      body: await readBody(request),
    };
    calls.push(call);
    const answer = (await handler(call)) ?? { status: 404, body: { message: 'Not found' } };
    const status = answer.status ?? 200;
    return new Response(status === 204 ? null : JSON.stringify(answer.body), { status, headers: { 'content-type': 'application/json' } });
  });
  window.fetch = fetchMock as unknown as typeof fetch;
  global.fetch = window.fetch;
  return calls;
}
