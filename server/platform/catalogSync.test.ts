import { FakeShopifyAdmin, makeFakeProducts } from '../test/fakeShopifyAdmin';
import { createTestApp, type TestApp, shopifyModeEnv } from '../test/testApp';
import { API_PREFIX } from '../../src/contracts/api';
import { PAGE_SIZE } from './catalogProducts';

/*
 * The full catalog sync as a job (queue `catalog.sync`): a newer sync supersedes an older one (the
 * generation is checked in each write's transaction), a try that stops resumes at its checkpoint,
 * and the end removes exactly the products no try saw. (The job engine's heartbeat handing a dead
 * instance's try to another one is generationQueue.test.ts and the scale test's SIGKILL check.)
 */
const KEY = 'sync-key';
const SECRET = 'sync-secret';
jest.setTimeout(120_000);

describe('catalog sync jobs', () => {
  let fake: FakeShopifyAdmin;
  let t: TestApp;
  const domain = 'sync-jobs.myshopify.com';
  let shopId: number;

  beforeAll(async () => {
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET });
    fake.setProducts(domain, makeFakeProducts(PAGE_SIZE * 4 + 10, 'Sync'));
    t = await createTestApp({
      env: shopifyModeEnv(fake.url, KEY, SECRET),
    });
    expect((await t.request({ method: 'GET', url: `${API_PREFIX}/shop/details`, shop: domain })).statusCode).toBe(200);
    shopId = (await t.db.selectFrom('shops').select('id').where('domain', '=', domain).executeTakeFirstOrThrow()).id;
    await t.app.platform.catalogSync.running(shopId);
    await t.app.platform.lifecycle.idle();
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const syncRow = () =>
    t.db.selectFrom('catalogSyncs').selectAll().where('shopId', '=', shopId).executeTakeFirstOrThrow();
  const productCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('catalogProducts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('shopId', '=', shopId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  /** Pages of the full sync served (not a THROTTLED answer, not the reconciliation's `updated_at` search). */
  const pageCalls = () =>
    fake.graphql.filter((c) => c.shop === domain && c.query.includes('products(') && !c.throttled && !c.variables.query)
      .length;
  /** A sync requested as the route or an install does, but run by hand (the engine's worker is not woken: it is the test's). */
  async function requested(): Promise<number> {
    const { generation } = await t.db
      .updateTable('catalogSyncs')
      .set((eb) => ({
        status: 'running',
        generation: eb('generation', '+', 1),
        cursor: null,
        synced: 0,
        startedAt: new Date(),
        finishedAt: null,
      }))
      .where('shopId', '=', shopId)
      .returning('generation')
      .executeTakeFirstOrThrow();
    return generation;
  }
  const job = (generation: number, signal = new AbortController().signal, retryCount = 0) => ({
    data: { shopId, domain, generation },
    retryCount,
    retryLimit: 5,
    signal,
  });

  it('the first sync, a job queued with the install, completed', async () => {
    expect(await syncRow()).toMatchObject({ status: 'done', synced: PAGE_SIZE * 4 + 10, generation: 1, cursor: null });
    expect(await productCount()).toBe(PAGE_SIZE * 4 + 10);
  });

  it('a superseded sync stops at its next write and never writes beside the newer one', async () => {
    const old = await requested();
    const before = pageCalls();
    const running = t.app.platform.catalogSync.run(job(old));
    // Once it wrote a page, a newer sync is requested (what start() does in its transaction).
    while ((await syncRow()).synced === 0) await new Promise((r) => setTimeout(r, 5));
    const newer = await requested();
    await running;
    // Nothing written after the newer sync was requested: its progress row is as the request left it.
    expect(await syncRow()).toMatchObject({ generation: newer, synced: 0, cursor: null, status: 'running' });
    expect(pageCalls() - before).toBeLessThan(5);
    // An even older job that was still queued does nothing at all.
    const calls = pageCalls();
    await t.app.platform.catalogSync.run(job(old));
    expect(pageCalls()).toBe(calls);
    // The newer one completes.
    await t.app.platform.catalogSync.run(job(newer));
    expect(await syncRow()).toMatchObject({ status: 'done', synced: PAGE_SIZE * 4 + 10, cursor: null });
  });

  it('a try that stops resumes at its checkpointed cursor; the end removes only what no try saw', async () => {
    // A product the platform no longer has, in the catalog from before.
    await t.db
      .insertInto('catalogProducts')
      .values({
        shopId,
        gid: 'gid://shopify/Product/999999',
        handle: 'gone',
        title: 'Gone',
        status: 'active',
        price: 1,
        compareAtPrice: null,
        images: '[]',
        productType: '',
      })
      .execute();
    const generation = await requested();
    const stop = new AbortController();
    const before = pageCalls();
    const first = t.app.platform.catalogSync.run(job(generation, stop.signal));
    while ((await syncRow()).synced < PAGE_SIZE * 2) await new Promise((r) => setTimeout(r, 5));
    stop.abort(new Error('the instance stops'));
    await expect(first).rejects.toThrow(/stops/);
    const checkpoint = await syncRow();
    expect(checkpoint.status).toBe('running');
    expect(checkpoint.cursor).not.toBeNull();
    const firstTryPages = pageCalls() - before;
    // The retried job (another instance, or this one after its restart) reads on from the cursor.
    await t.app.platform.catalogSync.run(job(generation, new AbortController().signal, 1));
    expect(await syncRow()).toMatchObject({ status: 'done', synced: PAGE_SIZE * 4 + 10, cursor: null });
    // Five pages in all, none read twice.
    expect(pageCalls() - before).toBe(5);
    expect(firstTryPages).toBeGreaterThanOrEqual(2);
    expect(await productCount()).toBe(PAGE_SIZE * 4 + 10);
    expect(await t.db.selectFrom('deletedProducts').select('gid').where('shopId', '=', shopId).execute()).toEqual([
      { gid: 'gid://shopify/Product/999999' },
    ]);
  });
});
