import { createTestApp, type TestApp } from '../test/testApp';
import { verifySessionToken } from '../auth/sessionToken';
import { DEMO_SHOP_DOMAIN } from '../config';
import { translate } from '../i18n';

const URL_ = '/api/dev/session-token';

describe('GET /api/dev/session-token (standalone)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { APP_URL: 'http://localhost:3000' } });
  });
  afterAll(() => t.close());

  const get = (query = '', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${URL_}${query}`, headers: { host: 'localhost:3000', ...headers } });
  const shopCount = async () =>
    (
      await t.db
        .selectFrom('shops')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  it('mints a short-lived token for the demo shop, never cached', async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { token, expiresIn } = res.json();
    expect(expiresIn).toBe(60);
    expect(await verifySessionToken(token, t.config.apiKey, t.config.apiSecret)).toMatchObject({
      shopDomain: DEMO_SHOP_DOMAIN,
    });
  });

  it("serves the app's own pages, direct navigations and non-browser clients", async () => {
    const allowed: Array<Record<string, string>> = [
      {},
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'none' },
      { origin: 'http://localhost:3000' },
      { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    ];
    for (const headers of allowed) {
      const res = await get('', headers);
      expect([headers, res.statusCode]).toEqual([headers, 200]);
    }
    // Origin of the request's own (allowed) Host, e.g. 127.0.0.1 instead of APP_URL's localhost.
    const own = await get('', { host: '127.0.0.1:3000', origin: 'http://127.0.0.1:3000' });
    expect(own.statusCode).toBe(200);
  });

  it('refuses every cross-site or foreign-origin request with a translated 403 and no token', async () => {
    const foreign: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'same-site', origin: 'http://localhost:8080' },
      { 'sec-fetch-site': 'cross-site', origin: 'http://localhost:3000' },
      { origin: 'http://evil.example' },
      { origin: 'https://localhost:3000' },
      { origin: 'http://localhost:3001' },
      { origin: 'http://localhost' },
      { origin: 'http://localhost:3000.evil.example' },
      { origin: 'null' },
      { origin: '' },
      { origin: 'not a url' },
    ];
    for (const headers of foreign) {
      const res = await get('', { ...headers, 'accept-language': 'de' });
      expect([headers, res.statusCode]).toEqual([headers, 403]);
      expect(res.json()).toEqual({
        message: translate('de', 'devToken.foreignRequest'),
        code: 'foreign_request',
        requestId: expect.any(String),
      });
      expect(res.body).not.toContain('token"');
    }
  });

  it('mints only for shops the standalone app made, and never creates one', async () => {
    const before = await shopCount();
    for (const shop of ['nobody.myshopify.com', 'shop-a.myshopify.com', 'a.myshopify.com']) {
      const res = await get(`?shop=${shop}`);
      expect([shop, res.statusCode]).toEqual([shop, 403]);
      expect(res.json()).toEqual({
        message: translate('en', 'devToken.unknownShop'),
        code: 'unknown_shop',
        requestId: expect.any(String),
      });
    }
    expect(await shopCount()).toBe(before);

    // A shop installed from the platform (e.g. a database once run with APP_MODE=shopify).
    await t.provision('platform-shop.myshopify.com');
    expect((await get('?shop=platform-shop.myshopify.com')).statusCode).toBe(403);

    // A shop the standalone app provisioned on its first session: tokens for it.
    expect(
      (await t.request({ method: 'GET', url: '/admin/api/v1/shop/details', shop: 'local-shop.myshopify.com' }))
        .statusCode,
    ).toBe(200);
    const local = await get('?shop=local-shop.myshopify.com');
    expect(local.statusCode).toBe(200);
    expect(await verifySessionToken(local.json().token, t.config.apiKey, t.config.apiSecret)).toMatchObject({
      shopDomain: 'local-shop.myshopify.com',
    });

    // ...unless it was uninstalled.
    await t.db
      .updateTable('shops')
      .set({ installedAt: null })
      .where('domain', '=', 'local-shop.myshopify.com')
      .execute();
    expect((await get('?shop=local-shop.myshopify.com')).statusCode).toBe(403);
  });

  it('answers 400 for a shop parameter that is no shop domain', async () => {
    const before = await shopCount();
    for (const query of [
      '?shop=evil.example',
      '?shop=DEMO-SHOP.myshopify.com',
      '?shop=',
      '?shop=a.myshopify.com.evil',
      `?shop=${DEMO_SHOP_DOMAIN}&shop=${DEMO_SHOP_DOMAIN}`,
    ]) {
      const res = await get(query);
      expect([query, res.statusCode]).toEqual([query, 400]);
      expect(res.json()).toMatchObject({ message: translate('en', 'auth.invalidShop'), code: 'invalid_shop' });
    }
    expect(await shopCount()).toBe(before);
  });
});

describe('GET /api/dev/session-token (APP_MODE=shopify)', () => {
  it('does not exist', async () => {
    const t = await createTestApp({
      env: {
        APP_MODE: 'shopify',
        SHOPIFY_API_KEY: 'real-key',
        SHOPIFY_API_SECRET: 'real-secret',
        TOKEN_ENCRYPTION_KEY: '0'.repeat(64),
      },
    });
    try {
      await t.provision(DEMO_SHOP_DOMAIN);
      for (const query of ['', `?shop=${DEMO_SHOP_DOMAIN}`]) {
        const res = await t.app.inject({ method: 'GET', url: `${URL_}${query}` });
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('token"');
      }
    } finally {
      await t.close();
    }
  });
});
