import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db';
import { signSessionToken } from '../../auth/sessionToken';
import { openSharedDatabase, shopifyModeEnv, startInstance, type Instance, type SharedDatabase } from '../../test/twoInstances';
import { FakeShopifyAdmin, makeFakeProducts } from '../../test/fakeShopifyAdmin';
import type { FakeMetafields } from '../../test/fakeAdmin/metafields';
import { API_PREFIX } from '../../../src/contracts/api';
import type { StorefrontConfig } from '../../../src/contracts/storefront';

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
    const started = await startInstance(db, {}, { env: shopifyModeEnv(fake.url, KEY, SECRET), storefrontMetafields: { debounceMs: 10_000, sweepMs: 0 } });
    instances.push(started);
    return started.app;
  }


  const request = async (app: FastifyInstance, method: 'PATCH' | 'GET', url: string, payload?: Record<string, unknown>) =>
    app.inject({ method, url, payload, headers: { authorization: `Bearer ${await signSessionToken(domain, KEY, SECRET)}` } });
  const configCalls = () => metafields.calls.filter((c) => c.shop === domain && c.metafields.some((m) => m.key === 'config'));
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
    shopId = (await shared.a.selectFrom('shops').select('id').where('domain', '=', domain).executeTakeFirstOrThrow()).id;
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
      expect((await request(round % 2 ? a : b, 'PATCH', `${API_PREFIX}/layout`, { customTitle: title })).statusCode).toBe(200);
      await Promise.all([a.storefrontMetafields!.flush(shopId), b.storefrontMetafields!.flush(shopId)]);
      await Promise.all([a.storefrontMetafields!.idle(), b.storefrontMetafields!.idle()]);
      expect(configCalls().length - before).toBe(1);
      expect(config()!.layout.customTitle).toBe(title);
    }
    expect(await shared.a.selectFrom('storefrontChanges').selectAll().execute()).toEqual([]);
    expect(await shared.a.selectFrom('storefrontWriters').selectAll().execute()).toEqual([]);
  });

  it('marks left by a crashed instance are written by the next one when it starts', async () => {
    // A change was marked, then the instance died before writing (its lease row left behind, expired).
    await shared.a.updateTable('layoutSettings').set({ settings: JSON.stringify({ ...config()!.layout, customTitle: 'Before the crash' }) }).where('shopId', '=', shopId).execute();
    await shared.a.insertInto('storefrontChanges').values({ shopId, target: 'config', markedAt: new Date(Date.now() - 60_000) }).execute();
    await shared.a.insertInto('storefrontWriters').values({ shopId, writerId: 'crashed', leaseExpiresAt: new Date(Date.now() - 1000) }).execute();
    const c = await instance(shared.b);
    // The sweep on start found the marks.
    for (let i = 0; i < 50 && (await shared.a.selectFrom('storefrontChanges').selectAll().execute()).length; i++) {
      await c.storefrontMetafields!.idle();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(config()!.layout.customTitle).toBe('Before the crash');
    expect(await shared.a.selectFrom('storefrontChanges').selectAll().execute()).toEqual([]);
  });
});
