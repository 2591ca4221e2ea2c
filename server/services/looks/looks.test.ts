import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/testApp';
import { storageFor } from '../../storage';
import type { LookFormValues } from '../../../src/contracts/looks';

const DEMO = 'demo-shop.myshopify.com';
const URL_ = '/admin/api/v1/productLooks';

function body(overrides: Partial<LookFormValues> = {}): LookFormValues {
  return {
    mainProduct: {
      itemId: 'gid://shopify/Product/1001',
      title: 'Main tee',
      image: '/files/catalog/a.jpg',
      selectedMainImage: null,
      productImages: ['/files/catalog/a.jpg'],
    },
    active: false,
    relatedItems: [
      {
        itemId: 'gid://shopify/Product/1002',
        title: 'Second',
        image: '',
        order: 5,
        type: 'product',
        markerX: 50,
        markerY: 50,
      },
      {
        itemId: 'gid://shopify/Product/1003',
        title: 'Third',
        image: '',
        order: 9,
        type: 'product',
        markerX: 10,
        markerY: 90,
      },
    ],
    markerColor: 'ff0000',
    featured: false,
    media: [],
    discount: { enabled: false, label: '', type: 'percentage', value: 10, discountText: '' },
    tags: 'summer, city',
    ...overrides,
  };
}

function multipart(filename: string, contentType: string, data: Buffer) {
  const boundary = '----looksTestBoundary7MA4YWxkTrZu0gW';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const image = (format: 'png' | 'jpeg' | 'webp', width = 64, height = 48) => {
  const canvas = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } });
  return canvas[format]().toBuffer();
};

jest.setTimeout(20_000);

describe('looks API', () => {
  let t: TestApp;
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('productLooks')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  }, 60_000);
  afterAll(() => t.close());

  it('lists the demo looks in the paging envelope, newest first, with storefront URLs', async () => {
    const res = await t.request({ method: 'GET', url: `${URL_}?page=1&limit=2`, shop: DEMO });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.paginationDetails).toEqual({ nextPage: 2, previousPage: null, totalItems: 4 });
    expect(json.data).toHaveLength(2);
    // The SPEC's list item; a look with sold-out items (the demo's "Autumn Layers", newest) says how many.
    expect(Object.keys(json.data[1]).sort()).toEqual(['active', 'id', 'image', 'storeFrontUrl', 'tags', 'title']);
    expect(json.data[0]).toMatchObject({ title: 'Autumn Layers', soldOutItems: 1 });
    expect(Object.keys(json.data[0]).sort()).toEqual([
      'active',
      'id',
      'image',
      'soldOutItems',
      'storeFrontUrl',
      'tags',
      'title',
    ]);
    const page2 = (await t.request({ method: 'GET', url: `${URL_}?page=2&limit=2`, shop: DEMO })).json();
    expect(page2.paginationDetails).toEqual({ nextPage: null, previousPage: 1, totalItems: 4 });
    const all = [...json.data, ...page2.data];
    const summer = all.find((l: { title: string }) => l.title === 'Summer in the City');
    expect(summer.storeFrontUrl).toMatch(
      new RegExp(`^${t.config.appUrl}/storefront/products/linen-shirt-sand\\?look=${summer.id}$`),
    );
    expect(summer.image).toMatch(/^http:\/\/localhost:\d+\/files\/catalog\//);
    expect(new Set(all.map((l: { id: number }) => l.id)).size).toBe(4);
  });

  it('searches title and tags case-insensitively, and limits to 50', async () => {
    const byTag = (await t.request({ method: 'GET', url: `${URL_}?query=PARTY`, shop: DEMO })).json();
    expect(byTag.data.map((l: { tags: string }) => l.tags)).toEqual(['evening,party']);
    const none = (await t.request({ method: 'GET', url: `${URL_}?query=zzz%25`, shop: DEMO })).json();
    expect(none).toEqual({ data: [], paginationDetails: { nextPage: null, previousPage: null, totalItems: 0 } });
    expect((await t.request({ method: 'GET', url: `${URL_}?query=a&limit=50`, shop: DEMO })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `${URL_}?limit=51`, shop: DEMO })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `${URL_}?page=0`, shop: DEMO })).statusCode).toBe(400);
  });

  it('creates, reads, updates and deletes a look, keeping related-item order', async () => {
    const created = await t.request({
      method: 'POST',
      url: URL_,
      payload: { ...body(), id: 999, extra: 'ignored' },
      shop: DEMO,
    });
    expect(created.statusCode).toBe(201);
    const { id, look } = created.json();
    expect(look.id).toBe(id);
    expect(look.title).toBe('Main tee');
    expect(look.markerColor).toBe('FF0000');
    expect(look.tags).toBe('summer,city');
    expect(look.relatedItems.map((r: { itemId: string; order: number }) => [r.itemId, r.order])).toEqual([
      ['gid://shopify/Product/1002', 0],
      ['gid://shopify/Product/1003', 1],
    ]);

    // The (briefly cached) list shows a write of this process at once.
    const listed = async () =>
      (await t.request({ method: 'GET', url: `${URL_}?limit=50`, shop: DEMO }))
        .json()
        .data.map((l: { id: number }) => l.id);
    expect(await listed()).toContain(id);

    const read = (await t.request({ method: 'GET', url: `${URL_}/${id}`, shop: DEMO })).json();
    expect(read.look).toEqual(look);
    expect(read.previewUrl).toMatch(/\/storefront\/products\/[a-z-]+\?look=\d+$/);

    const reordered = body({ relatedItems: [...body().relatedItems].reverse(), tags: 'x' });
    const updated = await t.request({ method: 'PATCH', url: `${URL_}/${id}`, payload: reordered, shop: DEMO });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().look.relatedItems.map((r: { itemId: string }) => r.itemId)).toEqual([
      'gid://shopify/Product/1003',
      'gid://shopify/Product/1002',
    ]);
    expect(updated.json().previewUrl).toContain(`?look=${id}`);
    // The title stays while the main product is the same; a new main product names the look.
    const renamedProduct = body({ mainProduct: { ...body().mainProduct, title: 'Renamed in shop' } });
    expect(
      (await t.request({ method: 'PATCH', url: `${URL_}/${id}`, payload: renamedProduct, shop: DEMO })).json().look
        .title,
    ).toBe('Main tee');
    const otherMain = body({ mainProduct: { itemId: 'gid://shopify/Product/1004', title: 'Other main', image: '' } });
    expect(
      (await t.request({ method: 'PATCH', url: `${URL_}/${id}`, payload: otherMain, shop: DEMO })).json().look.title,
    ).toBe('Other main');

    expect(
      (await t.request({ method: 'GET', url: `${URL_}?limit=50&query=Other`, shop: DEMO })).json().data[0].title,
    ).toBe('Other main');
    expect((await t.request({ method: 'DELETE', url: `${URL_}/${id}`, shop: DEMO })).statusCode).toBe(204);
    expect(await listed()).not.toContain(id);
    expect((await t.request({ method: 'GET', url: `${URL_}/${id}`, shop: DEMO })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `${URL_}/${id}`, shop: DEMO })).statusCode).toBe(404);
  });

  it('rejects invalid bodies with per-field messages and writes nothing', async () => {
    const before = await count();
    const bad = [
      {},
      body({ mainProduct: { itemId: '', title: '', image: '' } }),
      body({ relatedItems: [] }),
      body({ relatedItems: [{ ...body().relatedItems[0], type: 'collection' as 'product' }] }),
      body({ relatedItems: [{ ...body().relatedItems[0], markerX: 101 }] }),
      body({ discount: { enabled: true, label: 'ab', type: 'percentage', value: 10, discountText: '' } }),
      body({ discount: { enabled: false, label: '', type: 'bogo' as 'fixed', value: 10, discountText: '' } }),
      body({ tags: 'a,,b' }),
      body({ tags: 'a,a' }),
      body({ markerColor: '#fff' }),
      body({ active: 'yes' as unknown as boolean }),
      body({ media: [{ id: 424242, url: 'http://evil.example/x.png' }] }),
    ];
    for (const payload of bad) {
      const res = await t.request({ method: 'POST', url: URL_, payload, shop: DEMO });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toBeDefined();
    }
    const res = await t.request({ method: 'POST', url: URL_, payload: body({ relatedItems: [] }), shop: DEMO });
    expect(res.json().errors).toEqual({ relatedItems: 'Add at least one related product.' });
    const label = await t.request({
      method: 'POST',
      url: URL_,
      payload: body({ discount: { enabled: true, label: 'ab', type: 'fixed', value: 5, discountText: '' } }),
      shop: DEMO,
    });
    expect(label.json().errors['discount.label']).toBe('Discount label must be at least 3 characters');

    const [first] = (await t.request({ method: 'GET', url: URL_, shop: DEMO })).json().data;
    const before1 = (await t.request({ method: 'GET', url: `${URL_}/${first.id}`, shop: DEMO })).json();
    const patch = await t.request({
      method: 'PATCH',
      url: `${URL_}/${first.id}`,
      payload: body({ relatedItems: [] }),
      shop: DEMO,
    });
    expect(patch.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `${URL_}/${first.id}`, shop: DEMO })).json()).toEqual(before1);
    expect(await count()).toBe(before);
  });

  it('enforces the plan limit of active looks on create and on activation', async () => {
    // The demo shop's free plan has room for one active look (the seed leaves every look a draft).
    const { data: seeded } = (await t.request({ method: 'GET', url: URL_, shop: DEMO })).json();
    expect(seeded.filter((l: { active: boolean }) => l.active)).toEqual([]);
    const first = await t.request({ method: 'POST', url: URL_, payload: body({ active: true }), shop: DEMO });
    expect(first.statusCode).toBe(201);

    const before = await count();
    const res = await t.request({ method: 'POST', url: URL_, payload: body({ active: true }), shop: DEMO });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('planUpgrade.is_required');
    expect(await count()).toBe(before);

    const draft = (await t.request({ method: 'POST', url: URL_, payload: body(), shop: DEMO })).json();
    const activate = await t.request({
      method: 'PATCH',
      url: `${URL_}/${draft.id}`,
      payload: body({ active: true }),
      shop: DEMO,
    });
    expect(activate.statusCode).toBe(403);
    expect(activate.json().code).toBe('planUpgrade.is_required');
    expect((await t.request({ method: 'GET', url: `${URL_}/${draft.id}`, shop: DEMO })).json().look.active).toBe(false);

    // An active look stays editable.
    const { data } = (await t.request({ method: 'GET', url: URL_, shop: DEMO })).json();
    const active = data.find((l: { active: boolean }) => l.active);
    expect(
      (await t.request({ method: 'PATCH', url: `${URL_}/${active.id}`, payload: body({ active: true }), shop: DEMO }))
        .statusCode,
    ).toBe(200);
    await t.request({ method: 'DELETE', url: `${URL_}/${draft.id}`, shop: DEMO });
    await t.request({ method: 'DELETE', url: `${URL_}/${first.json().id}`, shop: DEMO });
  });

  it('scopes everything by shop: another shop gets 404 and never the data', async () => {
    const { data } = (await t.request({ method: 'GET', url: URL_, shop: DEMO })).json();
    const id = data[0].id;
    const other = 'intruder.myshopify.com';
    expect((await t.request({ method: 'GET', url: URL_, shop: other })).json().data).toEqual([]);
    for (const [method, payload] of [['GET'], ['PATCH', body()], ['DELETE']] as const) {
      const res = await t.request({ method, url: `${URL_}/${id}`, payload, shop: other });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('gid://');
    }
    expect((await t.request({ method: 'GET', url: `${URL_}/${id}`, shop: DEMO })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: `${URL_}/abc`, shop: DEMO })).statusCode).toBe(404);
  });

  it('gives discount-link defaults from the catalog product', async () => {
    const ok = await t.request({ method: 'GET', url: `${URL_}/discountDefaults?productId=1001`, shop: DEMO });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().mainProduct).toMatchObject({ itemId: 'gid://shopify/Product/1001' });
    expect(
      (await t.request({ method: 'GET', url: `${URL_}/discountDefaults?productId=1001`, shop: 'other.myshopify.com' }))
        .statusCode,
    ).toBe(404);
  });

  describe('uploads', () => {
    const upload = (name: string, type: string, data: Buffer, shop = DEMO) =>
      t.request({ method: 'POST', url: `${URL_}/media`, ...multipart(name, type, data), shop });

    it.each(['png', 'jpeg', 'webp'] as const)('accepts a %s image, re-encodes and serves it', async (format) => {
      const res = await upload(`photo.${format}`, 'application/octet-stream', await image(format));
      expect(res.statusCode).toBe(200);
      const { url, productLookMediaId } = res.json();
      expect(productLookMediaId).toBeGreaterThan(0);
      expect(url).toMatch(/\/files\/shops\/\d+\/uploads\/[0-9a-f-]+\.(png|jpg|webp)$/);
      const served = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(served.statusCode).toBe(200);
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.width).toBe(64);
    });

    it('resizes big images to at most 2048 px and lets a look use the upload', async () => {
      const res = await upload('big.jpg', 'image/jpeg', await image('jpeg', 3000, 1000));
      const { url, productLookMediaId } = res.json();
      const stored = await storageFor(t.config).read(new URL(url).pathname.replace('/files/', ''));
      expect((await sharp(stored!).metadata()).width).toBe(2048);
      const created = await t.request({
        method: 'POST',
        url: URL_,
        payload: body({ media: [{ id: productLookMediaId, url: 'https://ignored.example/x.jpg' }] }),
        shop: DEMO,
      });
      expect(created.json().look.media).toEqual([{ id: productLookMediaId, url }]);
      // Another shop cannot attach it.
      const stolen = await t.request({
        method: 'POST',
        url: URL_,
        payload: body({ media: [{ id: productLookMediaId, url }] }),
        shop: 'thief.myshopify.com',
      });
      expect(stolen.statusCode).toBe(400);
    });

    it('rejects a text file named .png, an SVG with script, an oversize file and a missing file', async () => {
      const before = Number(
        (
          await t.db
            .selectFrom('productLookMedia')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      const text = await upload('evil.png', 'image/png', Buffer.from('hello, I am not an image'));
      expect(text.statusCode).toBe(415);
      const svg = await upload(
        'x.svg',
        'image/svg+xml',
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
        ),
      );
      expect(svg.statusCode).toBe(415);
      const big = await upload(
        'big.png',
        'image/png',
        Buffer.concat([await image('png'), Buffer.alloc(10 * 1024 * 1024 + 10)]),
      );
      expect(big.statusCode).toBe(413);
      const none = await t.request({ method: 'POST', url: `${URL_}/media`, payload: {}, shop: DEMO });
      expect(none.statusCode).toBe(415);
      const after = Number(
        (
          await t.db
            .selectFrom('productLookMedia')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(after).toBe(before);
    });
  });
});
