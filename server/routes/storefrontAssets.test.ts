import fs from 'node:fs';
import path from 'node:path';
import { createTestApp, type TestApp } from '../test/testApp';
import { DEMO_SHOP_DOMAIN } from '../config';
import { EXTENSION_ASSETS_DIR } from './storefrontAssets';

describe('storefront assets and the demo page that loads them', () => {
  let t: TestApp;
  let lookId: number;
  let handle: string;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    const look = await t.db
      .selectFrom('productLooks')
      .innerJoin('shops', 'shops.id', 'productLooks.shopId')
      .select(['productLooks.id', 'productLooks.mainProduct'])
      .where('shops.domain', '=', DEMO_SHOP_DOMAIN)
      .orderBy('productLooks.id')
      .executeTakeFirstOrThrow();
    lookId = look.id;
    const product = await t.db
      .selectFrom('catalogProducts')
      .select('handle')
      .where('gid', '=', look.mainProduct.itemId)
      .executeTakeFirstOrThrow();
    handle = product.handle;
  }, 60_000);
  afterAll(() => t.close());

  it('serves the extension script with its content type, nosniff, a short public cache and an ETag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/storefront/assets/looks.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.body).toBe(fs.readFileSync(path.join(EXTENSION_ASSETS_DIR, 'looks.js'), 'utf8'));
    const again = await t.app.inject({
      method: 'GET',
      url: '/storefront/assets/looks.js',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('serves the stylesheet as CSS when the extension has it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/storefront/assets/looks.css' });
    if (fs.existsSync(path.join(EXTENSION_ASSETS_DIR, 'looks.css'))) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/css; charset=utf-8');
    } else {
      expect(res.statusCode).toBe(404);
    }
  });

  it.each([
    '/storefront/assets/',
    '/storefront/assets/other.js',
    '/storefront/assets/..%2f..%2fpackage.json',
    '/storefront/assets/../../package.json',
    '/storefront/assets/looks.js.map',
  ])('serves nothing else: %s → 404', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('"dependencies"');
  });

  it('the demo page loads the stylesheet and the deferred script as a theme would, no inline script but JSON, and a consent toggle', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/storefront/products/${handle}?look=${lookId}` });
    expect(res.statusCode).toBe(200);
    const nonce = /script-src 'nonce-([^']+)'/.exec(String(res.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    // The stylesheet comes with the block, in the body after the product photo: it does not hold back the photo's paint.
    const css = res.body.indexOf(
      '<link href="/storefront/assets/looks.css" rel="stylesheet" type="text/css" media="all">',
    );
    expect(css).toBeGreaterThan(res.body.indexOf('fetchpriority="high"'));
    expect(css).toBeLessThan(res.body.indexOf('class="sl-widget'));
    expect(res.body.slice(0, res.body.indexOf('</head>'))).not.toContain('looks.css');
    expect(res.body).toContain(`<script src="/storefront/assets/looks.js" defer nonce="${nonce}"></script>`);
    const scripts = res.body.match(/<script\b[^>]*>/g) ?? [];
    // The look runs the demo's A/B test: its small test script comes with the block, with the page's nonce too.
    expect(scripts.filter((tag) => !/type="application\/json"/.test(tag))).toEqual([
      `<script src="/storefront/assets/looks.js" defer nonce="${nonce}">`,
      `<script nonce="${nonce}" src="/storefront/assets/looks-ab.js" defer>`,
    ]);
    expect(res.body).toMatch(
      /<label class="sf-consent"><input type="checkbox" data-sl-consent checked> Allow analytics/,
    );
    expect(res.body).toContain(`data-sl-look="${lookId}"`);
  });

  it('blocks=none is the same page without any look, stylesheet or script (the cost baseline)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/storefront/products/${handle}?look=${lookId}&blocks=none` });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('sl-widget');
    expect(res.body).not.toContain('/storefront/assets/');
    expect(res.body).not.toContain('class="sf-empty"');
    expect((await t.app.inject({ method: 'GET', url: `/storefront/products/${handle}?blocks=all` })).statusCode).toBe(
      404,
    );
  });
});
