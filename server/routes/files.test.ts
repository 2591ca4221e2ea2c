import sharp from 'sharp';
import { createTestApp, type TestApp } from '../test/testApp';
import { startS3Server, type S3TestServer } from '../test/s3rver';
import { fileUrls, storageFor } from '../storage';

jest.setTimeout(120_000);

const SHOP = 'files-shop.myshopify.com';

function multipart(data: Buffer) {
  const boundary = '----filesRouteBoundary';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="look.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = () =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: '#2a9d8f' } })
    .png()
    .toBuffer();

/** Uploads through the upload route; answers the stored key and its bytes as stored. */
async function upload(t: TestApp) {
  const res = await t.request({
    method: 'POST',
    url: '/admin/api/v1/productLooks/media',
    shop: SHOP,
    ...multipart(await png()),
  });
  expect(res.statusCode).toBe(200);
  const { url } = res.json() as { url: string };
  expect(url).toMatch(new RegExp(`^${t.config.appUrl}/files/shops/\\d+/uploads/[0-9a-f-]+\\.png$`));
  const key = new URL(url).pathname.slice('/files/'.length);
  return { url, key, path: new URL(url).pathname, stored: (await storageFor(t.config).read(key))! };
}

const backends: Array<[string, () => Promise<{ env: Record<string, string>; s3?: S3TestServer }>]> = [
  ['local directory', async () => ({ env: {} })],
  [
    'S3 bucket (s3rver)',
    async () => {
      const s3 = await startS3Server();
      // The bucket's own address as the public base, as with a public bucket (a CDN would sit in front).
      return { env: { ...s3.env, FILES_PUBLIC_URL: `${s3.endpoint}/${s3.bucket}` }, s3 };
    },
  ],
];

describe.each(backends)('/files over the %s', (name, setup) => {
  let t: TestApp;
  let s3: S3TestServer | undefined;
  beforeAll(async () => {
    const made = await setup();
    s3 = made.s3;
    t = await createTestApp({ env: made.env });
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('serves an upload with its type, long caching, ETag and Last-Modified; a matching If-None-Match gets 304; HEAD too', async () => {
    expect(storageFor(t.config).backend).toBe(s3 ? 's3' : 'local');
    const { path, stored } = await upload(t);
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(stored)).toBe(true);
    expect((await sharp(res.rawPayload).metadata()).width).toBe(48);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=604800, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(stored.length);
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^(W\/)?".+"$/);
    expect(new Date(String(res.headers['last-modified'])).getTime()).toBeGreaterThan(Date.now() - 120_000);

    const again = await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const stale = await t.app.inject({ method: 'GET', url: path, headers: { 'if-none-match': '"stale"' } });
    expect(stale.statusCode).toBe(200);

    const head = await t.app.inject({ method: 'HEAD', url: path });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
  });

  it('serves an image at a thumbnail width (?width=), made once and stored beside it; another width is a translated 400', async () => {
    const storage = storageFor(t.config);
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#c8a27a' } })
      .jpeg()
      .toBuffer();
    await storage.put('catalog/wide-photo.jpg', photo);
    const res = await t.app.inject({ method: 'GET', url: '/files/catalog/wide-photo.jpg?width=80' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=604800, immutable');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([80, 53, 'jpeg']);
    expect(res.rawPayload.length).toBeLessThan(photo.length);
    // Stored beside the original (a prefix's deletion takes it along); the next request reads it.
    expect((await storage.read('catalog/wide-photo.w80.jpg'))?.equals(res.rawPayload)).toBe(true);
    const again = await t.app.inject({ method: 'GET', url: '/files/catalog/wide-photo.jpg?width=80' });
    expect(again.headers.etag).toBe(res.headers.etag);
    expect((await t.app.inject({ method: 'GET', url: '/files/catalog/wide-photo.jpg' })).rawPayload.equals(photo)).toBe(
      true,
    );
    // Never enlarged: an upload narrower than the width comes back at its own.
    const { path } = await upload(t);
    const small = await t.app.inject({ method: 'GET', url: `${path}?width=160` });
    expect((await sharp(small.rawPayload).metadata()).width).toBe(48);
    expect((await t.app.inject({ method: 'GET', url: '/files/catalog/missing.jpg?width=80' })).statusCode).toBe(404);
    for (const width of ['81', '0', '-80', 'abc', '', '80.5', '2048']) {
      const bad = await t.app.inject({
        method: 'GET',
        url: `/files/catalog/wide-photo.jpg?width=${width}`,
        headers: { 'accept-language': 'de' },
      });
      expect([width, bad.statusCode]).toEqual([width, 400]);
      expect(bad.json()).toMatchObject({
        code: 'invalid_width',
        message: 'Ein Bild kann nur in einer dieser Breiten angefordert werden, in Pixeln: 80, 120, 160.',
      });
    }
    expect(await storage.stat('catalog/wide-photo.w81.jpg')).toBeNull();
  });

  it('answers 404 for missing files, malformed keys and every form of traversal', async () => {
    const { key } = await upload(t);
    const shopDir = key.split('/').slice(0, 2).join('/');
    for (const url of [
      '/files/shops/1/uploads/missing.png',
      '/files/',
      '/files/../package.json',
      '/files/%2e%2e/%2e%2e/package.json',
      `/files/${shopDir}/uploads/..%2f..%2f..%2fpackage.json`,
      '/files/shops/1/uploads/.hidden.png',
      '/files/shops%2f1/x.png/..',
      '/files//etc/passwd',
      `/files/${shopDir}/uploads`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect([url, res.json()]).toEqual([
        url,
        { message: 'Not found', code: 'not_found', requestId: expect.any(String) },
      ]);
    }
    // A malformed percent-encoding never reaches the route: Fastify answers 400.
    expect((await t.app.inject({ method: 'GET', url: '/files/%E0%A4%A' })).statusCode).toBe(400);
  });

  it('serves the path form from before server/storage (/files/uploads/<shop>/<name>): metafields written earlier keep working', async () => {
    const { key, stored } = await upload(t);
    const [, shopId, , name] = key.split('/');
    const res = await t.app.inject({ method: 'GET', url: `/files/uploads/${shopId}/${name}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(stored)).toBe(true);
  });

  it('the storefront URL of an upload is FILES_PUBLIC_URL/<key> (default: the app) and answers the same bytes there', async () => {
    const { url, key, stored } = await upload(t);
    const urls = fileUrls(t.config);
    const publicUrl = urls.publicRef(url);
    if (s3) {
      expect(publicUrl).toBe(`${s3.endpoint}/${s3.bucket}/${key}`);
      // Straight from the bucket: no instance of the app involved.
      const res = await fetch(publicUrl);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('cache-control')).toBe('public, max-age=604800, immutable');
      expect(Buffer.from(await res.arrayBuffer()).equals(stored)).toBe(true);
    } else {
      expect(publicUrl).toBe(`${t.config.appUrl}/files/${key}`);
      const res = await t.app.inject({ method: 'GET', url: new URL(publicUrl).pathname });
      expect(res.rawPayload.equals(stored)).toBe(true);
    }
  });
});

describe('/files with the S3 backend: any instance serves any file', () => {
  it('an upload made through one app is served by another one (its own database, the same bucket)', async () => {
    const s3 = await startS3Server();
    const one = await createTestApp({ env: s3.env });
    const two = await createTestApp({ env: s3.env });
    try {
      const { path, stored } = await upload(one);
      const res = await two.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(stored)).toBe(true);
    } finally {
      await one.close();
      await two.close();
      await s3.close();
    }
  });
});
