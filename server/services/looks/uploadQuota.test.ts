import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/testApp';
import { storageFor } from '../../storage';
import { UPLOAD_QUOTA } from './media';

jest.setTimeout(60_000);

const MEDIA = '/admin/api/v1/productLooks/media';
const MB = 1024 * 1024;

function multipart(data: Buffer) {
  const boundary = '----quotaTestBoundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="look.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Random pixels: PNG cannot squeeze them, so the stored size is known to be large. */
const noise = (side: number) =>
  sharp(Buffer.from(Array.from({ length: side * side * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width: side, height: side, channels: 3 },
  })
    .png()
    .toBuffer();
const small = () =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/**
 * Each shop may keep UPLOAD_QUOTA.files uploads and UPLOAD_QUOTA.bytes stored
 * bytes; beyond that an upload gets a translated 413 and nothing is stored
 * (no row, no file). Uploads the shop already has are counted from the database.
 */
describe('upload quota per shop', () => {
  let t: TestApp;
  const upload = (shop: string, data: Buffer) => t.request({ method: 'POST', url: MEDIA, shop, ...multipart(data) });

  /** Existing uploads, as rows (the truth the quota counts), each of `bytes`. */
  async function existingUploads(shop: string, count: number, bytes: number) {
    const { id } = await t.provision(shop);
    const rows = Array.from({ length: count }, (_, i) => ({
      shopId: id,
      fileName: `shops/${id}/uploads/old-${i}.png`,
      contentType: 'image/png',
      width: 10,
      height: 10,
      bytes,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.db
        .insertInto('productLookMedia')
        .values(rows.slice(i, i + 200))
        .execute();
    return id;
  }
  const stored = async (shopId: number) => {
    const rows = await t.db.selectFrom('productLookMedia').select('fileName').where('shopId', '=', shopId).execute();
    let files = 0;
    for await (const _key of storageFor(t.config).list(`shops/${shopId}/uploads/`)) files += 1;
    return { rows: rows.length, files };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it(`allows ${UPLOAD_QUOTA.files} uploads, then answers 413 with the limit, storing nothing`, async () => {
    const shopId = await existingUploads('full.myshopify.com', UPLOAD_QUOTA.files - 1, 1000);
    const last = await upload('full.myshopify.com', await small());
    expect(last.statusCode).toBe(200);
    expect(await stored(shopId)).toEqual({ rows: UPLOAD_QUOTA.files, files: 1 });

    const over = await upload('full.myshopify.com', await small());
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      message: `Your shop has reached its limit of ${UPLOAD_QUOTA.files} uploaded images.`,
      code: 'media.quota_files',
      requestId: expect.any(String),
    });
    expect(await stored(shopId)).toEqual({ rows: UPLOAD_QUOTA.files, files: 1 });
    // Another shop is not affected.
    expect((await upload('roomy.myshopify.com', await small())).statusCode).toBe(200);
  });

  it('counts stored bytes: an image that would pass the byte limit gets 413, a smaller one still fits', async () => {
    const big = await noise(400); // about 480 kB as PNG, stored as PNG again
    const shopId = await existingUploads('heavy.myshopify.com', 10, Math.floor((UPLOAD_QUOTA.bytes - 100_000) / 10));
    const over = await upload('heavy.myshopify.com', big);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      message: `This image would take your shop's uploads over the storage limit of ${UPLOAD_QUOTA.bytes / MB} MB.`,
      code: 'media.quota_bytes',
      requestId: expect.any(String),
    });
    expect(await stored(shopId)).toEqual({ rows: 10, files: 0 });
    expect((await upload('heavy.myshopify.com', await small())).statusCode).toBe(200);
    expect(await stored(shopId)).toEqual({ rows: 11, files: 1 });
  });

  it('the message is in the shop language', async () => {
    await existingUploads('voll.myshopify.com', UPLOAD_QUOTA.files, 1000);
    await t.db.updateTable('shops').set({ locale: 'de' }).where('domain', '=', 'voll.myshopify.com').execute();
    const res = await upload('voll.myshopify.com', await small());
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(
      `Dein Shop hat sein Limit von ${UPLOAD_QUOTA.files} hochgeladenen Bildern erreicht.`,
    );
  });

  it('parallel uploads at the limit: exactly the remaining room is used', async () => {
    const shopId = await existingUploads('race.myshopify.com', UPLOAD_QUOTA.files - 2, 1000);
    const image = await small();
    const results = await Promise.all(Array.from({ length: 5 }, () => upload('race.myshopify.com', image)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 413, 413, 413]);
    expect(await stored(shopId)).toEqual({ rows: UPLOAD_QUOTA.files, files: 2 });
  });
});
