import { API_PREFIX } from '../contracts/api';
import { takeConsoleOutput } from './consoleGuard';
import { fail, mockBackend, noContent, ok } from './fakeBackend';
import { lookDetail, storedLook } from './fixtures';

const call = (method: string, path: string, body?: unknown) =>
  fetch(`${API_PREFIX}${path}`, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
    headers: { 'content-type': 'application/json' },
  });

describe('test backend', () => {
  it('matches static paths before parameters and records the typed calls of each route', async () => {
    const api = mockBackend({
      'GET /productLooks/discountDefaults': ok({ mainProduct: storedLook().mainProduct }),
      'GET /productLooks/:id': ({ pathParams }) => ok(lookDetail(storedLook({ id: Number(pathParams.id) }))),
      'PATCH /productLooks/:id': ({ body }) => (body.active ? ok(lookDetail()) : fail(400, 'no')),
      'DELETE /productLooks/:id': noContent(),
    });
    expect((await (await call('GET', '/productLooks/7')).json()).look.id).toBe(7);
    expect((await call('GET', '/productLooks/discountDefaults?productId=1')).status).toBe(200);
    expect((await call('PATCH', '/productLooks/7', { active: false })).status).toBe(400);
    expect((await call('DELETE', '/productLooks/7')).status).toBe(204);
    expect(api.calls.map((c) => c.route)).toEqual([
      'GET /productLooks/:id',
      'GET /productLooks/discountDefaults',
      'PATCH /productLooks/:id',
      'DELETE /productLooks/:id',
    ]);
    expect(api.callsTo('PATCH /productLooks/:id')[0]).toMatchObject({
      pathParams: { id: '7' },
      body: { active: false },
    });
    expect(api.callsTo('GET /productLooks/discountDefaults')[0].params.get('productId')).toBe('1');
  });

  it('answers text for the layout preview and 404 for a route without a handler', async () => {
    mockBackend({ 'POST /layout/preview': ok('<p>widget</p>') });
    const preview = await call('POST', '/layout/preview', {});
    expect([preview.headers.get('content-type'), await preview.text()]).toEqual(['text/html', '<p>widget</p>']);
    expect((await call('GET', '/layout')).status).toBe(404);
    expect(takeConsoleOutput()).toEqual([]);
  });

  it('reports a path that is no route of the backend, and a call made without a test backend', async () => {
    mockBackend();
    await call('GET', '/no/such/thing');
    expect(takeConsoleOutput()).toEqual([
      expect.stringContaining('GET /admin/api/v1/no/such/thing is not a route of the backend'),
    ]);
  });
});

describe('without mockBackend()', () => {
  it('a call is reported (and fails the test)', async () => {
    expect((await call('GET', '/stats')).status).toBe(404);
    expect(takeConsoleOutput()).toEqual([
      expect.stringContaining('GET /admin/api/v1/stats was called without mockBackend()'),
    ]);
  });
});
