import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '../test/testApp';
import { FakeShopifyAdmin, makeFakeProducts } from '../test/fakeShopifyAdmin';
import { SSR_BUNDLE, withRootStyle } from './firstScreenDocument';

const TEMPLATE = `<!doctype html><html lang=en class=p-theme-light style=--pc-frame-offset:0px><head><link href="/assets/main.0123456789ab.css" rel="stylesheet"></head>
<body><div id=root></div><script defer src="/assets/main.0123456789ab.js"></script></body></html>`;

/**
 * A stand-in of the server bundle (src/ssr/renderFirstScreen.tsx, built by
 * webpack; the e2e suite runs the real one): it asks the API for the shop with
 * the token and fetch it is given, and renders what it got — or, by path,
 * fails, throws or renders markup that must stay escaped in the data block.
 */
const RENDERER = `
exports.FIRST_SCREEN_ELEMENT_ID = 'sl-first-screen';
exports.scriptJson = (v) => JSON.stringify(v).replace(/</g, '\\\\u003c');
exports.renderFirstScreen = async ({ url, token, fetchFn, headers, embedded }) => {
  const { pathname } = new URL(url);
  if (pathname === '/throws') throw new Error('render failed');
  if (pathname === '/nothing') return undefined;
  const res = await fetchFn(new URL('/admin/api/v1/shop/details', url), { headers: { Authorization: 'Bearer ' + token } });
  if (!res.ok) return undefined;
  const shop = await res.json();
  const narrow = headers['sec-ch-ua-mobile'] === '?1';
  const html = '<main>' + pathname + ' ' + shop.shopDomain + (embedded ? ' embedded' : '') + '</main>';
  return { html, data: { locale: 'de', narrow, embedded, queries: { shop, note: '</script><script>alert(1)</script>' } } };
};`;

function distWithRenderer(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-ssr-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
  fs.mkdirSync(path.join(dist, path.dirname(SSR_BUNDLE)), { recursive: true });
  fs.writeFileSync(path.join(dist, SSR_BUNDLE), RENDERER);
  return dist;
}

describe('first screen rendered on the server', () => {
  let dist: string;
  beforeAll(() => {
    dist = distWithRenderer();
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  describe('standalone', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { DIST_DIR: dist }, seed: true });
    });
    afterAll(() => t.close());

    it('puts the page markup into #root and its data beside it, in the page language, kept by no shared cache', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/looks?x=1' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.body).toContain(`<html data-paint-first lang="de" class=p-theme-light style=--pc-frame-offset:0px>`);
      // The render's API call went through the app's own routes, authenticated with the session token.
      expect(res.body).toContain('<div id="root"><main>/looks demo-shop.myshopify.com</main></div>');
      const data = /<script type="application\/json" id="sl-first-screen">(.*?)<\/script>/.exec(res.body)?.[1];
      expect(JSON.parse(data!).queries.shop.shopDomain).toBe('demo-shop.myshopify.com');
      // Data cannot close its script element.
      expect(res.body).not.toContain('<script>alert(1)');
    });

    it('gives a phone’s page the root style Polaris would set on mount (the render is told the request’s headers)', async () => {
      const phone = await t.app.inject({ method: 'GET', url: '/looks', headers: { 'sec-ch-ua-mobile': '?1' } });
      // One style attribute (a second would be ignored by the browser), the template's properties kept.
      expect(phone.body).toContain(
        `<html data-paint-first lang="de" class=p-theme-light style="--pc-app-provider-scrollbar-width: 0px; --pc-frame-offset:0px">`,
      );
      const desktop = await t.app.inject({ method: 'GET', url: '/looks', headers: { 'sec-ch-ua-mobile': '?0' } });
      expect(desktop.body).toContain(
        `<html data-paint-first lang="de" class=p-theme-light style=--pc-frame-offset:0px>`,
      );
    });

    it('sends the rendered page gzipped to a browser that takes it', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/looks', headers: { 'accept-encoding': 'gzip, br' } });
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(gunzipSync(res.rawPayload).toString()).toContain('<main>/looks demo-shop.myshopify.com</main>');
    });

    it.each(['/throws', '/nothing'])(
      'serves the plain page when the render fails or has nothing (%s): the browser renders',
      async (url) => {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<div id=root></div>');
        expect(res.body).not.toContain('sl-first-screen');
      },
    );

    it('renders nothing for HEAD requests, assets or API paths', async () => {
      expect((await t.app.inject({ method: 'HEAD', url: '/looks' })).body).toBe('');
      const api = await t.app.inject({ method: 'GET', url: '/admin/api/v1/nope' });
      expect(api.statusCode).toBeGreaterThanOrEqual(400);
      expect(api.body).not.toContain('sl-first-screen');
    });
  });

  describe('inside Shopify admin (APP_MODE=shopify, Admin API stand-in)', () => {
    const KEY = 'ssr-key';
    const SECRET = 'ssr-secret';
    const SHOP = 'ssr-shop.myshopify.com';
    let fake: FakeShopifyAdmin;
    let t: TestApp;
    beforeAll(async () => {
      fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET });
      fake.setProducts(SHOP, makeFakeProducts(3));
      t = await createTestApp({
        env: {
          DIST_DIR: dist,
          APP_MODE: 'shopify',
          SHOPIFY_API_KEY: KEY,
          SHOPIFY_API_SECRET: SECRET,
          SHOPIFY_ADMIN_API_BASE_URL: fake.url,
        },
      });
    });
    afterAll(async () => {
      await t.close();
      await fake.close();
    });
    const open = (query: string) =>
      t.app.inject({ method: 'GET', url: `/looks?shop=${SHOP}&host=YWRtaW4&embedded=1${query}` });

    it('renders the page the admin opens with its id_token, as under App Bridge, for that shop only', async () => {
      const res = await open(`&id_token=${await t.tokenFor(SHOP)}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      expect(res.body).toContain('<div id="root"><main>/looks ssr-shop.myshopify.com embedded</main></div>');
      const data = /<script type="application\/json" id="sl-first-screen">(.*?)<\/script>/.exec(res.body)?.[1];
      expect(JSON.parse(data!).embedded).toBe(true);
      // The render's call installed the shop (token exchange), as the browser's first call would have.
      expect(fake.exchanges).toEqual([{ shop: SHOP, expiring: true }]);
    });

    it.each([
      ['no id_token (a reload of a URL the app navigated to)', async () => ''],
      ['a forged id_token', async () => `&id_token=${(await t.tokenFor(SHOP)).slice(0, -4)}AAAA`],
      ['an id_token of another app', async () => `&id_token=${jwtWith({ aud: 'another-app' })}`],
      ['two id_tokens', async () => `&id_token=${await t.tokenFor(SHOP)}&id_token=${await t.tokenFor(SHOP)}`],
    ])('serves the plain page with %s: the browser renders', async (_case, query) => {
      const res = await open(await query());
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id=root></div>');
      expect(res.body).not.toContain('sl-first-screen');
      expect(res.body).not.toContain('ssr-shop.myshopify.com embedded');
    });
  });

  it('is off with SSR=0', async () => {
    const t = await createTestApp({ env: { DIST_DIR: dist, SSR: '0' } });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/looks' });
      expect(res.body).toContain('<div id=root></div>');
    } finally {
      await t.close();
    }
  });
});

/** An unsigned-looking token with the given claims (its signature is not the app's). */
function jwtWith(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ iss: 'https://ssr-shop.myshopify.com/admin', dest: 'https://ssr-shop.myshopify.com', sub: '1', exp: now + 60, nbf: now - 5, iat: now, jti: 'x', sid: 'y', ...claims })}.c2lnbmF0dXJl`;
}

describe('withRootStyle', () => {
  it.each([
    ['<html lang=en style=--a:0px>', '<html lang=en style="--b: 1px; --a:0px">'],
    ['<html lang="en" style="--a: 0px">', '<html lang="en" style="--b: 1px; --a: 0px">'],
    ["<html style='--a: 0px' lang=en>", '<html style="--b: 1px; --a: 0px" lang=en>'],
    ['<html lang=en>', '<html lang=en style="--b: 1px;">'],
  ])('%s', (tag, expected) => {
    expect(withRootStyle(tag, '--b: 1px; ')).toBe(expected);
  });
});
