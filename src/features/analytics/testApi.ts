/** A scripted backend for dashboard/analytics tests: records every call, answers from a handler. */
export interface FakeCall {
  method: string;
  path: string;
  params: URLSearchParams;
}

export type Answer = { status?: number; body: unknown } | undefined;

export function mockApi(handler: (call: FakeCall) => Answer) {
  const calls: FakeCall[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, 'http://localhost');
    const call = { method: request.method, path: url.pathname.replace('/admin/api/v1', ''), params: url.searchParams };
    calls.push(call);
    const answer = handler(call) ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  window.fetch = fetchMock as unknown as typeof fetch;
  global.fetch = window.fetch;
  return calls;
}
