import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { GeneratedItemPosition } from '../../../src/contracts/hotspots';
import { createTestApp } from '../../test/testApp';
import { insertLook } from '../../test/looks';
import { DEMO_SHOP_DOMAIN, loadConfig } from '../../config';
import { FileUrls, LocalDirectory, shopFileReader, storageFor } from '../../storage';
import { createLocalGenerator } from './generator';
import type { LookProductImage } from './generatorImages';
import { colourProducts, expectPositionsOnTheirPhotos, nearest, sample } from '../../test/colourProducts';

jest.setTimeout(60000);

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

  it.each(['flat_lay', 'model'] as const)(
    '%s: each position lies on the photo of its product (7 products)',
    async (imageType) => {
      const products = await colourProducts(storage, 7);
      const out = await createLocalGenerator({ files, allowFailMarker: false }).generate(request(products, imageType));
      await expectPositionsOnTheirPhotos(out.jpeg, out.positions, products);
    },
  );

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

describe('generation API: the finished generation carries its item positions', () => {
  it('stores the positions the local generator drew at, and answers them on GET and the look-filtered list', async () => {
    const t = await createTestApp({ seed: true, deps: { gallery: { pollMs: 50 } } });
    try {
      const shop = await t.db
        .selectFrom('shops')
        .select('id')
        .where('domain', '=', DEMO_SHOP_DOMAIN)
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('shopCredits')
        .values({ shopId: shop.id, balance: 5 })
        .onConflict((oc) => oc.column('shopId').doUpdateSet({ balance: 5 }))
        .execute();
      const products = await colourProducts(storageFor(t.config), 4);
      const [main, ...related] = products;
      const lookId = await insertLook(t.db, shop.id, {
        title: 'Colours',
        mainProduct: { itemId: main.productId, title: 'Main', image: main.image },
        relatedItems: related.map((p, order) => ({
          itemId: p.productId,
          title: `Item ${order}`,
          image: p.image,
          order,
          type: 'product',
          markerX: 50,
          markerY: 50,
        })),
      });
      const other = await insertLook(t.db, shop.id, {
        title: 'Other',
        mainProduct: { itemId: main.productId, image: main.image },
      });

      const pending = await t.request({
        method: 'GET',
        url: `/admin/api/v1/image-generations?productLookId=${lookId}`,
        shop: DEMO_SHOP_DOMAIN,
      });
      expect(pending.json().data).toEqual([]);

      const created = await t.request({
        method: 'POST',
        url: '/admin/api/v1/image-generation',
        shop: DEMO_SHOP_DOMAIN,
        payload: { productLookId: lookId, imageType: 'flat_lay' },
      });
      const id = created.json().imageGenerationId as number;
      await t.request({
        method: 'POST',
        url: '/admin/api/v1/image-generation',
        shop: DEMO_SHOP_DOMAIN,
        payload: { productLookId: other, imageType: 'model' },
      });

      let generation:
        | { status: string; generatedImageUrl: string; itemPositions?: GeneratedItemPosition[] }
        | undefined;
      for (const until = Date.now() + 20000; Date.now() < until; await new Promise((r) => setTimeout(r, 50))) {
        generation = (
          await t.request({ method: 'GET', url: `/admin/api/v1/image-generation/${id}`, shop: DEMO_SHOP_DOMAIN })
        ).json();
        if (generation?.status === 'COMPLETED' || generation?.status === 'FAILED') break;
      }
      expect(generation?.status).toBe('COMPLETED');
      const positions = generation!.itemPositions!;
      const jpeg = fs.readFileSync(path.join(t.config.dataDir, generation!.generatedImageUrl));
      await expectPositionsOnTheirPhotos(jpeg, positions, products);

      const list = await t.request({
        method: 'GET',
        url: `/admin/api/v1/image-generations?productLookId=${lookId}`,
        shop: DEMO_SHOP_DOMAIN,
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().data).toEqual([
        expect.objectContaining({ id, productLook: { id: lookId, title: 'Colours' }, itemPositions: positions }),
      ]);
      expect(list.json().paginationDetails.totalItems).toBe(1);

      const bad = await t.request({
        method: 'GET',
        url: '/admin/api/v1/image-generations?productLookId=abc',
        shop: DEMO_SHOP_DOMAIN,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toEqual(expect.any(String));
    } finally {
      await t.close();
    }
  });

  it('a generation that is not finished has no itemPositions field', async () => {
    const t = await createTestApp({ seed: true, deps: { gallery: { workers: false } } });
    try {
      const shop = await t.db
        .selectFrom('shops')
        .select('id')
        .where('domain', '=', DEMO_SHOP_DOMAIN)
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('shopCredits')
        .values({ shopId: shop.id, balance: 1 })
        .onConflict((oc) => oc.column('shopId').doUpdateSet({ balance: 1 }))
        .execute();
      const lookId = await insertLook(t.db, shop.id, { title: 'Queued' });
      const created = await t.request({
        method: 'POST',
        url: '/admin/api/v1/image-generation',
        shop: DEMO_SHOP_DOMAIN,
        payload: { productLookId: lookId, imageType: 'model' },
      });
      const g = (
        await t.request({
          method: 'GET',
          url: `/admin/api/v1/image-generation/${created.json().imageGenerationId}`,
          shop: DEMO_SHOP_DOMAIN,
        })
      ).json();
      expect(g.status).toBe('IN_QUEUE');
      expect('itemPositions' in g).toBe(false);
    } finally {
      await t.close();
    }
  });
});
