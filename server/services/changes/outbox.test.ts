import { sql } from 'kysely';
import type { DatabaseHandle } from '../../db';
import { attachJobs, JobEngine } from '../../jobs';
import { openTestDatabase } from '../../test/testApp';
import { runChangesUpkeep } from '../../platform/changes/upkeep';
import { recordChange, type ChangeReader } from './outbox';
import { markRead, pruneChanges, shopsBehind, unreadChanges } from './reader';

jest.setTimeout(60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the change outbox', () => {
  let handle: DatabaseHandle;
  let engine: JobEngine;
  let shopId: number;
  let other: number;
  const ran: Array<[ChangeReader, number]> = [];

  beforeAll(async () => {
    handle = await openTestDatabase();
    engine = new JobEngine({ db: handle.db, pollingSeconds: 0.5 });
    attachJobs(handle.db, engine);
    [shopId, other] = (
      await handle.db
        .insertInto('shops')
        .values(
          ['outbox-a', 'outbox-b'].map((name) => ({
            domain: `${name}.myshopify.com`,
            locale: 'en',
            email: '',
            settings: '{}',
          })),
        )
        .returning('id')
        .execute()
    ).map((r) => r.id);
  });
  afterAll(async () => {
    await engine.stop(1000);
    await handle.close();
  });

  const changes = (id: number) =>
    handle.db
      .selectFrom('changes')
      .select(['kind', 'before', 'after'])
      .where('shopId', '=', id)
      .orderBy('id')
      .execute();

  it('without readers (the standalone demo) a change is recorded and no job is queued', async () => {
    await engine.start();
    await recordChange(handle.db, shopId, { kind: 'proxyPathChanged', before: null, after: '/apps/looks' });
    expect(await changes(shopId)).toEqual([{ kind: 'proxyPathChanged', before: null, after: '/apps/looks' }]);
    const { rows } = await engine.boss
      .getDb()
      .executeSql(`select count(*)::int as n from pgboss.job where name in ('storefront.metafields', 'discount.sync')`);
    expect(rows[0].n).toBe(0);
  });

  it("records a change and its readers' jobs in the change's transaction: both or neither", async () => {
    for (const reader of ['storefront.metafields', 'discount.sync'] as const) {
      await engine.work(reader, async ({ data }) => void ran.push([reader, data.shopId]));
    }
    const look = { id: 1, active: true, mainProduct: 'gid://shopify/Product/1', discount: null };
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await recordChange(handle.db, other, { kind: 'lookChanged', before: null, after: look }, trx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await handle.db
      .transaction()
      .execute((trx) => recordChange(handle.db, other, { kind: 'lookChanged', before: look, after: null }, trx));
    expect(await changes(other)).toEqual([{ kind: 'lookChanged', before: look, after: null }]);
    for (let i = 0; i < 200 && ran.length < 2; i++) await sleep(50);
    await engine.idle();
    expect(ran.sort()).toEqual([
      ['discount.sync', other],
      ['storefront.metafields', other],
    ]);
  });

  it('a reader reads after its place, which only moves forward; shops it left behind are found', async () => {
    const reader: ChangeReader = 'discount.sync';
    const first = await unreadChanges(handle.db, reader, shopId);
    expect(first.map((c) => c.kind)).toEqual(['proxyPathChanged']);
    expect(first[0].ageMs).toBeGreaterThanOrEqual(0);
    await recordChange(handle.db, shopId, { kind: 'shopInstalled', before: null, after: null });
    await markRead(handle.db, reader, shopId, first[0].id);
    const second = await unreadChanges(handle.db, reader, shopId);
    expect(second.map((c) => c.kind)).toEqual(['shopInstalled']);
    await markRead(handle.db, reader, shopId, second[0].id);
    await markRead(handle.db, reader, shopId, first[0].id);
    expect(await unreadChanges(handle.db, reader, shopId)).toEqual([]);
    // The other reader has read nothing of this shop; the first is behind only for changes this old.
    expect(await shopsBehind(handle.db, 'storefront.metafields', 0)).toEqual(expect.arrayContaining([shopId]));
    expect(await shopsBehind(handle.db, reader, 0)).not.toContain(shopId);
    expect(await shopsBehind(handle.db, 'storefront.metafields', 3600)).toEqual([]);
  });

  it('prunes what every reader has read once it is old, and anything after the retention; keeps the rest', async () => {
    await handle.db
      .updateTable('changes')
      .set({ createdAt: sql<Date>`now() - interval '2 hours'` })
      .execute();
    // discount.sync read all of shopId; storefront.metafields nothing yet.
    expect(
      await pruneChanges(handle.db, ['discount.sync', 'storefront.metafields'], {
        readAfterSeconds: 3600,
        keepDays: 7,
      }),
    ).toBe(0);
    const last = (await unreadChanges(handle.db, 'storefront.metafields', shopId)).at(-1)!;
    await markRead(handle.db, 'storefront.metafields', shopId, last.id);
    expect(
      await pruneChanges(handle.db, ['discount.sync', 'storefront.metafields'], {
        readAfterSeconds: 3600,
        keepDays: 7,
      }),
    ).toBe(2);
    expect(await changes(shopId)).toEqual([]);
    expect(await changes(other)).toHaveLength(1);
    await handle.db
      .updateTable('changes')
      .set({ createdAt: sql<Date>`now() - interval '8 days'` })
      .execute();
    expect(await pruneChanges(handle.db, [], { readAfterSeconds: 3600, keepDays: 7 })).toBe(1);
  });

  it('the upkeep queues the readers of shops left behind, once: not while a job of the shop waits', async () => {
    await recordChange(handle.db, shopId, { kind: 'catalogSynced', before: null, after: { synced: 3 } });
    await engine.idle();
    ran.length = 0;
    // The jobs of the change ran (above); say they died: the readers are still behind.
    const steps = { prune: async () => 0, behind: async () => [shopId] };
    await engine.boss.offWork('discount.sync');
    expect(await runChangesUpkeep(engine, ['discount.sync'], steps)).toEqual({ pruned: 0, queued: 1 });
    expect(await runChangesUpkeep(engine, ['discount.sync'], steps)).toEqual({ pruned: 0, queued: 0 });
    await engine.work('discount.sync', async ({ data }) => void ran.push(['discount.sync', data.shopId]));
    for (let i = 0; i < 200 && !ran.length; i++) await sleep(50);
    expect(ran).toEqual([['discount.sync', shopId]]);
  });
});
