import { SignJWT, base64url } from 'jose';
import { generateKeyPairSync } from 'node:crypto';
import { createTestApp, type TestApp } from '../test/testApp';
import { FakeShopifyAdmin } from '../test/fakeShopifyAdmin';

const URL_ = '/admin/api/v1/shop/details';
const SHOP = 'auth-shop.myshopify.com';

/** A token like the platform's, with every claim overridable. */
async function token(
  t: TestApp,
  opts: { secret?: string; aud?: string; dest?: string; iat?: number; nbf?: number; exp?: number; alg?: string } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ dest: opts.dest ?? `https://${SHOP}` })
    .setProtectedHeader({ alg: opts.alg ?? 'HS256', typ: 'JWT' })
    .setIssuer(`https://${SHOP}/admin`)
    .setAudience(opts.aud ?? t.config.apiKey)
    .setSubject('42')
    .setIssuedAt(opts.iat ?? now)
    .setNotBefore(opts.nbf ?? now)
    .setExpirationTime(opts.exp ?? now + 60)
    .sign(new TextEncoder().encode(opts.secret ?? t.config.apiSecret));
}

const b64json = (value: unknown) => base64url.encode(JSON.stringify(value));

describe('session token auth (standalone mode)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const call = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: URL_, headers: authorization === undefined ? {} : { authorization } });

  async function expect401(authorization?: string) {
    const res = await call(authorization);
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ message: expect.any(String), code: 'unauthorized' });
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    return res;
  }

  it('accepts a valid token and provisions its shop', async () => {
    const res = await call(`Bearer ${await token(t)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().shopDomain).toBe(SHOP);
  });

  it('refuses a missing or malformed Authorization header', async () => {
    const missing = await expect401();
    expect(missing.json().message).toBe('Missing session token.');
    // A token that is there but rejected asks App Bridge to fetch a new one and retry (as shopify-app-js does).
    expect((await expect401('Bearer not.a.jwt')).headers['x-shopify-retry-invalid-session-request']).toBe('1');
    await expect401('');
    await expect401('Basic dXNlcjpwYXNz');
    await expect401('Bearer');
    await expect401('Bearer not.a.jwt');
    await expect401(`Bearer ${await token(t)} extra`);
  });

  it("refuses an expired token, also just beyond the library's 10 s leeway", async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect401(`Bearer ${await token(t, { iat: now - 120, nbf: now - 120, exp: now - 60 })}`);
    const late = await expect401(`Bearer ${await token(t, { iat: now - 70, nbf: now - 70, exp: now - 13 })}`);
    expect(late.headers['x-shopify-retry-invalid-session-request']).toBe('1');
  });

  it('accepts a token expired within the leeway', async () => {
    const now = Math.floor(Date.now() / 1000);
    const res = await call(`Bearer ${await token(t, { iat: now - 60, nbf: now - 60, exp: now - 7 })}`);
    expect(res.statusCode).toBe(200);
  });

  it('refuses a not-yet-valid token beyond the leeway, accepts one within it', async () => {
    const now = Math.floor(Date.now() / 1000);
    await expect401(`Bearer ${await token(t, { nbf: now + 30, exp: now + 90 })}`);
    await expect401(`Bearer ${await token(t, { nbf: now + 13, exp: now + 73 })}`);
    expect((await call(`Bearer ${await token(t, { nbf: now + 7, exp: now + 67 })}`)).statusCode).toBe(200);
  });

  it('refuses a wrong audience or a wrong secret', async () => {
    await expect401(`Bearer ${await token(t, { aud: 'someone-elses-app' })}`);
    await expect401(`Bearer ${await token(t, { secret: 'not-the-app-secret' })}`);
  });

  it('refuses alg none, HS512/HS384 and RS256 tokens', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      dest: `https://${SHOP}`,
      aud: t.config.apiKey,
      iss: `https://${SHOP}/admin`,
      exp: now + 60,
      nbf: now,
      iat: now,
    };
    await expect401(`Bearer ${b64json({ alg: 'none', typ: 'JWT' })}.${b64json(claims)}.`);
    await expect401(`Bearer ${b64json({ alg: 'none', typ: 'JWT' })}.${b64json(claims)}`);
    await expect401(`Bearer ${await token(t, { alg: 'HS512' })}`);
    await expect401(`Bearer ${await token(t, { alg: 'HS384' })}`);
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rs = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256' }).sign(privateKey);
    await expect401(`Bearer ${rs}`);
  });

  it('refuses a bad dest claim', async () => {
    for (const dest of [
      'http://auth-shop.myshopify.com',
      'https://evil.example',
      'https://auth-shop.myshopify.com.evil.example',
      'not a url',
      'https://-x.myshopify.com',
    ]) {
      await expect401(`Bearer ${await token(t, { dest })}`);
    }
  });
});

describe('tenant scoping', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // Two products for tenant A only (the demo seed would do too, but costs seconds of image generation).
    const a = await t.provision('tenant-a.myshopify.com');
    await t.db
      .insertInto('catalogProducts')
      .values(
        [1, 2].map((i) => ({
          shopId: a.id,
          gid: `gid://shopify/Product/${900 + i}`,
          handle: `a-product-${i}`,
          title: `A product ${i}`,
          status: 'active' as const,
          price: '10.00',
          compareAtPrice: null,
          images: JSON.stringify([]),
          productType: 'Shirts',
        })),
      )
      .execute();
  });
  afterAll(() => t.close());

  it("shop A never sees shop B's settings", async () => {
    await t.request({
      method: 'PATCH',
      url: '/admin/api/v1/shop',
      payload: { variantLabel: 'Only A' },
      shop: 'tenant-a.myshopify.com',
    });
    const b = await t.request({ method: 'GET', url: '/admin/api/v1/shop', shop: 'tenant-b.myshopify.com' });
    expect(b.json().variantLabel).not.toBe('Only A');
    const a = await t.request({ method: 'GET', url: '/admin/api/v1/shop', shop: 'tenant-a.myshopify.com' });
    expect(a.json().variantLabel).toBe('Only A');
  });

  it("shop B sees none of shop A's catalog", async () => {
    const own = await t.request({
      method: 'GET',
      url: '/admin/api/v1/catalog/products?limit=100',
      shop: 'tenant-a.myshopify.com',
    });
    expect(own.statusCode).toBe(200);
    expect(
      own
        .json()
        .data.map((p: { title: string }) => p.title)
        .sort(),
    ).toEqual(['A product 1', 'A product 2']);
    const other = await t.request({
      method: 'GET',
      url: '/admin/api/v1/catalog/products?limit=100&query=product',
      shop: 'tenant-b.myshopify.com',
    });
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toEqual([]);
  });
});

describe('APP_MODE=shopify', () => {
  let t: TestApp;
  let fake: FakeShopifyAdmin;
  beforeAll(async () => {
    fake = await FakeShopifyAdmin.start({ apiKey: 'real-key', apiSecret: 'real-secret' });
    t = await createTestApp({
      env: {
        APP_MODE: 'shopify',
        SHOPIFY_API_KEY: 'real-key',
        SHOPIFY_API_SECRET: 'real-secret',
        SHOPIFY_ADMIN_API_BASE_URL: fake.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('installs a shop on its first valid token by token exchange (managed install: no redirect)', async () => {
    const res = await t.request({ method: 'GET', url: URL_, shop: 'not-installed.myshopify.com' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-shopify-api-request-failure-reauthorize']).toBeUndefined();
    expect(fake.exchanges).toEqual([{ shop: 'not-installed.myshopify.com', expiring: true }]);
    const rows = await t.db
      .selectFrom('shops')
      .select('domain')
      .where('domain', '=', 'not-installed.myshopify.com')
      .execute();
    expect(rows).toEqual([{ domain: 'not-installed.myshopify.com' }]);
  });

  it('serves an installed shop', async () => {
    const res = await t.request({ method: 'GET', url: URL_, shop: 'not-installed.myshopify.com' });
    expect(res.statusCode).toBe(200);
    expect(fake.exchanges).toHaveLength(1);
  });

  it('offers no dev session tokens', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/dev/session-token' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found', code: 'not_found', requestId: expect.any(String) });
  });

  it('refuses tokens signed with the development pair', async () => {
    const { signSessionToken } = await import('./sessionToken');
    const { DEV_API_KEY, DEV_API_SECRET } = await import('../config');
    const dev = await signSessionToken('installed.myshopify.com', DEV_API_KEY, DEV_API_SECRET);
    const res = await t.app.inject({ method: 'GET', url: URL_, headers: { authorization: `Bearer ${dev}` } });
    expect(res.statusCode).toBe(401);
  });
});

describe('errors never leak', () => {
  it('a thrown Error becomes 500 { message: "Internal server error" } without a stack', async () => {
    const t = await createTestApp();
    try {
      // A throwaway route registered on a second app built the same way.
      const { buildApp } = await import('../app');
      const app = await buildApp({ config: t.config, db: t.db }, { logger: false });
      app.get('/admin/api/v1/__boom', async () => {
        throw new Error('secret detail at /srv/app/db.ts:12');
      });
      await app.ready();
      const res = await app.inject({
        method: 'GET',
        url: '/admin/api/v1/__boom',
        headers: { authorization: `Bearer ${await t.tokenFor()}` },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal server error', requestId: expect.any(String) });
      expect(res.body).not.toContain('secret detail');
      await app.close();
    } finally {
      await t.close();
    }
  });
});
