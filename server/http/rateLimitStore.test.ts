import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openDatabase, type DatabaseHandle, type Db } from '../db';
import { createTestApp, type TestApp } from '../test/testApp';
import { databaseUrl, TEST_DATABASE_URL } from '../test/postgres';
import { ADD_TO_CART_RATE_LIMIT } from '../routes/analytics';
import { DISCOUNT_CHECKS_PER_MINUTE } from '../routes/billing';
import { DISCOUNT_GUESS_LIMITS } from '../services/billing/discounts';
import {
  clientAddressKey,
  hitRateLimits,
  maybePruneRateLimits,
  pruneRateLimits,
  PRUNE_EVERY_MS,
  sharedRateLimitStore,
} from './rateLimitStore';

jest.setTimeout(120_000);

/**
 * A second server instance on the same database as `t`: on PostgreSQL with a
 * connection pool of its own (as a second process would have), on PGlite (one
 * embedded database per process) on the same handle.
 */
async function secondInstance(
  t: TestApp,
  now: () => Date,
): Promise<{ app: FastifyInstance; db: Db; close(): Promise<void> }> {
  const base = TEST_DATABASE_URL();
  let handle: DatabaseHandle | undefined;
  if (base) {
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(t.db);
    handle = await openDatabase({ databaseUrl: databaseUrl(base, rows[0].name), migrate: false });
  }
  const db = handle?.db ?? t.db;
  const app = await buildApp({ config: t.config, db, now }, { logger: false });
  await app.ready();
  return {
    app,
    db,
    async close() {
      await app.close();
      await handle?.close();
    },
  };
}

describe('rate limits shared by two instances on one database', () => {
  let t: TestApp;
  let b: Awaited<ReturnType<typeof secondInstance>>;
  let clock = new Date('2025-08-01T08:00:00Z');
  const now = () => clock;

  beforeAll(async () => {
    t = await createTestApp({ now });
    b = await secondInstance(t, now);
  });
  afterAll(async () => {
    await b?.close();
    await t?.close();
  });
  beforeEach(() => {
    clock = new Date(clock.getTime() + 2 * DISCOUNT_GUESS_LIMITS.overall.windowMs); // a fresh window per case
  });

  const addToCart = (app: FastifyInstance, ip: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/storefront/add-to-cart',
      payload: { shopDomain: 'ghost.myshopify.com', lookId: 1, productId: 'gid://shopify/Product/1', quantity: 1 },
      headers,
      remoteAddress: ip,
    });

  it('add-to-cart: the per-address limit counts the requests of both instances', async () => {
    const { max } = ADD_TO_CART_RATE_LIMIT;
    const half = max / 2;
    for (let i = 0; i < half; i++) expect((await addToCart(t.app, '203.0.113.7')).statusCode).toBe(404);
    const firstOnB = await addToCart(b.app, '203.0.113.7');
    expect(firstOnB.statusCode).toBe(404);
    expect(firstOnB.headers['x-ratelimit-remaining']).toBe(String(max - half - 1));
    for (let i = 1; i < max - half; i++) expect((await addToCart(b.app, '203.0.113.7')).statusCode).toBe(404);

    for (const app of [t.app, b.app]) {
      const limited = await addToCart(app, '203.0.113.7', { 'accept-language': 'fr-FR' });
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(
        /^Trop d’ajouts au panier depuis cette adresse\. Réessayez dans \d+ secondes?\.$/,
      );
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect((await addToCart(b.app, '203.0.113.8')).statusCode).toBe(404);
    // The window ends for both instances at once.
    clock = new Date(clock.getTime() + ADD_TO_CART_RATE_LIMIT.timeWindow);
    expect((await addToCart(b.app, '203.0.113.7')).statusCode).toBe(404);
    expect((await addToCart(t.app, '203.0.113.7')).statusCode).toBe(404);
  });

  it('discount checks and failed guesses are counted across instances', async () => {
    const validate = (app: FastifyInstance, shop: string, code: string, ip: string) =>
      t.tokenFor(shop).then((token) =>
        app.inject({
          method: 'POST',
          url: '/admin/api/v1/discount/validate',
          payload: { code },
          headers: { authorization: `Bearer ${token}` },
          remoteAddress: ip,
        }),
      );
    for (let i = 0; i < DISCOUNT_CHECKS_PER_MINUTE; i++) {
      expect((await validate(i % 2 ? t.app : b.app, 'checks.myshopify.com', 'WELCOME20', '192.0.2.1')).statusCode).toBe(
        200,
      );
    }
    expect((await validate(t.app, 'checks.myshopify.com', 'WELCOME20', '192.0.2.1')).statusCode).toBe(429);
    expect((await validate(b.app, 'checks.myshopify.com', 'WELCOME20', '192.0.2.1')).statusCode).toBe(429);

    const { max } = DISCOUNT_GUESS_LIMITS.perShop;
    for (let i = 0; i < max; i++) {
      expect(
        (await validate(i % 2 ? t.app : b.app, 'guesses.myshopify.com', `WRONG${i}`, `192.0.2.${10 + i}`)).json().valid,
      ).toBe(false);
    }
    expect((await validate(t.app, 'guesses.myshopify.com', 'WELCOME20', '192.0.2.99')).statusCode).toBe(429);
    expect((await validate(b.app, 'guesses.myshopify.com', 'WELCOME20', '192.0.2.98')).statusCode).toBe(429);
  });

  it('concurrent hits from both instances are each counted once (atomic upsert)', async () => {
    const at = clock;
    const hits = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        hitRateLimits(i % 2 ? t.db : b.db, [{ key: 'test:concurrent', windowMs: 60_000 }], at),
      ),
    );
    expect(hits.map((h) => h.get('test:concurrent')!.hits).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('a window restarts at 1 once it ended; ended windows are pruned', async () => {
    const start = clock;
    const hit = (at: Date) =>
      hitRateLimits(t.db, [{ key: 'test:window', windowMs: 1_000 }], at).then((m) => m.get('test:window')!);
    expect(await hit(start)).toEqual({ hits: 1, resetAt: new Date(start.getTime() + 1_000) });
    expect((await hit(new Date(start.getTime() + 999))).hits).toBe(2);
    const restarted = await hit(new Date(start.getTime() + 1_000));
    expect(restarted).toEqual({ hits: 1, resetAt: new Date(start.getTime() + 2_000) });

    const later = new Date(start.getTime() + 5_000);
    await hitRateLimits(t.db, [{ key: 'test:alive', windowMs: 60_000 }], later);
    expect(await pruneRateLimits(t.db, later)).toBeGreaterThan(0);
    const keys = (await t.db.selectFrom('rateLimits').select('key').execute()).map((r) => r.key);
    expect(keys).toContain('test:alive');
    expect(keys).not.toContain('test:window');
    expect(
      (await t.db.selectFrom('rateLimits').select('key').where('windowEndsAt', '<=', later).execute()).length,
    ).toBe(0);
  });

  it('the store prunes at most once per interval and keeps route namespaces apart', async () => {
    const at = clock;
    const db = t.db;
    await maybePruneRateLimits(db, at); // pruned now: the next call within the interval does nothing
    await hitRateLimits(db, [{ key: 'test:stale', windowMs: 1 }], at);
    await maybePruneRateLimits(db, new Date(at.getTime() + PRUNE_EVERY_MS - 1));
    expect(
      await db.selectFrom('rateLimits').select('key').where('key', '=', 'test:stale').executeTakeFirst(),
    ).toBeDefined();
    await maybePruneRateLimits(db, new Date(at.getTime() + PRUNE_EVERY_MS));
    expect(
      await db.selectFrom('rateLimits').select('key').where('key', '=', 'test:stale').executeTakeFirst(),
    ).toBeUndefined();

    const Store = sharedRateLimitStore(db, () => at, 'ns');
    const store = new Store({});
    const child = store.child({ routeInfo: { method: 'POST', url: '/x' } } as unknown as Parameters<
      typeof store.child
    >[0]);
    const incr = (s: typeof store) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        (
          s.incr as (
            key: string,
            cb: (e: Error | null, r?: { current: number; ttl: number }) => void,
            timeWindow: number,
          ) => void
        )('k', (e, r) => (e ? reject(e) : resolve(r!)), 30_000),
      );
    expect(await incr(store)).toEqual({ current: 1, ttl: 30_000 });
    expect(await incr(store)).toEqual({ current: 2, ttl: 30_000 });
    expect(await incr(child)).toEqual({ current: 1, ttl: 30_000 });
    const keys = (
      await db.selectFrom('rateLimits').select('key').where('key', 'like', 'ns:%').orderBy('key').execute()
    ).map((r) => r.key);
    expect(keys).toEqual(['ns:POST/x:k', 'ns:k']);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped address as IPv4', () => {
    expect(clientAddressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientAddressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });
});
