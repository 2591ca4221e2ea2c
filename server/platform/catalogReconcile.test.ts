import type { FastifyInstance } from 'fastify';
import type { Db } from '../db';
import { signSessionToken } from '../auth/sessionToken';
import {
  openSharedDatabase,
  shopifyModeEnv,
  startInstance,
  type Instance,
  type SharedDatabase,
} from '../test/twoInstances';
import { FakeShopifyAdmin, makeFakeProducts } from '../test/fakeShopifyAdmin';
import { API_PREFIX } from '../../src/contracts/api';
import { deliver } from './webhooks/test/deliver';
import type { TestApp } from '../test/testApp';
import { reconcileCron } from './catalogReconcile';
import { insertLook } from '../test/looks';

const KEY = 'reconcile-key';
const SECRET = 'reconcile-secret';

jest.setTimeout(90_000);

/** The periodic `updated_at` reconciliation, with two instances on one database. */
describe('catalog reconciliation (two instances, Admin API stand-in)', () => {
  let fake: FakeShopifyAdmin;
  let shared: SharedDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const instances: Instance[] = [];
  const shopA = 'reconciled.myshopify.com';
  const shopB = 'leaving-soon.myshopify.com';
  const ids: Record<string, number> = {};

  async function instance(db: Db): Promise<FastifyInstance> {
    const started = await startInstance(db, {}, { env: shopifyModeEnv(fake.url, KEY, SECRET) });
    instances.push(started);
    return started.app;
  }

  async function install(app: FastifyInstance, domain: string) {
    const res = await app.inject({
      method: 'GET',
      url: `${API_PREFIX}/shop/details`,
      headers: { authorization: `Bearer ${await signSessionToken(domain, KEY, SECRET)}` },
    });
    expect(res.statusCode).toBe(200);
    ids[domain] = (
      await shared.a.selectFrom('shops').select('id').where('domain', '=', domain).executeTakeFirstOrThrow()
    ).id;
    await app.platform.catalogSync.running(ids[domain]);
    await app.platform.lifecycle.idle();
  }

  const product = (domain: string, gid: string) =>
    shared.a
      .selectFrom('catalogProducts')
      .select(['title', 'price', 'status'])
      .where('shopId', '=', ids[domain])
      .where('gid', '=', gid)
      .executeTakeFirstOrThrow();
  const reconciledAt = async (domain: string) =>
    (
      await shared.a
        .selectFrom('catalogSyncs')
        .select('reconciledAt')
        .where('shopId', '=', ids[domain])
        .executeTakeFirstOrThrow()
    ).reconciledAt!;
  const searches = (domain: string) =>
    fake.graphql.filter(
      (c) => c.shop === domain && typeof c.variables.query === 'string' && /updated_at/.test(String(c.variables.query)),
    );

  beforeAll(async () => {
    // A bucket that refills fast: a THROTTLED answer costs only a short wait.
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET, restoreRate: 20_000 });
    fake.setProducts(shopA, makeFakeProducts(30, 'Linen'));
    fake.setProducts(shopB, makeFakeProducts(5, 'Canvas'));
    shared = await openSharedDatabase();
    a = await instance(shared.a);
    b = await instance(shared.b);
    await install(a, shopA);
    await install(b, shopB);
  });
  afterAll(async () => {
    await a?.close().catch(() => undefined);
    await b?.close().catch(() => undefined);
    await shared?.close();
    await fake?.close();
    for (const started of instances) await started.close().catch(() => undefined);
  });

  it('picks up a product edited on the platform without a webhook, asking only for products updated since', async () => {
    const edited = makeFakeProducts(30, 'Linen')[6];
    const before = await reconciledAt(shopA);
    fake.updateProduct(shopA, edited.id, { title: 'Linen 7, sand', price: '77.00', status: 'ARCHIVED' });
    const reconciled = await a.platform.catalogReconciler.runOnce();
    expect(reconciled.sort()).toEqual([ids[shopA], ids[shopB]].sort());
    expect(await product(shopA, edited.id)).toEqual({ title: 'Linen 7, sand', price: '77.00', status: 'archived' });
    // One search per shop: updated_at after the last known complete time, oldest change first.
    const [search] = searches(shopA);
    expect(search.variables).toMatchObject({
      sortKey: 'UPDATED_AT',
      query: expect.stringMatching(/^updated_at:>'\d{4}-\d\d-\d\dT[\d:.]+Z'$/),
    });
    expect(Date.parse(/'(.+)'/.exec(String(search.variables.query))![1])).toBeLessThanOrEqual(before.getTime());
    expect((await reconciledAt(shopA)).getTime()).toBeGreaterThan(before.getTime());
  });

  it('knows stock from ProductVariant.availableForSale: a product whose every variant is unavailable becomes sold out, and back', async () => {
    const stock = async (gid: string) =>
      (
        await shared.a
          .selectFrom('catalogProducts')
          .select('available')
          .where('shopId', '=', ids[shopA])
          .where('gid', '=', gid)
          .executeTakeFirstOrThrow()
      ).available;
    const boots = makeFakeProducts(30, 'Linen')[11];
    expect(await stock(boots.id)).toBe(true);
    // An active look shows it: its selling out and the page's new data are recorded with the page.
    await insertLook(shared.a, ids[shopA], {
      title: 'Boots look',
      relatedItems: [
        { itemId: boots.id, title: 'Boots', image: '', order: 0, type: 'product', markerX: 50, markerY: 50 },
      ],
    });
    const last = Number(
      (
        await shared.a
          .selectFrom('changes')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0,
    );
    fake.updateProduct(shopA, boots.id, { soldOut: true, variantCount: 3 });
    await a.platform.catalogReconciler.runOnce();
    expect(await stock(boots.id)).toBe(false);
    const changes = await shared.a
      .selectFrom('changes')
      .select(['kind', 'after'])
      .where('shopId', '=', ids[shopA])
      .where('id', '>', last)
      .orderBy('id')
      .execute();
    expect(changes).toEqual([
      { kind: 'lookItemsSoldOut', after: { items: [{ lookId: expect.any(Number), productGid: boots.id }] } },
      { kind: 'stockChanged', after: { soldOut: [boots.id], restocked: [] } },
      { kind: 'catalogProductsChanged', after: { gids: expect.arrayContaining([boots.id]) } },
    ]);
    // More variants than the query reads, the ones read unavailable: never sold out on a guess.
    fake.updateProduct(shopA, boots.id, { soldOut: true, variantCount: 40 });
    await a.platform.catalogReconciler.runOnce();
    expect(await stock(boots.id)).toBe(true);
    fake.updateProduct(shopA, boots.id, { soldOut: false, variantCount: 1 });
    await a.platform.catalogReconciler.runOnce();
    expect(await stock(boots.id)).toBe(true);
    expect(fake.graphql.find((c) => c.shop === shopA && /availableForSale/.test(c.query))).toBeTruthy();
  });

  it('one runner per cluster: the round is one cron schedule of the cluster, whichever instance registered it', async () => {
    const { rows } = await a.jobs.boss
      .getDb()
      .executeSql(`select name, cron from pgboss.schedule where name = 'catalog.reconcile'`);
    expect(rows).toEqual([{ name: 'catalog.reconcile', cron: reconcileCron(a.deps.config.catalog.reconcileMinutes) }]);
    expect(a.jobs.handles('catalog.reconcile') && b.jobs.handles('catalog.reconcile')).toBe(true);
    // A round sent as the schedule sends it runs on one of them.
    const calls = searches(shopA).length;
    await a.jobs.send('catalog.reconcile', {});
    await a.jobs.idle(['catalog.reconcile']);
    await b.jobs.idle(['catalog.reconcile']);
    expect(searches(shopA)).toHaveLength(calls + 1);
    expect([reconcileCron(15), reconcileCron(120), reconcileCron(7 * 24 * 60)]).toEqual([
      '*/15 * * * *',
      '0 */2 * * *',
      '0 0 */7 * *',
    ]);
  });

  it('honours THROTTLED: waits for the bucket and retries', async () => {
    const edited = makeFakeProducts(30, 'Linen')[11];
    fake.updateProduct(shopA, edited.id, { title: 'Linen 12, rust' });
    fake.throttleNext(shopA, 1);
    expect(await a.platform.catalogReconciler.runOnce()).toContain(ids[shopA]);
    expect((await product(shopA, edited.id)).title).toBe('Linen 12, rust');
    const last = searches(shopA).slice(-2);
    expect(last.map((c) => !!c.throttled)).toEqual([true, false]);
  });

  it('stops for an uninstalled shop, and on app close (the other instance runs the rounds)', async () => {
    // deliver() signs with the app's secret and waits for the work after the answer.
    expect(
      (
        await deliver(
          { app: a, config: a.deps.config } as unknown as TestApp,
          'app/uninstalled',
          { id: 2 },
          { shop: shopB },
        )
      ).statusCode,
    ).toBe(200);
    const calls = searches(shopB).length;
    expect(await a.platform.catalogReconciler.runOnce()).toEqual([ids[shopA]]);
    expect(searches(shopB)).toHaveLength(calls);

    await a.close();
    expect(await a.platform.catalogReconciler.runOnce()).toEqual([]);
    expect(await b.platform.catalogReconciler.runOnce()).toEqual([ids[shopA]]);
  });
});
