import sharp from 'sharp';
import { givePaidPlan } from '../../test/platformShop';
import { createTestApp, type TestApp, shopifyModeEnv } from '../../test/testApp';
import { FakeShopifyAdmin, makeFakeProducts } from '../../test/fakeShopifyAdmin';
import type { FakeMetafields } from '../../test/fakeAdmin/metafields';
import { deliver } from '../webhooks/test/deliver';
import { API_PREFIX } from '../../../src/contracts/api';
import type { LookFormValues } from '../../../src/contracts/looks';
import type {
  CheckoutBoosterMetafield,
  ProductLooksMetafield,
  StorefrontConfig,
  StorefrontGallery,
} from '../../../src/contracts/storefront';
import { updateLayout } from '../../services/looks/layout';
import { recordChange } from '../../services/changes/outbox';
import { STOREFRONT_METAFIELDS_QUEUE } from './storefrontMetafields';

const KEY = 'metafields-key';
const SECRET = 'metafields-secret';
const LOOKS = `${API_PREFIX}/productLooks`;
const P = (n: number) => `gid://shopify/Product/${7000000 + n}`;

jest.setTimeout(60_000);

function lookBody(products: number[], active = true): LookFormValues {
  const [main, ...related] = products;
  return {
    mainProduct: { itemId: P(main), title: `Product ${main}`, image: '', selectedMainImage: null, productImages: [] },
    active,
    relatedItems: related.map((n, i) => ({
      itemId: P(n),
      title: `Product ${n}`,
      image: '',
      order: i,
      type: 'product',
      markerX: 40,
      markerY: 60,
    })),
    markerColor: '112233',
    featured: false,
    media: [],
    discount: { enabled: false, label: '', type: 'percentage', value: 0, discountText: '' },
    tags: '',
  };
}

describe('storefront metafields (APP_MODE=shopify, Admin API stand-in)', () => {
  let fake: FakeShopifyAdmin;
  let metafields: FakeMetafields;
  let t: TestApp;
  const domain = 'metafields.myshopify.com';
  let shopId: number;

  const request = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    t.request({ method, url, payload: payload as Record<string, unknown>, shop: domain });
  const written = () => t.app.storefrontMetafields!.idle(shopId);
  const productValue = (n: number) =>
    metafields.valueOf(domain, P(n), '$app', 'looks') as ProductLooksMetafield | undefined;
  const gallery = () => metafields.appDataOf(domain, 'looks', 'gallery') as StorefrontGallery | undefined;
  const config = () => metafields.appDataOf(domain, 'looks', 'config') as StorefrontConfig | undefined;
  const checkout = () =>
    metafields.valueOf(domain, metafields.shopId(domain), '$app', 'checkout') as CheckoutBoosterMetafield | undefined;
  const callsSince = (n: number) => metafields.calls.slice(n).filter((c) => c.shop === domain);
  /** Changes the writer has not read yet. */
  const marks = () => t.db.selectFrom('storefrontChanges').selectAll().where('shopId', '=', shopId).execute();
  /** The platform refuses the next metafieldsSet call (unreachable), then answers again. */
  const failFirstWrite = () => {
    const graphql = t.app.platform.admin.graphql;
    let failures = 0;
    t.app.platform.admin.graphql = async <T>(
      shop: Parameters<typeof graphql>[0],
      query: string,
      variables?: Record<string, unknown>,
    ) => {
      if (/metafieldsSet/.test(query) && failures++ === 0) throw new Error('platform unreachable');
      return graphql.call<typeof t.app.platform.admin, Parameters<typeof graphql>, Promise<T>>(
        t.app.platform.admin,
        shop,
        query,
        variables,
      );
    };
    return { failures: () => failures, restore: () => void (t.app.platform.admin.graphql = graphql) };
  };
  /** The shop's writer jobs waiting for a retry. */
  const retrying = async () =>
    (await t.app.jobs.boss.findJobs(STOREFRONT_METAFIELDS_QUEUE, { key: `shop:${shopId}`, queued: true })).filter(
      (job) => job.state === 'retry',
    ).length;
  /** The shop's writer jobs waiting to run (queued, or waiting for a retry). */
  const waiting = async () =>
    (await t.app.jobs.boss.findJobs(STOREFRONT_METAFIELDS_QUEUE, { key: `shop:${shopId}`, queued: true })).length;
  const stale = (targets: string[]) =>
    recordChange(t.db, shopId, { kind: 'storefrontStale', before: null, after: { targets } });

  beforeAll(async () => {
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET, restoreRate: 20_000 });
    metafields = fake.module<FakeMetafields>('metafields');
    fake.setProducts(domain, makeFakeProducts(8));
    t = await createTestApp({
      env: {
        ...shopifyModeEnv(fake.url, KEY, SECRET),
        FILES_PUBLIC_URL: 'https://cdn.example/looks',
      },
      // A long debounce: a burst is written once, when the test asks (idle).
      deps: { storefrontMetafields: { debounceMs: 10_000, maxWaitMs: 60_000 } },
    });
    const res = await t.request({ method: 'GET', url: `${API_PREFIX}/shop/details`, shop: domain });
    expect(res.statusCode).toBe(200);
    shopId = (await t.db.selectFrom('shops').select('id').where('domain', '=', domain).executeTakeFirstOrThrow()).id;
    await t.app.platform.catalogSync.running(shopId);
    await t.app.platform.lifecycle.idle();
    await written();
    // A paid plan: more than one active look.
    await givePaidPlan(t.db, shopId);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('the install and the catalog sync write the app-data metafields (config, empty gallery) on the app installation', async () => {
    expect(config()).toMatchObject({
      v: 1,
      currency: expect.any(String),
      layout: expect.any(Object),
      settings: expect.any(Object),
      booster: expect.any(Object),
    });
    expect(gallery()).toEqual({ v: 1, looks: [] });
    const appData = metafields.calls
      .filter((c) => c.shop === domain)
      .flatMap((c) => c.metafields)
      .filter((m) => m.namespace === 'looks');
    expect(appData.every((m) => m.ownerId === metafields.installationId(domain) && m.type === 'json')).toBe(true);
    // The checkout extension's switch, on the shop (the booster's checkout toggle is off by default).
    expect(checkout()).toEqual({ v: 1, enabled: false });
    expect(metafields.ownersWith(domain, '$app', 'checkout')).toEqual([metafields.shopId(domain)]);
    expect(await marks()).toEqual([]);
  });

  it("the booster's checkout toggle reaches the shop's $app/checkout, which the checkout extension reads; switching the app off switches it off", async () => {
    expect((await request('PATCH', `${API_PREFIX}/booster`, { enableCheckoutUIExtension: true })).statusCode).toBe(200);
    await written();
    expect(checkout()).toEqual({ v: 1, enabled: true });
    expect(config()!.booster.enableCheckoutUIExtension).toBe(true);

    expect(
      (await t.request({ method: 'PATCH', url: `${API_PREFIX}/shop`, payload: { enabled: false }, shop: domain }))
        .statusCode,
    ).toBe(200);
    await written();
    expect(checkout()).toEqual({ v: 1, enabled: false });
    expect(
      (await t.request({ method: 'PATCH', url: `${API_PREFIX}/shop`, payload: { enabled: true }, shop: domain }))
        .statusCode,
    ).toBe(200);
    expect((await request('PATCH', `${API_PREFIX}/booster`, { enableCheckoutUIExtension: false })).statusCode).toBe(
      200,
    );
    await written();
    expect(checkout()).toEqual({ v: 1, enabled: false });
    expect(await marks()).toEqual([]);
  });

  let lookId: number;

  it("an active look writes its main product's $app/looks metafield and the gallery; a draft writes nothing", async () => {
    const before = metafields.calls.length;
    const draft = await request('POST', LOOKS, lookBody([5, 6], false));
    expect(draft.statusCode).toBe(201);
    await written();
    expect(callsSince(before)).toEqual([]);

    const res = await request('POST', LOOKS, lookBody([1, 2, 3]));
    expect(res.statusCode).toBe(201);
    lookId = res.json().id;
    await written();
    const calls = callsSince(before);
    expect(calls).toHaveLength(1);
    expect(calls[0].metafields.map((m) => `${m.ownerId}:${m.namespace}/${m.key}`).sort()).toEqual(
      [`${metafields.installationId(domain)}:looks/gallery`, `${P(1)}:$app/looks`].sort(),
    );
    const value = productValue(1)!;
    expect(value.v).toBe(1);
    expect(value.looks).toHaveLength(1);
    expect(value.looks[0]).toMatchObject({ id: lookId, mainProduct: { productId: P(1) }, markerColor: '112233' });
    expect(value.looks[0].items.map((i) => i.productId)).toEqual([P(2), P(3)]);
    expect(value.looks[0].items[0]).toMatchObject({
      title: 'Product 2',
      handle: 'product-2',
      url: '/products/product-2',
      markerX: 40,
      markerY: 60,
    });
    expect(gallery()!.looks.map((l) => l.id)).toEqual([lookId]);
  });

  it('a burst of changes is one metafieldsSet call', async () => {
    const before = metafields.calls.length;
    for (const title of ['One', 'Two', 'Three']) {
      expect((await request('PATCH', `${API_PREFIX}/layout`, { customTitle: title })).statusCode).toBe(200);
    }
    expect((await request('PATCH', `${API_PREFIX}/booster`, { showOnCartPage: false })).statusCode).toBe(200);
    expect((await request('PATCH', LOOKS + `/${lookId}`, lookBody([1, 3, 2]))).statusCode).toBe(200);
    await written();
    const calls = callsSince(before);
    expect(calls).toHaveLength(1);
    expect(calls[0].metafields.map((m) => m.key).sort()).toEqual(['checkout', 'config', 'gallery', 'looks']);
    expect(config()!.layout.customTitle).toBe('Three');
    expect(productValue(1)!.looks[0].items.map((i) => i.productId)).toEqual([P(3), P(2)]);
  });

  it('moving a look to another main product empties the old one; deactivating empties the new one and the gallery', async () => {
    expect((await request('PATCH', `${LOOKS}/${lookId}`, lookBody([4, 2]))).statusCode).toBe(200);
    await written();
    expect(productValue(1)).toEqual({ v: 1, looks: [] });
    expect(productValue(4)!.looks.map((l) => l.id)).toEqual([lookId]);
    expect((await request('PATCH', `${LOOKS}/${lookId}`, lookBody([4, 2], false))).statusCode).toBe(200);
    await written();
    expect(productValue(4)).toEqual({ v: 1, looks: [] });
    expect(gallery()).toEqual({ v: 1, looks: [] });
    expect((await request('PATCH', `${LOOKS}/${lookId}`, lookBody([4, 2, 3]))).statusCode).toBe(200);
    await written();
    expect(productValue(4)!.looks[0].items.map((i) => i.productId)).toEqual([P(2), P(3)]);
  });

  it('products/update of an item rewrites the looks showing it; products/delete leaves it out and never writes the deleted product', async () => {
    const product = {
      id: 7000002,
      title: 'Renamed shirt',
      handle: 'renamed-shirt',
      status: 'active',
      variants: [{ id: 1, price: '19.00', position: 1 }],
      images: [],
    };
    expect((await deliver(t, 'products/update', product, { shop: domain })).statusCode).toBe(200);
    await written();
    expect(productValue(4)!.looks[0].items[0]).toMatchObject({
      productId: P(2),
      title: 'Renamed shirt',
      handle: 'renamed-shirt',
      price: 19,
    });
    expect(gallery()!.looks[0].items[0].title).toBe('Renamed shirt');

    const before = metafields.calls.length;
    fake.setProducts(
      domain,
      makeFakeProducts(8).filter((p) => p.id !== P(3)),
    );
    expect((await deliver(t, 'products/delete', { id: 7000003 }, { shop: domain })).statusCode).toBe(200);
    await written();
    expect(productValue(4)!.looks[0].items.map((i) => i.productId)).toEqual([P(2)]);
    // The main product itself deleted: its metafield went with it; the gallery drops the look.
    fake.setProducts(
      domain,
      makeFakeProducts(8).filter((p) => p.id !== P(3) && p.id !== P(4)),
    );
    const afterItem = metafields.calls.length;
    expect((await deliver(t, 'products/delete', { id: 7000004 }, { shop: domain })).statusCode).toBe(200);
    await written();
    const owners = callsSince(before).flatMap((c) => c.metafields.map((m) => m.ownerId));
    expect(owners.filter((o) => o === P(3))).toEqual([]);
    expect(callsSince(afterItem).flatMap((c) => c.metafields.map((m) => m.ownerId))).toEqual([
      metafields.installationId(domain),
    ]);
    expect(callsSince(before).every((c) => c.userErrors.length === 0)).toBe(true);
    expect(gallery()).toEqual({ v: 1, looks: [] });
    expect(await marks()).toEqual([]);
    fake.setProducts(domain, makeFakeProducts(8));
  });

  it('userErrors: the metafield they name is left out (logged), the others are written; THROTTLED is waited out', async () => {
    const res = await request('POST', LOOKS, lookBody([6, 7]));
    expect(res.statusCode).toBe(201);
    const before = metafields.calls.length;
    metafields.refuseNext(domain, 0, 'Value is invalid for this definition.');
    await written();
    const calls = callsSince(before);
    expect(calls).toHaveLength(2);
    expect(calls[0].userErrors).toEqual([expect.objectContaining({ elementIndex: 0, code: 'INVALID_VALUE' })]);
    expect(calls[1].metafields).toEqual(calls[0].metafields.slice(1));
    expect(await marks()).toEqual([]);

    fake.throttleNext(domain, 1, /\bmetafieldsSet\s*\(/);
    expect((await request('PATCH', `${API_PREFIX}/layout`, { customTitle: 'After throttle' })).statusCode).toBe(200);
    await written();
    expect(fake.graphql.filter((c) => c.shop === domain && c.throttled && /metafieldsSet/.test(c.query))).toHaveLength(
      1,
    );
    expect(config()!.layout.customTitle).toBe('After throttle');
  });

  it('the periodic catalog reconciliation rewrites the looks showing a product it found changed', async () => {
    const products = makeFakeProducts(8).map((p) =>
      p.id === P(7)
        ? { ...p, title: 'Reconciled trousers', updatedAt: new Date(Date.now() + 60_000).toISOString() }
        : p,
    );
    fake.setProducts(domain, products);
    expect(await t.app.platform.catalogReconciler.runOnce()).toContain(shopId);
    await written();
    expect(productValue(6)!.looks[0].items.map((i) => i.title)).toEqual(['Reconciled trousers']);
    expect(await marks()).toEqual([]);
  });

  it('a failed write leaves the changes unread; the job is retried with backoff and writes them', async () => {
    expect(await marks()).toEqual([]);
    const platform = failFirstWrite();
    try {
      expect((await request('PATCH', `${API_PREFIX}/layout`, { customTitle: 'After a failure' })).statusCode).toBe(200);
      await written();
      expect(platform.failures()).toBe(1);
      expect((await marks()).map((m) => m.kind)).toEqual(['layoutChanged']);
      // The retry comes after its backoff (5 s for this queue).
      for (let i = 0; i < 300 && (await marks()).length; i++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(config()!.layout.customTitle).toBe('After a failure');
      expect(await marks()).toEqual([]);
    } finally {
      platform.restore();
    }
    // After the failed and retried job, the shop's next write is not held back: no pile of the
    // shop's jobs waits in front of it (each job of the backoff used to queue another).
    expect(await waiting()).toBeLessThanOrEqual(1);
    const started = Date.now();
    expect((await request('PATCH', `${API_PREFIX}/layout`, { customTitle: 'After the retry' })).statusCode).toBe(200);
    await written();
    expect(config()!.layout.customTitle).toBe('After the retry');
    // (It waited behind such a pile for 20 to 30 s.)
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("a write after a failed one does not wait for the failed one's retry", async () => {
    const platform = failFirstWrite();
    try {
      expect((await request('PATCH', `${API_PREFIX}/layout`, { customTitle: 'Failed once' })).statusCode).toBe(200);
      await written();
      expect(platform.failures()).toBe(1);
      // The failed job waits for its retry (5 to 10 s); a new change is written now, with the unread one,
      // while the failed job still waits.
      expect((await request('PATCH', `${API_PREFIX}/booster`, { showOnCartPage: true })).statusCode).toBe(200);
      await written();
      expect(await retrying()).toBe(1);
      expect(config()!.layout.customTitle).toBe('Failed once');
      expect(config()!.booster.showOnCartPage).toBe(true);
      expect(await marks()).toEqual([]);
    } finally {
      platform.restore();
    }
  });

  it("a mark's metafields go in one call: the config and the shop's switch are never split between two calls", async () => {
    fake.setProducts(domain, makeFakeProducts(40));
    const before = metafields.calls.length;
    // 24 products no earlier test deleted, then the config: its two metafields would be the 25th and 26th.
    await stale([...Array.from({ length: 24 }, (_, i) => `product:${P(i + 11)}`), 'config']);
    await written();
    const calls = callsSince(before);
    expect(calls.map((c) => c.metafields.length)).toEqual([24, 2]);
    expect(calls[1].metafields.map((m) => m.key).sort()).toEqual(['checkout', 'config']);
    expect(await marks()).toEqual([]);
    fake.setProducts(domain, makeFakeProducts(8));
  });

  it("the app's images are written at FILES_PUBLIC_URL (a CDN or the bucket), never at an instance; the platform's stay as they are", async () => {
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#e76f51' } })
      .png()
      .toBuffer();
    const boundary = '----metafieldImageBoundary';
    const uploaded = await t.request({
      method: 'POST',
      url: `${LOOKS}/media`,
      shop: domain,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="l.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    const { url } = uploaded.json() as { url: string };
    const key = new URL(url).pathname.slice('/files/'.length);
    expect(key).toMatch(new RegExp(`^shops/${shopId}/uploads/`));
    const body = lookBody([8, 5]);
    body.mainProduct.selectedMainImage = url;
    body.relatedItems[0].image = 'https://cdn.shopify.com/s/files/1/item.jpg';
    const created = await request('POST', LOOKS, body);
    expect(created.statusCode).toBe(201);
    await written();
    const look = productValue(8)!.looks[0];
    expect(look.mainProduct.image).toBe(`https://cdn.example/looks/${key}`);
    expect(look.items[0].image).toBe('https://cdn.shopify.com/s/files/1/item.jpg');
    expect(gallery()!.looks.find((l) => l.id === look.id)?.mainProduct.image).toBe(`https://cdn.example/looks/${key}`);
    expect((await request('DELETE', `${LOOKS}/${created.json().look.id}`)).statusCode).toBe(204);
    await written();
  });

  it('after app/uninstalled nothing is written and the changes are read past', async () => {
    const titleBefore = config()!.layout.customTitle;
    const res = await deliver(t, 'app/uninstalled', { id: 1, myshopify_domain: domain }, { shop: domain });
    expect(res.statusCode).toBe(200);
    const before = fake.graphql.length;
    const shop = await t.db.selectFrom('shops').selectAll().where('id', '=', shopId).executeTakeFirstOrThrow();
    await updateLayout(t.db, shop, { customTitle: 'Not installed' });
    await stale([`product:${P(6)}`, 'gallery']);
    await written();
    expect(fake.graphql.slice(before).filter((c) => c.shop === domain)).toEqual([]);
    expect(await marks()).toEqual([]);
    expect(config()!.layout.customTitle).toBe(titleBefore);

    // Installed again (a new installation on the platform, its app data gone): everything is written anew.
    metafields.reinstall(domain);
    expect(config()).toBeUndefined();
    expect((await t.request({ method: 'GET', url: `${API_PREFIX}/shop/details`, shop: domain })).statusCode).toBe(200);
    await t.app.platform.lifecycle.idle();
    await written();
    expect(config()!.layout.customTitle).toBe('Not installed');
    expect(gallery()!.looks.map((l) => l.mainProduct.productId)).toEqual([P(6)]);
    expect(productValue(6)!.looks).toHaveLength(1);
  });
});
