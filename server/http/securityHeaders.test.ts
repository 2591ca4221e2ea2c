import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '../test/testApp';
import { listRoutes } from '../test/routeTree';
import { DEMO_SHOP_DOMAIN } from '../config';
import { storageFor } from '../storage';
import { signSessionToken } from '../auth/sessionToken';
import { queryHmac } from '../auth/oauth';
import { DOCUMENT_ONLY_HEADERS, frameAncestors, withFrameAncestors } from './securityHeaders';

// Whole apps on cloned databases: generous under a loaded machine.
jest.setTimeout(60_000);

const INDEX =
  '<!doctype html><html><head><meta name="shopify-api-key" content="%SHOPIFY_API_KEY%" /></head><body><div id="root"></div></body></html>';

function makeDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-dist-headers-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'main.0123456789ab.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'assets', 'main.0123456789ab.css'), 'body{margin:0}');
  fs.mkdirSync(path.join(dist, 'assets', 'i18n'));
  fs.writeFileSync(path.join(dist, 'assets', 'i18n', 'en-looks.0123456789ab.json'), '{"Looks.title":[]}');
  fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *');
  return dist;
}

const csp = (res: { headers: Record<string, unknown> }) => String(res.headers['content-security-policy'] ?? '');
const frameAncestorsOf = (res: { headers: Record<string, unknown> }) =>
  /frame-ancestors ([^;]*)/.exec(csp(res))?.[1].trim();

describe('security headers (standalone)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true, env: { DIST_DIR: makeDist() } });
    await storageFor(t.config).put('uploads/note.txt', Buffer.from('<script>alert(1)</script>'));
  });
  afterAll(() => t.close());
  const shop = DEMO_SHOP_DOMAIN;

  async function htmlResponses() {
    const selected = await t.request({
      method: 'POST',
      url: '/admin/api/v1/shop/select-plan',
      shop,
      payload: { planName: 'monthly' },
    });
    expect(selected.statusCode).toBe(200);
    const confirm = new URL(selected.json().confirmationUrl);
    const product = await t.db
      .selectFrom('catalogProducts')
      .select('handle')
      .where('status', '=', 'active')
      .limit(1)
      .executeTakeFirstOrThrow();
    return {
      spa: await t.app.inject({ method: 'GET', url: '/' }),
      spaRoute: await t.app.inject({ method: 'GET', url: '/looks/new?x=1' }),
      layoutPreview: await t.request({ method: 'POST', url: '/admin/api/v1/layout/preview', shop, payload: {} }),
      chargeConfirmation: await t.app.inject({ method: 'GET', url: confirm.pathname + confirm.search }),
      storefront: await t.app.inject({ method: 'GET', url: `/storefront/products/${product.handle}` }),
    };
  }

  it("every HTML page sends a CSP with frame-ancestors ('self', or the page's own stricter choice)", async () => {
    const pages = await htmlResponses();
    for (const [name, res] of Object.entries(pages)) {
      expect([name, res.statusCode, String(res.headers['content-type'])]).toEqual([
        name,
        200,
        expect.stringMatching(/^text\/html/),
      ]);
      expect([name, res.headers['x-content-type-options']]).toEqual([name, 'nosniff']);
      expect([name, frameAncestorsOf(res)]).toEqual([name, name === 'chargeConfirmation' ? "'none'" : "'self'"]);
      expect(res.headers['x-frame-options']).toBeUndefined();
    }
  });

  it('keeps the nonce policy of the widget pages working', async () => {
    const { chargeConfirmation } = await htmlResponses();
    // A product page with a look block: the storefront script is its one script, with the policy's nonce.
    const look = await t.db.selectFrom('productLooks').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();
    const product = await t.db
      .selectFrom('catalogProducts')
      .select('handle')
      .where('status', '=', 'active')
      .limit(1)
      .executeTakeFirstOrThrow();
    const storefront = await t.app.inject({
      method: 'GET',
      url: `/storefront/products/${product.handle}?look=${look.id}`,
    });
    const nonce = /<script src="\/storefront\/assets\/looks\.js" defer nonce="([^"]+)"><\/script>/.exec(
      storefront.body,
    )?.[1];
    expect(nonce).toBeTruthy();
    expect(csp(storefront)).toContain(`script-src 'nonce-${nonce}'`);
    expect(csp(storefront)).toContain("default-src 'none'");
    expect(csp(chargeConfirmation)).toContain("form-action 'self'");
    expect(csp(storefront).match(/frame-ancestors/g)).toHaveLength(1);
  });

  it('every response of every route says nosniff; HTML ones carry frame-ancestors', async () => {
    const token = await t.tokenFor(shop);
    const routes = listRoutes(t.app);
    expect(routes.length).toBeGreaterThan(20);
    for (const [method, url] of routes) {
      const res = await t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect([method, url, res.headers['x-content-type-options']]).toEqual([method, url, 'nosniff']);
      if (/^text\/html/.test(String(res.headers['content-type'])))
        expect([url, frameAncestorsOf(res)]).toEqual([url, expect.any(String)]);
    }
  });

  it('uploads, assets, static files and 404s say nosniff too', async () => {
    const image = await t.db.selectFrom('catalogProducts').select('images').limit(1).executeTakeFirstOrThrow();
    const urls = [
      image.images[0],
      '/files/uploads/note.txt',
      '/files/missing.png',
      '/assets/main.0123456789ab.js',
      '/robots.txt',
      '/nope.png',
      '/api/nope',
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.headers['x-content-type-options']]).toEqual([url, 'nosniff']);
    }
    expect((await t.app.inject({ method: 'GET', url: image.images[0] })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/files/uploads/note.txt' })).statusCode).toBe(200);
  });

  it("a script, a stylesheet or the build's messages carry what such a file uses, not a document's headers", async () => {
    const document = await t.app.inject({ method: 'GET', url: '/' });
    expect(document.headers['content-type']).toMatch(/^text\/html/);
    for (const name of [...DOCUMENT_ONLY_HEADERS, 'referrer-policy'])
      expect([name, document.headers[name]]).toEqual([name, expect.any(String)]);

    const script = await t.app.inject({
      method: 'GET',
      url: '/assets/main.0123456789ab.js',
      headers: { 'accept-encoding': 'br' },
    });
    const style = await t.app.inject({ method: 'GET', url: '/assets/main.0123456789ab.css' });
    // The storefront's script, served by a route of its own.
    const storefront = await t.app.inject({ method: 'GET', url: '/storefront/assets/looks.js' });
    // The pages' messages (scripts/build/messageAssets.ts), fetched as JSON.
    const messages = await t.app.inject({ method: 'GET', url: '/assets/i18n/en-looks.0123456789ab.json' });
    for (const [name, res] of Object.entries({ script, style, storefront, messages })) {
      expect([name, res.statusCode]).toEqual([name, 200]);
      expect([name, res.headers['x-content-type-options']]).toEqual([name, 'nosniff']);
      expect([name, res.headers['cross-origin-resource-policy']]).toEqual([name, 'cross-origin']);
      expect([name, res.headers['cache-control']]).toEqual([name, expect.any(String)]);
      for (const header of DOCUMENT_ONLY_HEADERS)
        expect([name, header, res.headers[header]]).toEqual([name, header, undefined]);
    }
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['referrer-policy']).toBeUndefined();
    expect(storefront.headers['referrer-policy']).toBeUndefined();
    expect(messages.headers['content-type']).toMatch(/^application\/json/);
    expect(messages.headers['cache-control']).toMatch(/immutable/);
    expect(messages.headers['referrer-policy']).toBeUndefined();
    // An API answer in JSON is no build file: it keeps them.
    const api = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.headers['strict-transport-security']).toEqual(expect.any(String));
    // A stylesheet's own policy governs the requests of its url()s.
    expect(style.headers['content-type']).toMatch(/^text\/css/);
    expect(style.headers['referrer-policy']).toBe('no-referrer');
    // A build file revalidates by its ETag; Last-Modified said the same again.
    expect(script.headers.etag).toEqual(expect.any(String));
    expect(script.headers['last-modified']).toBeUndefined();
    expect(script.headers['accept-ranges']).toBeUndefined();
  });

  it('authenticated API answers are never cached (every GET route behind the session token)', async () => {
    const token = await t.tokenFor(shop);
    const routes = listRoutes(t.app).filter(
      ([method, url]) => method === 'GET' && url.startsWith('/admin/api/') && !url.endsWith('/stream'),
    );
    expect(routes.length).toBeGreaterThan(10);
    for (const [, url] of routes) {
      const res = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expect([url, res.headers['cache-control']]).toEqual([url, 'no-store']);
    }
    // Writes and refusals too.
    const patched = await t.request({ method: 'PATCH', url: '/admin/api/v1/booster', shop, payload: {} });
    expect(patched.headers['cache-control']).toBe('no-store');
    const unauthorized = await t.app.inject({ method: 'GET', url: '/admin/api/v1/shop/details' });
    expect(unauthorized.statusCode).toBe(401);
    expect(unauthorized.headers['cache-control']).toBe('no-store');
  });
});

describe('frame-ancestors inside the platform (APP_MODE=shopify)', () => {
  const KEY = 'embedded-key';
  const SECRET = 'embedded-secret';
  const SHOP = 'framed-shop.myshopify.com';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: {
        APP_MODE: 'shopify',
        SHOPIFY_API_KEY: KEY,
        SHOPIFY_API_SECRET: SECRET,
        TOKEN_ENCRYPTION_KEY: '1'.repeat(64),
        DIST_DIR: makeDist(),
      },
    });
  });
  afterAll(() => t.close());

  const launch = (query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/?${new URLSearchParams(query)}` });
  const signed = (query: Record<string, string>) => ({ ...query, hmac: queryHmac(query, SECRET) });
  const framedBy = (shop: string) => `https://${shop} https://admin.shopify.com`;

  it("lets the shop of any document request's sanitized shop parameter and the admin frame the app (like shopify-app-js)", async () => {
    const idToken = await signSessionToken(SHOP, KEY, SECRET);
    const queries: Array<Record<string, string>> = [
      { shop: SHOP, host: 'YWRtaW4', id_token: idToken },
      { host: 'YWRtaW4', id_token: idToken },
      signed({ shop: SHOP, host: 'YWRtaW4', timestamp: '1700000000', embedded: '1' }),
      // The billing return's redirect and a reload: shop and host, no id_token or hmac.
      { shop: SHOP, host: 'YWRtaW4', embedded: '1' },
      { shop: SHOP },
      // Framing by a shop grants nothing: the shop parameter decides, whatever else the query says.
      { shop: SHOP, id_token: 'not.a.jwt' },
    ];
    for (const query of queries) {
      const res = await launch(query);
      expect(res.statusCode).toBe(200);
      expect([query, frameAncestorsOf(res)]).toEqual([query, framedBy(SHOP)]);
    }
    const billingReturn = await t.app.inject({
      method: 'GET',
      url: `/billing/plans?subscribed=monthly&shop=${SHOP}&host=YWRtaW4&embedded=1`,
    });
    expect(frameAncestorsOf(billingReturn)).toBe(framedBy(SHOP));
  });

  it("refuses framing ('none') without a valid shop parameter (or a valid id_token when there is none)", async () => {
    const forged = await signSessionToken(SHOP, KEY, 'not-the-secret');
    const longLived = await signSessionToken(SHOP, KEY, SECRET, { ttlSeconds: 3600 });
    for (const query of [
      {},
      { host: 'YWRtaW4' },
      { id_token: forged },
      { id_token: longLived },
      { id_token: 'not.a.jwt' },
      { shop: 'evil.example', host: 'YWRtaW4' },
      signed({ shop: 'evil.example', host: 'YWRtaW4' }),
      { shop: `${SHOP} https://evil.example`, host: 'x' },
      { shop: `${SHOP};script-src *` },
      { shop: 'https://evil.example/.myshopify.com' },
      { shop: '' },
    ]) {
      const res = await launch(query as Record<string, string>);
      expect(res.statusCode).toBe(200);
      expect([query, frameAncestorsOf(res)]).toEqual([query, "'none'"]);
      expect(csp(res)).not.toContain('evil.example');
    }
  });
});

describe('frame-ancestors helpers', () => {
  it("standalone 'self'; platform only with a shop", () => {
    expect(frameAncestors({ appMode: 'standalone' }, 'x.myshopify.com')).toBe("'self'");
    expect(frameAncestors({ appMode: 'shopify' }, undefined)).toBe("'none'");
  });

  it("merges into a page's policy without overriding its own frame-ancestors", () => {
    expect(withFrameAncestors("default-src 'none'", "'self'")).toBe("default-src 'none'; frame-ancestors 'self'");
    expect(withFrameAncestors("default-src 'none'; frame-ancestors 'none'", "'self'")).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });
});
