import net from 'node:net';
import { sql } from 'kysely';
import { openTestDatabase } from '../test/testApp';
import { TEST_DATABASE_URL } from '../test/postgres';
import type { DatabaseHandle } from './index';
import { notifierFor, PgNotifier, publish } from './notify';
import { cacheVersion, canCache, invalidateShared } from './sharedCache';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(what: string, check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

describe('database notifications', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(() => handle.close());

  it('delivers published JSON to every subscriber of the channel until it unsubscribes', async () => {
    const first: unknown[] = [];
    const second: unknown[] = [];
    const offFirst = await handle.notifier.subscribe('sl_cache', (m) => first.push(m));
    const offSecond = await handle.notifier.subscribe('sl_cache', (m) => second.push(m));
    const other: unknown[] = [];
    const offOther = await handle.notifier.subscribe('sl_generations', (m) => other.push(m));
    expect(notifierFor(handle.db)).toBe(handle.notifier);
    expect(handle.notifier.listening).toBe(true);

    await publish(handle.db, 'sl_cache', { k: 'looks:1', text: 'ünïcode ✓' });
    await until('both subscribers', () => first.length === 1 && second.length === 1);
    expect(first[0]).toEqual({ k: 'looks:1', text: 'ünïcode ✓' });
    expect(other).toEqual([]);

    await offFirst();
    await publish(handle.db, 'sl_cache', { k: 'looks:2' });
    await until('the remaining subscriber', () => second.length === 2);
    expect(first).toHaveLength(1);
    await offSecond();
    await offOther();
  });

  it('inside a transaction: delivered when it commits, never when it rolls back', async () => {
    const got: unknown[] = [];
    const off = await handle.notifier.subscribe('sl_cache', (m) => got.push(m));
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await publish(trx, 'sl_cache', { k: 'rolled-back' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await handle.db.transaction().execute(async (trx) => {
      await publish(trx, 'sl_cache', { k: 'committed' });
      await sleep(50);
      expect(got).toEqual([]); // not before the commit
    });
    await until('the committed message', () => got.length === 1);
    await sleep(50);
    expect(got).toEqual([{ k: 'committed' }]);
    await off();
  });

  it('refuses a payload PostgreSQL could not carry', async () => {
    await expect(publish(handle.db, 'sl_cache', { k: 'x'.repeat(8000) })).rejects.toThrow(/too large/);
  });

  it('shared cache versions: a write anywhere on the database makes the key stale here', async () => {
    expect(await canCache(handle.db)).toBe(true);
    const before = cacheVersion(handle.db, 'stats:7');
    const untouched = cacheVersion(handle.db, 'stats:8');
    // As another instance would: only the NOTIFY, no local bump.
    await publish(handle.db, 'sl_cache', { k: 'stats:7' });
    await until('the invalidation', () => cacheVersion(handle.db, 'stats:7') !== before);
    expect(cacheVersion(handle.db, 'stats:8')).toBe(untouched);
    const mid = cacheVersion(handle.db, 'stats:7');
    await invalidateShared(handle.db, 'stats:7');
    expect(cacheVersion(handle.db, 'stats:7')).toBeGreaterThan(mid);
  });

  (TEST_DATABASE_URL() ? it : it.skip)(
    'PostgreSQL: a dropped listening connection is a gap; it reconnects and delivery resumes',
    async () => {
      const got: unknown[] = [];
      let gaps = 0;
      const off = await handle.notifier.subscribe(
        'sl_generations',
        (m) => got.push(m),
        () => (gaps += 1),
      );
      const version = cacheVersion(handle.db, 'looks:3');
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'shoppable-looks:listen' and datname = current_database()`.execute(handle.db);
      await until('the gap', () => gaps >= 1);
      expect(handle.notifier.listening).toBe(false);
      // Nothing may be cached while messages could be missed; every cached value counts as stale.
      expect(await canCache(handle.db)).toBe(false);
      expect(cacheVersion(handle.db, 'looks:3')).toBeGreaterThan(version);
      await until('listening again', () => handle.notifier.listening);
      await publish(handle.db, 'sl_generations', { t: 'q', o: 'elsewhere' });
      await until('delivery after the reconnect', () => got.length === 1);
      expect(gaps).toBe(2); // lost, then listening again (re-read what may have been missed)
      await off();
    },
  );

  (TEST_DATABASE_URL() ? it : it.skip)(
    'PostgreSQL: a listening connection that stops answering (no FIN, no RST) is found by the heartbeat and replaced',
    async () => {
      // A TCP relay to the database that can go silent, as a vanished peer or a NAT that forgot the flow would.
      const target = new URL(TEST_DATABASE_URL()!);
      let frozen = false;
      const sockets = new Set<net.Socket>();
      const relay = net.createServer((inbound) => {
        const outbound = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [inbound, outbound]) {
          sockets.add(s);
          s.on('error', () => undefined);
          s.on('close', () => sockets.delete(s));
        }
        inbound.on('data', (d) => !frozen && outbound.write(d));
        outbound.on('data', (d) => !frozen && inbound.write(d));
        inbound.on('close', () => outbound.destroy());
        outbound.on('close', () => inbound.destroy());
      });
      await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
      const url = new URL(target.toString());
      url.hostname = '127.0.0.1';
      url.port = String((relay.address() as net.AddressInfo).port);
      const dbName = (await sql<{ d: string }>`select current_database() as d`.execute(handle.db)).rows[0].d;
      url.pathname = `/${dbName}`;
      const warnings: string[] = [];
      const notifier = new PgNotifier(url.toString(), (m) => warnings.push(m), {
        heartbeatMs: 100,
        heartbeatTimeoutMs: 300,
      });
      try {
        const got: unknown[] = [];
        let gaps = 0;
        await notifier.subscribe(
          'sl_cache',
          (m) => got.push(m),
          () => (gaps += 1),
        );
        expect(notifier.listening).toBe(true);
        frozen = true; // nothing passes any more, nothing is closed
        await until('the heartbeat to give up', () => gaps >= 1, 5000);
        expect(notifier.listening).toBe(false);
        expect(warnings.join('\n')).toMatch(/heartbeat unanswered/);
        // The old flow stays dead; a new connection through the relay works.
        for (const s of sockets) s.destroy();
        frozen = false;
        await until('listening again', () => notifier.listening, 10_000);
        await publish(handle.db, 'sl_cache', { k: 'after-heartbeat' });
        await until('delivery on the new connection', () => got.length === 1);
        expect(got).toEqual([{ k: 'after-heartbeat' }]);
      } finally {
        await notifier.close();
        for (const s of sockets) s.destroy();
        await new Promise((resolve) => relay.close(resolve));
      }
    },
  );
});
