import { createTestApp, type TestApp, shopifyModeEnv } from '../test/testApp';
import { FakeShopifyAdmin, fakeVariantId, makeFakeProducts } from '../test/fakeShopifyAdmin';
import type { FakeBulk } from '../test/fakeAdmin/bulk';
import { API_PREFIX } from '../../src/contracts/api';
import type { CatalogSyncState } from '../../src/contracts/catalog';
import { BATCH_SIZE } from './catalogBulk';

jest.setTimeout(60_000);

const KEY = 'bulk-key';
const SECRET = 'bulk-secret';
const SYNC = `${API_PREFIX}/catalog/sync`;

/** Large catalogs (above CATALOG_BULK_THRESHOLD) are read with a bulk operation; the merchant sees the progress. */
describe('catalog sync with a bulk operation (Admin API stand-in)', () => {
  let fake: FakeShopifyAdmin;
  let bulk: FakeBulk;
  let t: TestApp;
  const products = makeFakeProducts(1200, 'Wool');

  beforeAll(async () => {
    // A fast refill: the page-by-page fallback need not wait long for the bucket.
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET, restoreRate: 20_000 });
    bulk = fake.module<FakeBulk>('bulk');
    t = await createTestApp({
      env: {
        ...shopifyModeEnv(fake.url, KEY, SECRET),
        CATALOG_BULK_THRESHOLD: '1000',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const shopRow = (domain: string) =>
    t.db.selectFrom('shops').selectAll().where('domain', '=', domain).executeTakeFirstOrThrow();
  const state = async (domain: string) =>
    (await t.request({ method: 'GET', url: SYNC, shop: domain })).json() as CatalogSyncState;

  /**
   * The states the merchant's banner would see, polled until the sync ends (an install's sync is a job
   * queued with the token, on whichever instance: its progress row is what tells).
   */
  async function watch(domain: string): Promise<CatalogSyncState[]> {
    const seen: CatalogSyncState[] = [await state(domain)];
    for (const deadline = Date.now() + 90_000; seen.at(-1)!.status === 'running' && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 20));
      seen.push(await state(domain));
    }
    return seen;
  }

  it('reads 1,200 products from the JSONL (children apart from their parents) in batches, with progress', async () => {
    const domain = 'big.myshopify.com';
    fake.setProducts(domain, products);
    expect((await t.request({ method: 'GET', url: `${API_PREFIX}/shop/details`, shop: domain })).statusCode).toBe(200);
    const shop = await shopRow(domain);
    const seen = await watch(domain);

    // One operation, polled until COMPLETED, its file downloaded once; no products page was asked for.
    const [operation, ...others] = bulk.operations(domain);
    expect(others).toEqual([]);
    expect(operation).toMatchObject({ status: 'COMPLETED', groupObjects: false });
    expect(operation.polls).toBeGreaterThanOrEqual(2);
    expect(operation.query).toMatch(/variants\s*\{\s*edges/);
    expect(bulk.downloads).toEqual([operation.id]);
    expect(fake.graphql.filter((c) => c.shop === domain && c.query.includes('products('))).toEqual([]);

    // Progress: running (the count known after the first question), then done; written in batches of BATCH_SIZE.
    const running = seen.filter((s) => s.status === 'running');
    expect(running.filter((s) => s.total === 1200).length).toBeGreaterThan(0);
    for (const s of running) {
      expect([null, 1200]).toContain(s.total);
      expect(s.first).toBe(true);
      expect([0, BATCH_SIZE, 2 * BATCH_SIZE, 1200]).toContain(s.synced);
    }
    const counts = seen.map((s) => s.synced);
    expect([...counts].sort((a, b) => a - b)).toEqual(counts);
    expect(seen.at(-1)).toMatchObject({ status: 'done', synced: 1200, total: 1200, first: false });
    expect(seen.at(-1)!.finishedAt).not.toBeNull();

    // Every product with its first variant by position (price, compare-at price, gid), also those
    // whose variants came after their product's batch was written.
    const rows = await t.db
      .selectFrom('catalogProducts')
      .selectAll()
      .where('shopId', '=', shop.id)
      .orderBy('gid')
      .execute();
    expect(rows).toHaveLength(1200);
    const byGid = new Map(rows.map((r) => [r.gid, r]));
    for (const p of products) {
      const row = byGid.get(p.id)!;
      expect({
        gid: row.gid,
        title: row.title,
        price: row.price,
        compareAtPrice: row.compareAtPrice,
        variant: row.defaultVariantGid,
        images: row.images,
      }).toEqual({
        gid: p.id,
        title: p.title,
        price: p.price,
        compareAtPrice: p.compareAtPrice,
        variant: fakeVariantId(p),
        images: [p.images[0]],
      });
    }
    const sync = await t.db
      .selectFrom('catalogSyncs')
      .selectAll()
      .where('shopId', '=', shop.id)
      .executeTakeFirstOrThrow();
    expect(sync).toMatchObject({ mode: 'bulk', bulkOperationId: null });
    expect(sync.reconciledAt).not.toBeNull();
  });

  it('a FAILED operation fails the sync (the merchant may retry), and the retry completes it', async () => {
    const domain = 'big-failing.myshopify.com';
    fake.setProducts(domain, products.slice(0, 1100));
    bulk.failNext(domain, 'INTERNAL_SERVER_ERROR');
    expect((await t.request({ method: 'GET', url: `${API_PREFIX}/shop/details`, shop: domain })).statusCode).toBe(200);
    const shop = await shopRow(domain);
    await watch(domain);
    expect(await state(domain)).toMatchObject({ status: 'failed', synced: 0, total: 1100, first: true });
    const row = await t.db
      .selectFrom('catalogSyncs')
      .select(['error', 'bulkOperationId'])
      .where('shopId', '=', shop.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ error: 'bulk operation FAILED (INTERNAL_SERVER_ERROR)', bulkOperationId: null });
    expect(bulk.operations(domain).map((o) => o.status)).toEqual(['FAILED']);

    const retry = await t.request({ method: 'POST', url: SYNC, shop: domain });
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toMatchObject({ status: 'running', synced: 0 });
    await t.app.platform.catalogSync.running(shop.id);
    expect(await state(domain)).toMatchObject({ status: 'done', synced: 1100, total: 1100 });
    expect(bulk.operations(domain).map((o) => o.status)).toEqual(['FAILED', 'COMPLETED']);
  });

  it('an operation that cannot start (the shop runs as many as it may) falls back to reading page by page', async () => {
    const domain = 'big-busy.myshopify.com';
    fake.setProducts(domain, products.slice(0, 1050));
    bulk.occupy(domain);
    expect((await t.request({ method: 'GET', url: `${API_PREFIX}/shop/details`, shop: domain })).statusCode).toBe(200);
    const shop = await shopRow(domain);
    await watch(domain);
    expect(await state(domain)).toMatchObject({ status: 'done', synced: 1050, total: 1050 });
    expect(bulk.operations(domain)).toEqual([]);
    const run = fake.graphql.filter((c) => c.shop === domain && c.query.includes('bulkOperationRunQuery'));
    expect(run).toHaveLength(1);
    expect(fake.graphql.filter((c) => c.shop === domain && c.query.includes('products(')).length).toBeGreaterThan(10);
    expect(
      await t.db.selectFrom('catalogSyncs').select('mode').where('shopId', '=', shop.id).executeTakeFirstOrThrow(),
    ).toEqual({ mode: 'paged' });
  });

  it('a retry while a sync runs starts no second one; without a session token it is refused', async () => {
    const domain = 'big.myshopify.com';
    await shopRow(domain);
    const before = bulk.operations(domain).length;
    const [a, b] = await Promise.all([
      t.request({ method: 'POST', url: SYNC, shop: domain }),
      t.request({ method: 'POST', url: SYNC, shop: domain }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([202, 202]);
    await watch(domain);
    expect(await state(domain)).toMatchObject({ status: 'done' });
    expect(bulk.operations(domain)).toHaveLength(before + 1);
    expect((await t.app.inject({ method: 'POST', url: SYNC })).statusCode).toBe(401);
  });
  it('a sync whose instance died mid-way reads as failed once stale, and its retried job resumes its bulk operation', async () => {
    const domain = 'big.myshopify.com';
    const shop = await shopRow(domain);
    const operation = bulk.operations(domain).at(-1)!;
    // As an instance that died while polling leaves it: running, the operation noted, no progress for 11 minutes.
    const { generation } = await t.db
      .updateTable('catalogSyncs')
      .set({
        status: 'running',
        mode: 'bulk',
        bulkOperationId: operation.id,
        synced: 0,
        updatedAt: new Date(Date.now() - 11 * 60_000),
      })
      .where('shopId', '=', shop.id)
      .returning('generation')
      .executeTakeFirstOrThrow();
    expect(await state(domain)).toMatchObject({ status: 'failed' });
    const started = fake.graphql.filter((c) => c.shop === domain && c.query.includes('bulkOperationRunQuery')).length;
    // The job engine's retry of the dead try (catalogSync.test.ts proves the heartbeat hands it over).
    await t.app.platform.catalogSync.run({
      data: { shopId: shop.id, domain, generation },
      retryCount: 1,
      retryLimit: 5,
      signal: new AbortController().signal,
    });
    expect(await state(domain)).toMatchObject({ status: 'done', synced: 1200, total: 1200 });
    // No new operation: the noted one was polled and its file read again.
    expect(fake.graphql.filter((c) => c.shop === domain && c.query.includes('bulkOperationRunQuery'))).toHaveLength(
      started,
    );
    expect(bulk.downloads.filter((id) => id === operation.id)).toHaveLength(2);
  });
});
