import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { signSessionToken } from '../../auth/sessionToken';
import {
  openSharedDatabase,
  shopifyModeEnv,
  startInstance,
  type Instance,
  type SharedDatabase,
} from '../../test/twoInstances';
import { FakeShopifyAdmin, makeFakeProducts } from '../../test/fakeShopifyAdmin';
import type { FakeMetafields } from '../../test/fakeAdmin/metafields';
import { API_PREFIX } from '../../../src/contracts/api';
import type { StorefrontConfig } from '../../../src/contracts/storefront';
import { recordChange } from '../../services/changes/outbox';
import { deadLetterCounts } from '../../jobs';

const KEY = 'two-metafields-key';
const SECRET = 'two-metafields-secret';

jest.setTimeout(90_000);

describe('storefront metafields with two instances on one database', () => {
  let fake: FakeShopifyAdmin;
  let metafields: FakeMetafields;
  let shared: SharedDatabase;
  const instances: Instance[] = [];
  const domain = 'two-writers.myshopify.com';
  let shopId: number;

  async function instance(db: Db): Promise<FastifyInstance> {
    const started = await startInstance(
      db,
      {},
      { env: shopifyModeEnv(fake.url, KEY, SECRET), storefrontMetafields: { debounceMs: 10_000, maxWaitMs: 60_000 } },
    );
    instances.push(started);
    return started.app;
  }

  const request = async (
    app: FastifyInstance,
    method: 'PATCH' | 'GET',
    url: string,
    payload?: Record<string, unknown>,
  ) =>
    app.inject({
      method,
      url,
      payload,
      headers: { authorization: `Bearer ${await signSessionToken(domain, KEY, SECRET)}` },
    });
  const configCalls = () =>
    metafields.calls.filter((c) => c.shop === domain && c.metafields.some((m) => m.key === 'config'));
  const config = () => metafields.appDataOf(domain, 'looks', 'config') as StorefrontConfig | undefined;

  beforeAll(async () => {
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET, restoreRate: 20_000 });
    metafields = fake.module<FakeMetafields>('metafields');
    fake.setProducts(domain, makeFakeProducts(3));
    shared = await openSharedDatabase();
  });
  afterAll(async () => {
    for (const started of instances) await started.close().catch(() => undefined);
    await shared?.close();
    await fake?.close();
  });

  it('one writer at a time: both instances flushing the same change write it once', async () => {
    const a = await instance(shared.a);
    const b = await instance(shared.b);
    expect((await request(a, 'GET', `${API_PREFIX}/shop/details`)).statusCode).toBe(200);
    shopId = (await shared.a.selectFrom('shops').select('id').where('domain', '=', domain).executeTakeFirstOrThrow())
      .id;
    await a.platform.catalogSync.running(shopId);
    await a.platform.lifecycle.idle();
    await a.storefrontMetafields!.idle();

    // A slow platform widens the window in which both instances would write the same marks.
    for (const app of [a, b]) {
      const graphql = app.platform.admin.graphql.bind(app.platform.admin);
      app.platform.admin.graphql = async (shop, query, variables) => {
        if (/metafieldsSet/.test(query)) await new Promise((resolve) => setTimeout(resolve, 150));
        return graphql(shop, query, variables);
      };
    }
    for (let round = 0; round < 3; round++) {
      const before = configCalls().length;
      const title = `Round ${round}`;
      expect(
        (await request(round % 2 ? a : b, 'PATCH', `${API_PREFIX}/layout`, { customTitle: title })).statusCode,
      ).toBe(200);
      await Promise.all([a.storefrontMetafields!.flush(shopId), b.storefrontMetafields!.flush(shopId)]);
      await Promise.all([a.storefrontMetafields!.idle(), b.storefrontMetafields!.idle()]);
      expect(configCalls().length - before).toBe(1);
      expect(config()!.layout.customTitle).toBe(title);
    }
    expect(await shared.a.selectFrom('storefrontChanges').selectAll().execute()).toEqual([]);
  });

  it('an instance killed in the middle of a burst of metafield writes loses nothing: a survivor writes it all', async () => {
    for (const started of instances.splice(0)) await started.close();
    const products = makeFakeProducts(60).map((p) => p.id);
    fake.setProducts(domain, makeFakeProducts(60));
    const victim = await instance(shared.a);
    expect((await request(victim, 'GET', `${API_PREFIX}/shop/details`)).statusCode).toBe(200);
    shopId = (await shared.a.selectFrom('shops').select('id').where('domain', '=', domain).executeTakeFirstOrThrow())
      .id;
    await victim.platform.catalogSync.running(shopId);
    await victim.platform.lifecycle.idle();
    await victim.storefrontMetafields!.idle();
    // The victim's platform answers the first metafieldsSet, then never again: the process froze there, then died.
    let sets = 0;
    let reachedHang!: () => void;
    const hung = new Promise<void>((resolve) => (reachedHang = resolve));
    let abandon: (error: Error) => void = () => undefined;
    const graphql = victim.platform.admin.graphql.bind(victim.platform.admin);
    victim.platform.admin.graphql = async (shop, query, variables) => {
      if (/metafieldsSet/.test(query) && ++sets > 1) {
        reachedHang();
        return new Promise((_, reject) => (abandon = reject));
      }
      return graphql(shop, query, variables);
    };
    const before = metafields.calls.length;
    // The burst: the layout saved five times, and every product's metafield (three calls of 25).
    for (let i = 0; i < 5; i++)
      expect((await request(victim, 'PATCH', `${API_PREFIX}/layout`, { customTitle: `Burst ${i}` })).statusCode).toBe(
        200,
      );
    await recordChange(shared.a, shopId, {
      kind: 'storefrontStale',
      before: null,
      after: { targets: products.map((gid) => `product:${gid}`) },
    });
    await victim.jobs.send('storefront.metafields', { shopId, now: true }, { shopId });
    await hung;
    expect(metafields.calls.length - before).toBe(1);
    // SIGKILL: the victim takes no more work and never settles its job, which stays active in the database.
    await victim.jobs.boss.offWork('storefront.metafields', { wait: false });

    const survivor = await instance(shared.b);
    // Time passes: the job outlives its expiry, and the survivor's supervision retries it.
    const { rows } = await survivor.jobs.boss
      .getDb()
      .executeSql(
        `update pgboss.job set started_on = now() - interval '1 hour' where name = 'storefront.metafields' and state = 'active' returning id`,
      );
    expect(rows).toHaveLength(1);
    await survivor.jobs.boss.supervise('storefront.metafields');
    const pending = () => shared.b.selectFrom('storefrontChanges').selectAll().where('shopId', '=', shopId).execute();
    for (let i = 0; i < 400 && (await pending()).length; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await pending()).toEqual([]);
    expect(config()!.layout.customTitle).toBe('Burst 4');
    for (const gid of products)
      expect(metafields.valueOf(domain, gid, '$app', 'looks')).toEqual({ v: 1, looks: expect.any(Array) });
    // The killed run's job itself is retried by the survivor (another of its jobs may have read the changes first).
    const state = async () =>
      (await survivor.jobs.boss.getDb().executeSql(`select state from pgboss.job where id = $1`, [rows[0].id])).rows[0]
        ?.state;
    for (let i = 0; i < 400 && (await state()) !== 'completed'; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await state()).toBe('completed');
    expect(await deadLetterCounts(survivor.jobs)).toEqual({});
    abandon(new Error('killed'));
  });
});
