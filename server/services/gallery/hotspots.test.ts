import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { GeneratedItemPosition } from '../../../src/contracts/hotspots';
import { createTestApp } from '../../test/testApp';
import { insertLook } from '../../test/looks';
import { DEMO_SHOP_DOMAIN, loadConfig } from '../../config';
import { FileUrls, LocalDirectory, shopFileReader, storageFor, type FileStorage } from '../../storage';
import { createLocalGenerator } from './generator';
import { createExternalGenerator } from './generatorExternal';
import type { LookProductImage } from './generatorImages';

jest.setTimeout(60000);

/** Saturated colours far apart, one per product photo (JPEG keeps them recognisable). */
const COLOURS: Array<[number, number, number]> = [
  [220, 20, 20],
  [20, 170, 40],
  [30, 60, 220],
  [240, 210, 20],
  [200, 30, 200],
  [20, 200, 210],
  [120, 60, 10],
];

/** Stores one solid-colour photo per product under catalog/ and answers the look's products. */
async function colourProducts(storage: FileStorage, count: number): Promise<LookProductImage[]> {
  const products: LookProductImage[] = [];
  for (let i = 0; i < count; i++) {
    const [r, g, b] = COLOURS[i];
    const file = `colour-${i}.png`;
    await storage.put(`catalog/${file}`, await sharp({ create: { width: 400, height: 400, channels: 3, background: { r, g, b } } }).png().toBuffer());
    products.push({ productId: `gid://shopify/Product/${900 + i}`, image: `/files/catalog/${file}`, main: i === 0 });
  }
  return products;
}

/** The mean colour of a 9 × 9 patch of the image around a point given in percent. */
async function sample(jpeg: Buffer, xPercent: number, yPercent: number): Promise<[number, number, number]> {
  const { width = 0, height = 0 } = await sharp(jpeg).metadata();
  const left = Math.min(width - 9, Math.max(0, Math.round((xPercent / 100) * width) - 4));
  const top = Math.min(height - 9, Math.max(0, Math.round((yPercent / 100) * height) - 4));
  const { data } = await sharp(jpeg).extract({ left, top, width: 9, height: 9 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 3) for (let c = 0; c < 3; c++) sum[c] += data[i + c];
  return sum.map((v) => v / (data.length / 3)) as [number, number, number];
}

const distance = (a: number[], b: number[]) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

/** The product whose colour is nearest to the sample (and how near). */
function nearest(colour: [number, number, number]) {
  const ranked = COLOURS.map((c, i) => ({ i, d: distance(colour, c) })).sort((a, b) => a.d - b.d);
  return ranked[0];
}

/** Every position points at its own product's photo in the image, inside its box. */
async function expectPositionsOnTheirPhotos(jpeg: Buffer, positions: GeneratedItemPosition[], products: LookProductImage[]) {
  expect(positions.map((p) => p.productId)).toEqual(products.map((p) => p.productId));
  for (const [i, p] of positions.entries()) {
    expect(p.source).toBe('composed');
    expect(p.box).toBeDefined();
    expect(p.x).toBeGreaterThanOrEqual(p.box!.left);
    expect(p.x).toBeLessThanOrEqual(p.box!.left + p.box!.width);
    expect(p.y).toBeGreaterThanOrEqual(p.box!.top);
    expect(p.y).toBeLessThanOrEqual(p.box!.top + p.box!.height);
    const match = nearest(await sample(jpeg, p.x, p.y));
    expect({ product: i, found: match.i }).toEqual({ product: i, found: i });
    expect(match.d).toBeLessThan(40);
  }
}

describe('local generator: item positions', () => {
  let filesDir: string;
  let storage: LocalDirectory;
  let files: ReturnType<typeof shopFileReader>;
  beforeAll(() => {
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-hotspots-'));
    storage = new LocalDirectory(filesDir);
    files = shopFileReader(storage, new FileUrls(loadConfig({ DATA_DIR: filesDir })));
  });
  afterAll(() => fs.rmSync(filesDir, { recursive: true, force: true }));

  const request = (products: LookProductImage[], imageType: 'flat_lay' | 'model') => ({
    generationId: 1,
    shopId: 1,
    imageType,
    customPrompt: null,
    look: { title: 'Summer', products },
    signal: new AbortController().signal,
  });

  it.each(['flat_lay', 'model'] as const)('%s: each position lies on the photo of its product (7 products)', async (imageType) => {
    const products = await colourProducts(storage, 7);
    const out = await createLocalGenerator({ files, allowFailMarker: false }).generate(request(products, imageType));
    await expectPositionsOnTheirPhotos(out.jpeg, out.positions, products);
  });

  it('with fewer products: one position per drawn product; a sample between them finds the background', async () => {
    const products = await colourProducts(storage, 3);
    const out = await createLocalGenerator({ files, allowFailMarker: false }).generate(request(products, 'flat_lay'));
    await expectPositionsOnTheirPhotos(out.jpeg, out.positions, products);
    // The bottom-right corner holds no product: the sample there is far from every product colour.
    expect(nearest(await sample(out.jpeg, 97, 80)).d).toBeGreaterThan(80);
  });

  it('draws at most 7 products and reports only those', async () => {
    const products = await colourProducts(storage, 7);
    const more = [...products, { productId: 'gid://shopify/Product/999', image: products[1].image, main: false }];
    const out = await createLocalGenerator({ files, allowFailMarker: false }).generate(request(more, 'model'));
    expect(out.positions.map((p) => p.productId)).not.toContain('gid://shopify/Product/999');
    expect(out.positions).toHaveLength(7);
  });
});

describe('external generator: boxes or the fallback grid', () => {
  const products: LookProductImage[] = [
    { productId: 'gid://shopify/Product/1', image: '/files/catalog/a.jpg', main: true },
    { productId: 'gid://shopify/Product/2', image: 'https://cdn.example/b.jpg', main: false },
    { productId: 'gid://shopify/Product/3', image: 'https://cdn.example/c.jpg', main: false },
  ];
  const base = { generationId: 1, shopId: 1, imageType: 'flat_lay' as const, look: { title: 'L', products }, signal: new AbortController().signal };

  async function withService(answer: (body: Record<string, unknown>) => { type: string; body: Buffer | string }, run: (url: string, seen: unknown[]) => Promise<void>) {
    const seen: unknown[] = [];
    const server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        const body = JSON.parse(raw);
        seen.push(body);
        const out = answer(body);
        res.writeHead(200, { 'content-type': out.type }).end(out.body);
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}/generate`, seen);
    } finally {
      server.close();
    }
  }

  const png = () => sharp({ create: { width: 400, height: 200, channels: 3, background: '#888' } }).png().toBuffer();

  it('asks for boxes and uses the ones it gets (pixels by product id or index); the rest take their grid cell', async () => {
    const image = await png();
    await withService(
      () => ({
        type: 'application/json',
        body: JSON.stringify({
          imageBase64: image.toString('base64'),
          boxes: [
            { productId: 'gid://shopify/Product/2', x: 200, y: 100, width: 100, height: 50 },
            { index: 0, box: [0, 0, 40, 20] },
            { productId: 'gid://shopify/Product/3', x: 'left', y: 0, width: 10, height: 10 },
            { productId: 'gid://shopify/Product/unknown', x: 0, y: 0, width: 10, height: 10 },
            null,
          ],
        }),
      }),
      async (url, seen) => {
        const out = await createExternalGenerator({ url, appUrl: 'https://app.example' }).generate({ ...base, customPrompt: null });
        expect(seen[0]).toMatchObject({
          returnBoxes: true,
          items: [
            { productId: 'gid://shopify/Product/1', image: 'https://app.example/files/catalog/a.jpg', main: true },
            { productId: 'gid://shopify/Product/2', image: 'https://cdn.example/b.jpg', main: false },
            { productId: 'gid://shopify/Product/3', image: 'https://cdn.example/c.jpg', main: false },
          ],
        });
        expect(out.positions).toEqual([
          { productId: 'gid://shopify/Product/1', x: 5, y: 5, box: { left: 0, top: 0, width: 10, height: 10 }, source: 'detected' },
          { productId: 'gid://shopify/Product/2', x: 62.5, y: 62.5, box: { left: 50, top: 50, width: 25, height: 25 }, source: 'detected' },
          // 3 items: a 2 × 2 grid, the third item in the bottom-left cell.
          { productId: 'gid://shopify/Product/3', x: 25, y: 75, box: { left: 0, top: 50, width: 50, height: 50 }, source: 'grid' },
        ]);
      },
    );
  });

  it('reads fraction and percent units; clips boxes to the image and drops those outside it', async () => {
    const image = await png();
    const answers = [
      { boxUnit: 'fraction', boxes: [{ index: 1, left: 0.5, top: 0.5, width: 0.5, height: 0.5 }, { index: 2, x: 1.2, y: 0, width: 0.1, height: 0.1 }] },
      { boxUnit: 'percent', boxes: [{ index: 1, x: 80, y: -10, width: 40, height: 30 }, { index: 2, x: 10, y: 10, width: 0, height: 5 }] },
    ];
    let n = 0;
    await withService(
      () => ({ type: 'application/json', body: JSON.stringify({ imageBase64: image.toString('base64'), ...answers[n++] }) }),
      async (url) => {
        const gen = createExternalGenerator({ url, appUrl: 'https://app.example' });
        const fraction = (await gen.generate({ ...base, customPrompt: null })).positions;
        expect(fraction[1]).toEqual({ productId: 'gid://shopify/Product/2', x: 75, y: 75, box: { left: 50, top: 50, width: 50, height: 50 }, source: 'detected' });
        expect(fraction[2].source).toBe('grid');
        const percent = (await gen.generate({ ...base, customPrompt: null })).positions;
        expect(percent[1]).toEqual({ productId: 'gid://shopify/Product/2', x: 90, y: 10, box: { left: 80, top: 0, width: 20, height: 20 }, source: 'detected' });
        expect(percent[2].source).toBe('grid');
      },
    );
  });

  it('an image answer (no JSON, so no boxes) places every item on the grid', async () => {
    const image = await png();
    await withService(
      () => ({ type: 'image/png', body: image }),
      async (url) => {
        const out = await createExternalGenerator({ url, appUrl: 'https://app.example' }).generate({ ...base, customPrompt: null });
        expect(out.positions.map(({ productId, x, y, source }) => ({ productId, x, y, source }))).toEqual([
          { productId: 'gid://shopify/Product/1', x: 25, y: 25, source: 'grid' },
          { productId: 'gid://shopify/Product/2', x: 75, y: 25, source: 'grid' },
          { productId: 'gid://shopify/Product/3', x: 25, y: 75, source: 'grid' },
        ]);
      },
    );
  });
});

describe('generation API: the finished generation carries its item positions', () => {
  it('stores the positions the local generator drew at, and answers them on GET and the look-filtered list', async () => {
    const t = await createTestApp({ seed: true, deps: { gallery: { pollMs: 50 } } });
    try {
      const shop = await t.db.selectFrom('shops').select('id').where('domain', '=', DEMO_SHOP_DOMAIN).executeTakeFirstOrThrow();
      await t.db.insertInto('shopCredits').values({ shopId: shop.id, balance: 5 }).onConflict((oc) => oc.column('shopId').doUpdateSet({ balance: 5 })).execute();
      const products = await colourProducts(storageFor(t.config), 4);
      const [main, ...related] = products;
      const lookId = await insertLook(t.db, shop.id, {
        title: 'Colours',
        mainProduct: { itemId: main.productId, title: 'Main', image: main.image },
        relatedItems: related.map((p, order) => ({ itemId: p.productId, title: `Item ${order}`, image: p.image, order, type: 'product', markerX: 50, markerY: 50 })),
      });
      const other = await insertLook(t.db, shop.id, { title: 'Other', mainProduct: { itemId: main.productId, image: main.image } });

      const pending = await t.request({ method: 'GET', url: `/admin/api/v1/image-generations?productLookId=${lookId}`, shop: DEMO_SHOP_DOMAIN });
      expect(pending.json().data).toEqual([]);

      const created = await t.request({ method: 'POST', url: '/admin/api/v1/image-generation', shop: DEMO_SHOP_DOMAIN, payload: { productLookId: lookId, imageType: 'flat_lay' } });
      const id = created.json().imageGenerationId as number;
      await t.request({ method: 'POST', url: '/admin/api/v1/image-generation', shop: DEMO_SHOP_DOMAIN, payload: { productLookId: other, imageType: 'model' } });

      let generation: { status: string; generatedImageUrl: string; itemPositions?: GeneratedItemPosition[] } | undefined;
      for (const until = Date.now() + 20000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
        generation = (await t.request({ method: 'GET', url: `/admin/api/v1/image-generation/${id}`, shop: DEMO_SHOP_DOMAIN })).json();
        if (generation?.status === 'COMPLETED' || generation?.status === 'FAILED') break;
      }
      expect(generation?.status).toBe('COMPLETED');
      const positions = generation!.itemPositions!;
      const jpeg = fs.readFileSync(path.join(t.config.dataDir, generation!.generatedImageUrl));
      await expectPositionsOnTheirPhotos(jpeg, positions, products);

      const list = await t.request({ method: 'GET', url: `/admin/api/v1/image-generations?productLookId=${lookId}`, shop: DEMO_SHOP_DOMAIN });
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toEqual([expect.objectContaining({ id, productLook: { id: lookId, title: 'Colours' }, itemPositions: positions })]);
      expect(list.json().paginationDetails.totalItems).toBe(1);

      const bad = await t.request({ method: 'GET', url: '/admin/api/v1/image-generations?productLookId=abc', shop: DEMO_SHOP_DOMAIN });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toEqual(expect.any(String));
    } finally {
      await t.close();
    }
  });

  it('a generation that is not finished has no itemPositions field', async () => {
    const t = await createTestApp({ seed: true, deps: { gallery: { workers: false } } });
    try {
      const shop = await t.db.selectFrom('shops').select('id').where('domain', '=', DEMO_SHOP_DOMAIN).executeTakeFirstOrThrow();
      await t.db.insertInto('shopCredits').values({ shopId: shop.id, balance: 1 }).onConflict((oc) => oc.column('shopId').doUpdateSet({ balance: 1 })).execute();
      const lookId = await insertLook(t.db, shop.id, { title: 'Queued' });
      const created = await t.request({ method: 'POST', url: '/admin/api/v1/image-generation', shop: DEMO_SHOP_DOMAIN, payload: { productLookId: lookId, imageType: 'model' } });
      const g = (await t.request({ method: 'GET', url: `/admin/api/v1/image-generation/${created.json().imageGenerationId}`, shop: DEMO_SHOP_DOMAIN })).json();
      expect(g.status).toBe('IN_QUEUE');
      expect('itemPositions' in g).toBe(false);
    } finally {
      await t.close();
    }
  });
});
