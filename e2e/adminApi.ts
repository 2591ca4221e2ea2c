import { expect, type APIRequestContext, type APIResponse } from '@playwright/test';

/** The admin API as the embedded app calls it (a dev session token), for arranging and checking e2e tests. */
export async function adminApi(request: APIRequestContext) {
  const { token } = await (await request.get('/api/dev/session-token')).json();
  const headers = { authorization: `Bearer ${token}` };
  /** The answer's JSON; fails the test with the body when the call did not succeed. */
  const ok = async (res: APIResponse): Promise<unknown> => {
    expect(res.ok(), await res.text()).toBe(true);
    return res.json();
  };
  return {
    headers,
    ok,
    get: (url: string) => request.get(`/admin/api/v1${url}`, { headers }).then(ok),
    patch: (url: string, data: object) => request.patch(`/admin/api/v1${url}`, { headers, data }).then(ok),
  };
}
