import { sql } from 'kysely';
import { openTestDatabase } from '../../test/testApp';
import { insertLook } from '../../test/looks';
import type { DatabaseHandle } from '../../db';
import { provisionShop } from '../shop/shops';
import pg from 'pg';
import { databaseSourceOf } from '../../db';
import { TEST_DATABASE_URL } from '../../test/postgres';
import { ensurePartition, listPartitions, maintainFunnelStorage, MAINTENANCE_LOCK_TIMEOUT } from './funnelPartitions';
import { recordFunnelBatch } from './funnelIngest';

describe('funnel storage: monthly partitions and retention', () => {
  let h: DatabaseHandle;
  let shop: { id: number; timezone: string };
  let lookId: number;
  beforeAll(async () => {
    h = await openTestDatabase();
    shop = await provisionShop(h.db, 'parts.myshopify.com');
    lookId = await insertLook(h.db, shop.id);
  });
  afterAll(() => h.close());

  const names = async () => (await listPartitions(h.db)).map((p) => p.name);
  const countIn = async (table: string) =>
    Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.id(table)}`.execute(h.db)).rows[0].n);

  it('funnel_events is range-partitioned; maintenance creates this month and the next two, idempotently', async () => {
    const { rows } = await sql<{ strategy: string }>`
      SELECT partstrat AS strategy FROM pg_partitioned_table t JOIN pg_class c ON c.oid = t.partrelid WHERE c.relname = 'funnel_events'`.execute(
      h.db,
    );
    expect(rows).toEqual([{ strategy: 'r' }]);
    const now = new Date('2031-12-15T10:00:00Z');
    const first = await maintainFunnelStorage(h.db, now, 13);
    expect(first.created).toEqual(['funnel_events_y2031m12', 'funnel_events_y2032m01', 'funnel_events_y2032m02']);
    expect((await maintainFunnelStorage(h.db, now, 13)).created).toEqual([]);
  });

  // Two sessions: PostgreSQL only (the embedded PGlite has one connection).
  (TEST_DATABASE_URL() ? it : it.skip)(
    'the maintenance gives up after MAINTENANCE_LOCK_TIMEOUT when another session holds the table (its job retries later)',
    async () => {
      const source = databaseSourceOf(h.db);
      if (source?.kind !== 'postgres') throw new Error('PostgreSQL expected');
      const other = new pg.Client({ connectionString: source.databaseUrl });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('LOCK TABLE funnel_events IN ACCESS EXCLUSIVE MODE');
        const started = Date.now();
        await expect(maintainFunnelStorage(h.db, new Date('2040-01-15T00:00:00Z'), 13)).rejects.toThrow(/lock timeout/);
        expect(Date.now() - started).toBeLessThan(parseInt(MAINTENANCE_LOCK_TIMEOUT, 10) * 1000 + 3000);
      } finally {
        await other.query('ROLLBACK').catch(() => undefined);
        await other.end();
      }
    },
  );

  it('rows land in the partition of their month, and a month without one gets it at ingest', async () => {
    const at = Date.parse('2033-05-31T23:59:59Z');
    expect((await names()).includes('funnel_events_y2033m05')).toBe(false);
    const res = await recordFunnelBatch(
      h.db,
      shop,
      { visitorId: 'visitor-part', events: [{ type: 'impression', lookId, device: 'mobile', at }] },
      new Date(at),
    );
    expect(res).toEqual({ accepted: 1, ignored: 0 });
    expect(await countIn('funnel_events_y2033m05')).toBe(1);
  });

  it('drops partitions older than the retention (13 months: this month and the 13 before it stay), keeps the roll-ups', async () => {
    for (const month of ['2030-09-10', '2030-10-10', '2030-11-10']) {
      await ensurePartition(h.db, new Date(`${month}T00:00:00Z`));
      await recordFunnelBatch(
        h.db,
        shop,
        {
          visitorId: 'visitor-old1',
          events: [{ type: 'add_to_cart', lookId, device: 'desktop', at: Date.parse(`${month}T12:00:00Z`) }],
        },
        new Date(`${month}T12:00:00Z`),
      );
    }
    const before = Number(
      (await sql<{ n: number }>`SELECT sum(add_to_carts)::int AS n FROM look_funnel_daily`.execute(h.db)).rows[0].n,
    );
    const result = await maintainFunnelStorage(h.db, new Date('2031-11-20T00:00:00Z'), 13);
    // Kept from 2030-10 (13 months before 2031-11).
    expect(result.dropped).toEqual(['funnel_events_y2030m09']);
    expect(await names()).toEqual(expect.arrayContaining(['funnel_events_y2030m10', 'funnel_events_y2030m11']));
    expect(await names()).not.toContain('funnel_events_y2030m09');
    const after = Number(
      (await sql<{ n: number }>`SELECT sum(add_to_carts)::int AS n FROM look_funnel_daily`.execute(h.db)).rows[0].n,
    );
    expect(after).toBe(before);
    // A shorter retention drops more.
    expect((await maintainFunnelStorage(h.db, new Date('2031-11-20T00:00:00Z'), 12)).dropped).toEqual([
      'funnel_events_y2030m10',
    ]);
  });

  it('prunes the impression dedup rows of past days', async () => {
    await h.db
      .insertInto('funnelVisitorDays')
      .values([
        { shopId: shop.id, lookId, day: '2031-11-10', visitorId: 'old' },
        { shopId: shop.id, lookId, day: '2031-11-19', visitorId: 'recent' },
      ])
      .execute();
    const { prunedVisitorDays } = await maintainFunnelStorage(h.db, new Date('2031-11-20T00:00:00Z'), 13);
    expect(prunedVisitorDays).toBeGreaterThanOrEqual(1);
    const left = await h.db
      .selectFrom('funnelVisitorDays')
      .select('visitorId')
      .where('day', '>=', '2031-11-01')
      .where('day', '<', '2032-01-01')
      .execute();
    expect(left.map((r) => r.visitorId)).toEqual(['recent']);
  });
});
