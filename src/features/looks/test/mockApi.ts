/** A tiny fetch mock for the looks tests: routes "METHOD /path" → handler(url, request) → [status, body]. */
export type Handler = (url: URL, request: Request) => [number, unknown] | Promise<[number, unknown]>;

export function mockApi(routes: Record<string, Handler>) {
  const calls: { method: string; url: URL; body?: unknown }[] = [];
  const spy = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, 'http://localhost');
    let text = '';
    if (request.method !== 'GET' && request.method !== 'DELETE') {
      try {
        text = await request.clone().text();
      } catch {
        text = '[form data]'; // whatwg-fetch cannot read a FormData body as text
      }
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = text;
    }
    calls.push({ method: request.method, url, body });
    const key = `${request.method} ${url.pathname.replace('/admin/api/v1', '')}`;
    const handler = routes[key] ?? Object.entries(routes).find(([pattern]) => new RegExp(`^${pattern.replace(/:\w+/g, '[^/]+')}$`).test(key))?.[1];
    if (!handler) return new Response(JSON.stringify({ message: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    const [status, payload] = await handler(url, request);
    return new Response(status === 204 ? null : JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
  });
  return { calls, spy };
}
