import Fastify from 'fastify';
import { API_PREFIX } from '../../src/contracts/api';
import { ADMIN_ROUTES, type RouteKey } from '../../src/contracts/adminRoutes.schema';
import { createTestApp, type TestApp } from '../test/testApp';
import { compareWithRouteTable } from '../test/routeTree';
import { adminRoute } from './adminRoute';

const SHOPIFY_ENV = {
  APP_MODE: 'shopify',
  SHOPIFY_API_KEY: 'routes-key',
  SHOPIFY_API_SECRET: 'routes-secret',
  SHOPIFY_ADMIN_API_BASE_URL: 'http://127.0.0.1:9',
};

describe('the route table against the server', () => {
  let standalone: TestApp;
  let shopify: TestApp;
  beforeAll(async () => {
    // One after the other: two apps starting at once on a busy machine outlast Fastify's plugin timeout.
    standalone = await createTestApp({ deps: { gallery: { workers: false } } });
    shopify = await createTestApp({ env: SHOPIFY_ENV, deps: { gallery: { workers: false } } });
  }, 180_000);
  afterAll(async () => {
    await Promise.all([standalone?.close(), shopify?.close()]);
  });

  it.each([
    ['standalone', () => standalone],
    ['shopify', () => shopify],
  ])('%s: every table route is served and every admin route the server serves is in the table', (_mode, app) => {
    expect(compareWithRouteTable(app().app)).toEqual({ notServed: [], notInTable: [] });
    expect(Object.keys(ADMIN_ROUTES).length).toBeGreaterThanOrEqual(50);
  });

  it("validates with the table's schemas: a bad path parameter is the resource's 404, a bad body a 400", async () => {
    const notFound = await standalone.request({ method: 'GET', url: `${API_PREFIX}/productLooks/abc` });
    expect(notFound.statusCode).toBe(404);
    const badBody = await standalone.request({
      method: 'POST',
      url: `${API_PREFIX}/productLookCollections`,
      payload: { name: 5 },
    });
    expect(badBody.statusCode).toBe(400);
    expect(badBody.json().errors).toHaveProperty('name');
  });
});

describe('compareWithRouteTable', () => {
  /** A bare server with every table route but `missing`, and one route the table lacks. */
  async function serverWithout(missing: RouteKey) {
    const app = Fastify();
    app.setValidatorCompiler(() => () => true);
    for (const key of Object.keys(ADMIN_ROUTES) as RouteKey[]) {
      if (key !== missing) adminRoute(app, key, async (_req, reply) => reply.send());
    }
    app.get(`${API_PREFIX}/notInTheTable/:id`, async () => ({}));
    app.get('/outside/the/admin/api', async () => ({}));
    await app.ready();
    return app;
  }

  it('fails when the server lacks a table route or serves an admin route the table lacks', async () => {
    const app = await serverWithout('DELETE /productLooks/:id');
    expect(compareWithRouteTable(app)).toEqual({
      notServed: ['DELETE /productLooks/:id'],
      notInTable: ['GET /notInTheTable/:id'],
    });
    await app.close();
  });

  it('registers method, URL and input schemas from the table', async () => {
    const app = Fastify();
    const schemas: Array<Record<string, unknown>> = [];
    app.addHook('onRoute', (route) => {
      if (route.method !== 'HEAD') schemas.push({ ...route.schema });
    });
    app.setValidatorCompiler(() => () => true);
    adminRoute(app, 'PATCH /productLooks/:id', async (_req, reply) => reply.send());
    await app.ready();
    expect(app.hasRoute({ method: 'PATCH', url: `${API_PREFIX}/productLooks/:id` })).toBe(true);
    expect(schemas).toHaveLength(1);
    expect(Object.keys(schemas[0]).sort()).toEqual(['body', 'params']);
    expect(schemas[0].params).toBe(ADMIN_ROUTES['PATCH /productLooks/:id'].params);
    expect(schemas[0].body).toBe(ADMIN_ROUTES['PATCH /productLooks/:id'].body);
    await app.close();
  });
});
