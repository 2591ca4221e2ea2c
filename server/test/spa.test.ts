import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { renderIndexHtml } from '../app';
import { compressed } from '../../scripts/build/precompressAssets';
import { createTestApp, type TestApp } from './testApp';

const TEMPLATE = `<!doctype html><html><head>
<meta name="shopify-api-key" content="%SHOPIFY_API_KEY%" />
<script src="https://cdn.shopify.com/shopifycloud/app-bridge.js"></script>
<link href="/assets/main.0123456789ab.css" rel="stylesheet"></head>
<body><div id="root"></div><script defer src="/assets/main.0123456789ab.js"></script></body></html>`;

describe('renderIndexHtml', () => {
  it('strips the App Bridge tags in standalone mode', () => {
    const html = renderIndexHtml(TEMPLATE, { appMode: 'standalone', apiKey: 'k' });
    expect(html).not.toContain('app-bridge.js');
    expect(html).not.toContain('shopify-api-key');
    expect(html).toContain('/assets/main.0123456789ab.js');
  });

  it('keeps them with the API key in shopify mode (and never injects markup)', () => {
    const html = renderIndexHtml(TEMPLATE, { appMode: 'shopify', apiKey: 'abc123' });
    expect(html).toContain('<meta name="shopify-api-key" content="abc123" />');
    expect(html).toContain('<script src="https://cdn.shopify.com/shopifycloud/app-bridge.js"></script>');
    expect(renderIndexHtml(TEMPLATE, { appMode: 'shopify', apiKey: '"><script>x</script>' })).not.toContain(
      '<script>x',
    );
  });
});

const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `console.log(${i});`).join('\n');

describe('SPA serving', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), TEMPLATE);
    fs.writeFileSync(path.join(dist, 'assets', 'main.0123456789ab.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'assets', 'plain.js'), 'console.log(2)');
    const { br, gz } = compressed(Buffer.from(BIG_SCRIPT));
    fs.writeFileSync(path.join(dist, 'assets', 'big.0123456789ab.js'), BIG_SCRIPT);
    fs.writeFileSync(path.join(dist, 'assets', 'big.0123456789ab.js.br'), br);
    fs.writeFileSync(path.join(dist, 'assets', 'big.0123456789ab.js.gz'), gz);
    fs.writeFileSync(path.join(dist, 'logo.svg'), '<svg/>');
    t = await createTestApp({ env: { DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/looks/edit/3', '/billing/plans?onboarding=1', '/notFound'])(
    'serves index.html for %s, never cached',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
      expect(res.body).not.toContain('app-bridge.js');
    },
  );

  it('caches hashed assets for a year, immutable; unhashed ones are revalidated', async () => {
    const hashed = await t.app.inject({ method: 'GET', url: '/assets/main.0123456789ab.js' });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/plain.js' });
    expect(plain.headers['cache-control']).toBe('no-cache');
    const logo = await t.app.inject({ method: 'GET', url: '/logo.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toMatch(/image\/svg\+xml/);
  });

  it("sends the build's precompressed asset the browser accepts (brotli, else gzip, else the original)", async () => {
    const get = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/big.0123456789ab.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const br = await get('gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_SCRIPT);
    expect(br.rawPayload.length).toBe(fs.statSync(path.join(dist, 'assets', 'big.0123456789ab.js.br')).size);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_SCRIPT);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('answers 404 JSON (not the SPA) for unknown API paths and missing files', async () => {
    for (const url of ['/admin/api/v1/nope', '/api/nope', '/assets/missing.0123456789ab.js', '/missing.png']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${await t.tokenFor()}` },
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
    }
  });

  it('does not serve the SPA for POST', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/looks' });
    expect(res.statusCode).toBe(404);
  });
});
