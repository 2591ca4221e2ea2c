import Fastify, { type FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../test/testApp';
import { queryHmac, signState, verifyQueryHmac, verifyState } from './oauth';

const SECRET = 'oauth-secret';
const KEY = 'oauth-key';
const SHOP = 'new-store.myshopify.com';

/** The platform's token endpoint, faked on a free local port. */
async function fakePlatform() {
  const calls: Array<{ body: Record<string, string> }> = [];
  let answer: { status: number; body: unknown } = { status: 200, body: { access_token: 'shpat_fake_123', scope: 'read_products,write_discounts' } };
  const app: FastifyInstance = Fastify({ logger: false });
  app.post('/admin/oauth/access_token', async (req, reply) => {
    calls.push({ body: req.body as Record<string, string> });
    return reply.status(answer.status).send(answer.body);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, calls, answer: (a: typeof answer) => (answer = a), close: () => app.close() };
}

function signedCallback(query: Record<string, string>, secret = SECRET) {
  const hmac = queryHmac(query, secret);
  return `/api/auth/callback?${new URLSearchParams({ ...query, hmac })}`;
}

describe('OAuth helpers', () => {
  it('verifies the query HMAC of sorted parameters without hmac, and nothing else', () => {
    const query = { shop: SHOP, code: 'abc', timestamp: '1700000000', state: 's' };
    const hmac = queryHmac(query, SECRET);
    expect(hmac).toMatch(/^[0-9a-f]{64}$/);
    // Order-independent, and the documented message format.
    const { createHmac } = jest.requireActual('node:crypto') as typeof import('node:crypto');
    expect(hmac).toBe(createHmac('sha256', SECRET).update(`code=abc&shop=${SHOP}&state=s&timestamp=1700000000`).digest('hex'));
    expect(verifyQueryHmac({ ...query, hmac }, SECRET)).toBe(true);
    expect(verifyQueryHmac({ ...query, hmac: hmac.toUpperCase() }, SECRET)).toBe(true);
    expect(verifyQueryHmac({ ...query, code: 'abd', hmac }, SECRET)).toBe(false);
    expect(verifyQueryHmac({ ...query, hmac }, 'other')).toBe(false);
    expect(verifyQueryHmac({ ...query, hmac: hmac.slice(0, 10) }, SECRET)).toBe(false);
    expect(verifyQueryHmac({ ...query, hmac: 'zz' }, SECRET)).toBe(false);
    expect(verifyQueryHmac(query, SECRET)).toBe(false);
  });

  it('binds the state to the shop, the secret and an expiry', () => {
    const now = Date.now();
    const state = signState(SHOP, SECRET, now);
    expect(verifyState(state, SHOP, SECRET, now)).toBe(true);
    expect(verifyState(state, 'other.myshopify.com', SECRET, now)).toBe(false);
    expect(verifyState(state, SHOP, 'other', now)).toBe(false);
    expect(verifyState(state, SHOP, SECRET, now + 11 * 60_000)).toBe(false);
    expect(verifyState(state.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')), SHOP, SECRET, now)).toBe(false);
    expect(verifyState(undefined, SHOP, SECRET, now)).toBe(false);
    expect(signState(SHOP, SECRET, now)).not.toBe(state);
  });
});

describe('OAuth install flow (APP_MODE=shopify)', () => {
  let t: TestApp;
  let platform: Awaited<ReturnType<typeof fakePlatform>>;
  beforeAll(async () => {
    platform = await fakePlatform();
    t = await createTestApp({
      env: {
        APP_MODE: 'shopify',
        SHOPIFY_API_KEY: KEY,
        SHOPIFY_API_SECRET: SECRET,
        APP_URL: 'https://looks.example',
        SHOPIFY_ADMIN_API_BASE_URL: platform.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await platform.close();
  });

  async function authorize(shop = SHOP) {
    const res = await t.app.inject({ method: 'GET', url: `/api/auth?shop=${shop}` });
    expect(res.statusCode).toBe(302);
    return new URL(res.headers.location as string);
  }

  it('GET /api/auth redirects to the store authorize page with client id, scopes, callback and a signed state', async () => {
    const url = await authorize();
    expect(`${url.origin}${url.pathname}`).toBe(`https://${SHOP}/admin/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe(KEY);
    expect(url.searchParams.get('scope')).toBe('read_products,write_discounts');
    expect(url.searchParams.get('redirect_uri')).toBe('https://looks.example/api/auth/callback');
    expect(verifyState(url.searchParams.get('state'), SHOP, SECRET)).toBe(true);
  });

  it.each(['evil.example', 'x.myshopify.com.evil.example', '', 'https://a.myshopify.com', '-a.myshopify.com'])('GET /api/auth refuses shop=%s', async (shop) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/auth?shop=${encodeURIComponent(shop)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_shop' });
    expect(res.headers.location).toBeUndefined();
  });

  it('the callback exchanges the code, stores the token, installs the shop and opens the embedded app', async () => {
    const state = (await authorize()).searchParams.get('state')!;
    const res = await t.app.inject({ method: 'GET', url: signedCallback({ shop: SHOP, code: 'the-code', state, timestamp: '1700000000' }) });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`https://admin.shopify.com/store/new-store/apps/${KEY}`);
    expect(platform.calls.at(-1)?.body).toEqual({ client_id: KEY, client_secret: SECRET, code: 'the-code' });
    const row = await t.db
      .selectFrom('oauthSessions')
      .innerJoin('shops', 'shops.id', 'oauthSessions.shopId')
      .select(['oauthSessions.accessToken', 'oauthSessions.scope', 'shops.installedAt'])
      .where('shops.domain', '=', SHOP)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ accessToken: 'shpat_fake_123', scope: 'read_products,write_discounts' });
    expect(row.installedAt).not.toBeNull();
    // The session token of that shop is now accepted.
    expect((await t.request({ method: 'GET', url: '/admin/api/v1/shop/details', shop: SHOP })).statusCode).toBe(200);
  });

  it('a reinstall replaces the token and sets the shop installed again', async () => {
    await t.db.updateTable('shops').set({ installedAt: null }).where('domain', '=', SHOP).execute();
    expect((await t.request({ method: 'GET', url: '/admin/api/v1/shop/details', shop: SHOP })).statusCode).toBe(401);
    platform.answer({ status: 200, body: { access_token: 'shpat_second', scope: 'read_products' } });
    const state = (await authorize()).searchParams.get('state')!;
    const res = await t.app.inject({ method: 'GET', url: signedCallback({ shop: SHOP, code: 'c2', state, timestamp: '1700000001' }) });
    expect(res.statusCode).toBe(302);
    const rows = await t.db.selectFrom('oauthSessions').select('accessToken').execute();
    expect(rows.map((r) => r.accessToken)).toContain('shpat_second');
    expect(rows.map((r) => r.accessToken)).not.toContain('shpat_fake_123');
    expect((await t.request({ method: 'GET', url: '/admin/api/v1/shop/details', shop: SHOP })).statusCode).toBe(200);
  });

  it('refuses a wrong HMAC, a foreign state, an expired-looking state and a failed exchange, storing nothing', async () => {
    const other = 'other-store.myshopify.com';
    const state = (await authorize(other)).searchParams.get('state')!;
    const before = platform.calls.length;
    const tampered = signedCallback({ shop: other, code: 'x', state, timestamp: '1' }).replace('code=x', 'code=y');
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: signedCallback({ shop: other, code: 'x', state, timestamp: '1' }, 'wrong') })).statusCode).toBe(401);
    const foreign = signState(SHOP, SECRET);
    expect((await t.app.inject({ method: 'GET', url: signedCallback({ shop: other, code: 'x', state: foreign, timestamp: '1' }) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: signedCallback({ shop: other, code: 'x', state: 'forged.state', timestamp: '1' }) })).statusCode).toBe(401);
    expect(platform.calls.length).toBe(before);

    platform.answer({ status: 400, body: { error: 'invalid_request' } });
    const failed = await t.app.inject({ method: 'GET', url: signedCallback({ shop: other, code: 'bad', state, timestamp: '1' }) });
    expect(failed.statusCode).toBe(401);
    expect(failed.json()).toMatchObject({ code: 'unauthorized' });
    const shops = await t.db.selectFrom('shops').select('domain').where('domain', '=', other).execute();
    expect(shops).toEqual([]);
  });

  it('is not offered in standalone mode', async () => {
    const s = await createTestApp();
    try {
      expect((await s.app.inject({ method: 'GET', url: `/api/auth?shop=${SHOP}` })).statusCode).toBe(404);
    } finally {
      await s.close();
    }
  });
});
