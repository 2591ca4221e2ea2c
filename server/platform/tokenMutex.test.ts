import { openSharedDatabase, shopifyModeEnv, startInstance, type Instance } from '../test/twoInstances';
import { FakeShopifyAdmin } from '../test/fakeShopifyAdmin';
import type { SharedDatabase } from '../test/twoInstances';
import { API_PREFIX } from '../../src/contracts/api';
import { underShopMutex } from './shopMutex';

const KEY = 'token-mutex-key';
const SECRET = 'token-mutex-secret';

jest.setTimeout(90_000);

/**
 * The shop's token mutex (shopMutex.ts) with two app instances on one database: a PostgreSQL advisory
 * lock across instances (TEST_DATABASE_URL), the in-process single flight on the shared PGlite.
 */
describe('token exchange and refresh: two instances on one database', () => {
  let fake: FakeShopifyAdmin;
  let shared: SharedDatabase;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    // A slow token endpoint: the requests of both instances arrive while the first exchange is in flight.
    fake = await FakeShopifyAdmin.start({
      apiKey: KEY,
      apiSecret: SECRET,
      tokenDelayMs: 400,
      accessTokenTtlSeconds: 240,
    });
    shared = await openSharedDatabase();
    a = await startInstance(shared.a, {}, { env: shopifyModeEnv(fake.url, KEY, SECRET) });
    b = await startInstance(shared.b, {}, { env: shopifyModeEnv(fake.url, KEY, SECRET) });
  });
  afterAll(async () => {
    await a?.close().catch(() => undefined);
    await b?.close().catch(() => undefined);
    await shared?.close();
    await fake?.close();
  });

  it("a new shop's concurrent first requests on both instances make one platform exchange; a due refresh rotates once", async () => {
    const domain = 'two-exchanges.myshopify.com';
    const answers = await Promise.all(
      [a, b, a, b, a, b].map((instance) =>
        instance.request({ method: 'GET', url: `${API_PREFIX}/shop/details`, shop: domain }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(fake.exchanges.filter((e) => e.shop === domain)).toHaveLength(1);
    const shop = await shared.a.selectFrom('shops').selectAll().where('domain', '=', domain).executeTakeFirstOrThrow();
    await a.app.platform.lifecycle.idle();
    await b.app.platform.lifecycle.idle();

    // Tokens live 4 minutes, less than the refresh margin: each use is due a refresh; both instances at once rotate it once.
    fake.refreshes.length = 0;
    const tokens = await Promise.all([
      a.app.platform.tokens.accessToken(shop),
      b.app.platform.tokens.accessToken(shop),
      b.app.platform.tokens.accessToken(shop),
    ]);
    expect(fake.refreshes).toEqual([{ shop: domain, ok: true }]);
    expect(new Set(tokens).size).toBe(1);
    expect(fake.liveAccessTokens(domain)).toEqual([tokens[0]]);
  });

  it('the mutex: one holder of a key at a time across both Dbs, the other takes the settled answer or its turn', async () => {
    const order: string[] = [];
    let settledValue: string | undefined;
    const hold = (db: typeof shared.a, name: string, ms: number) =>
      underShopMutex(
        db,
        'test-key',
        { waitMs: 10_000, pollMs: 20, onTimeout: () => new Error('timed out') },
        async () => (settledValue ? { done: `settled:${settledValue}` } : undefined),
        async () => {
          order.push(`${name}:in`);
          await new Promise((r) => setTimeout(r, ms));
          order.push(`${name}:out`);
          return name;
        },
      );
    // Nothing settles: the two run one after the other, never interleaved.
    const first = hold(shared.a, 'a', 200);
    await new Promise((r) => setTimeout(r, 50));
    expect(await Promise.all([first, hold(shared.b, 'b', 10)])).toEqual(['a', 'b']);
    expect(order).toEqual(['a:in', 'a:out', 'b:in', 'b:out']);
    // The holder's work answers the waiter: it does not run its own.
    order.length = 0;
    const held = hold(shared.a, 'a', 200);
    await new Promise((r) => setTimeout(r, 50));
    const waiter = hold(shared.b, 'b', 10);
    settledValue = 'by-a';
    expect(await Promise.all([held, waiter])).toEqual(['a', 'settled:by-a']);
    expect(order).toEqual(['a:in', 'a:out']);
    // A failing holder releases the key.
    settledValue = undefined;
    await expect(
      underShopMutex(
        shared.a,
        'test-key',
        { waitMs: 1000, pollMs: 20, onTimeout: () => new Error('timed out') },
        async () => undefined,
        async () => Promise.reject(new Error('platform down')),
      ),
    ).rejects.toThrow('platform down');
    expect(await hold(shared.b, 'b', 1)).toBe('b');
  });
});
