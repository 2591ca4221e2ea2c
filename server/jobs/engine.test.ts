import type { DatabaseHandle } from '../db';
import { openTestDatabase } from '../test/testApp';
import { JobEngine } from './engine';
import { deadLetterCounts, jobCounts } from './metrics';
import type { QueueDefinition } from './queues';

// The engine's own suite: test queues with short delays, on the test database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL: two engines are then two pools, as two processes would be).
jest.setTimeout(60_000);

const queue = (over: Partial<QueueDefinition> = {}): QueueDefinition => ({
  retryLimit: 2,
  retryDelaySeconds: 1,
  retryDelayMaxSeconds: 2,
  expireSeconds: 60,
  perShop: false,
  concurrency: 1,
  keepCompletedSeconds: 3600,
  ...over,
});

interface TestJobs {
  'test.flaky': { n: number };
  'test.shop': { shopId: number; n: number };
  'test.tick': { from: string };
  'test.slow': { n: number };
}

const QUEUES: Record<keyof TestJobs, QueueDefinition> = {
  'test.flaky': queue(),
  'test.shop': queue({ perShop: true, concurrency: 4 }),
  'test.tick': queue({ retryLimit: 0 }),
  'test.slow': queue({ retryLimit: 3 }),
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(50);
  }
}

let handle: DatabaseHandle;
const engines: JobEngine<TestJobs>[] = [];

function engine(name: string) {
  const e = new JobEngine<TestJobs>({
    db: handle.db,
    queues: QUEUES,
    pollingSeconds: 0.5,
    cronMonitorSeconds: 1,
    instanceName: name,
  });
  engines.push(e);
  return e;
}

beforeEach(async () => {
  handle = await openTestDatabase();
});

afterEach(async () => {
  for (const e of engines.splice(0)) await e.stop(1000);
  await handle.close();
});

describe('job engine', () => {
  it('retries a failing job with backoff, then moves it to its dead letter queue', async () => {
    const jobs = engine('a');
    const tries: number[] = [];
    await jobs.work('test.flaky', async () => {
      tries.push(Date.now());
      throw new Error('always fails');
    });
    await jobs.start();
    await jobs.send('test.flaky', { n: 1 });
    await until(async () => (await deadLetterCounts(jobs))['test.flaky'] === 1);
    // retryLimit 2: three tries; backoff 1 s then (1 · 2¹, capped at 2) 2 s.
    expect(tries).toHaveLength(3);
    expect(tries[1] - tries[0]).toBeGreaterThanOrEqual(900);
    expect(tries[2] - tries[1]).toBeGreaterThanOrEqual(1900);
    const counts = await jobCounts(jobs);
    expect(counts).toEqual(
      expect.arrayContaining([expect.objectContaining({ queue: 'test.flaky', state: 'failed', count: 1 })]),
    );
    expect(counts).toEqual(
      expect.arrayContaining([expect.objectContaining({ queue: 'test.flaky.dead', state: 'created', count: 1 })]),
    );
  });

  it('a job failing twice then succeeding completes once, nothing dead', async () => {
    const jobs = engine('a');
    let calls = 0;
    const done: number[] = [];
    await jobs.work('test.flaky', async ({ data, retryCount }) => {
      calls += 1;
      if (retryCount < 2) throw new Error(`try ${retryCount} fails`);
      done.push(data.n);
    });
    await jobs.start();
    await jobs.send('test.flaky', { n: 7 });
    await until(() => done.length > 0);
    await sleep(1500);
    expect(calls).toBe(3);
    expect(done).toEqual([7]);
    expect(await deadLetterCounts(jobs)).toEqual({});
  });

  it('runs one job of a shop at a time across two instances, shops side by side, in order', async () => {
    const [jobs, other] = [engine('a'), engine('b')];
    const running = new Map<number, number>();
    let maxPerShop = 0;
    let maxAll = 0;
    const order: Array<[number, number]> = [];
    const work = async ({ data }: { data: TestJobs['test.shop'] }) => {
      running.set(data.shopId, (running.get(data.shopId) ?? 0) + 1);
      maxPerShop = Math.max(maxPerShop, ...running.values());
      maxAll = Math.max(
        maxAll,
        [...running.values()].reduce((a, b) => a + b, 0),
      );
      await sleep(150);
      order.push([data.shopId, data.n]);
      running.set(data.shopId, running.get(data.shopId)! - 1);
    };
    await jobs.work('test.shop', work);
    await other.work('test.shop', work);
    await Promise.all([jobs.start(), other.start()]);
    for (const shopId of [1, 2]) for (const n of [1, 2, 3]) await jobs.send('test.shop', { shopId, n }, { shopId });
    await until(() => order.length === 6);
    expect(maxPerShop).toBe(1);
    expect(maxAll).toBe(2);
    // In order of arrival within a shop.
    for (const shopId of [1, 2]) expect(order.filter(([s]) => s === shopId).map(([, n]) => n)).toEqual([1, 2, 3]);
    await expect(jobs.send('test.shop', { shopId: 1, n: 4 })).rejects.toThrow(/name their shop/);
  });

  it('a per-shop job waiting for its retries does not hold the shop back, and is dead-lettered in the end', async () => {
    const jobs = engine('a');
    const done: number[] = [];
    await jobs.work('test.shop', async ({ data }) => {
      if (data.n === 1) throw new Error('never works');
      done.push(data.n);
    });
    await jobs.start();
    await jobs.send('test.shop', { shopId: 1, n: 1 }, { shopId: 1 });
    await jobs.send('test.shop', { shopId: 1, n: 2 }, { shopId: 1 });
    // The second job runs while the first waits for its retries; then the first is dead-lettered.
    await until(() => done.length === 1);
    expect(done).toEqual([2]);
    await until(async () => (await deadLetterCounts(jobs))['test.shop'] === 1);
  });

  it("a shop's backlog of due jobs drains at the speed of its handler, not one job per polling interval", async () => {
    // The default poll (2 s): a worker sleeping a poll after every job ran a shop's 20 jobs in ~10 s.
    const jobs = new JobEngine<TestJobs>({ db: handle.db, queues: QUEUES, instanceName: 'backlog' });
    engines.push(jobs);
    const done: number[] = [];
    await jobs.work('test.shop', async ({ data }) => void done.push(data.n));
    await jobs.start();
    const until0 = Date.now();
    await handle.db.transaction().execute(async (trx) => {
      for (let n = 1; n <= 20; n++) await jobs.send('test.shop', { shopId: 1, n }, { shopId: 1, trx });
    });
    await until(() => done.length === 20);
    expect(Date.now() - until0).toBeLessThan(6000);
    // Each once (one transaction's jobs share its created_on: pg-boss does not order them among themselves).
    expect([...done].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("coalesce: a shop's running job sends nothing when a job of the shop already waits to start by then", async () => {
    const jobs = engine('a');
    const sent: Array<string | null> = [];
    let waitingId: string | null = null;
    const ran: number[] = [];
    await jobs.work('test.shop', async ({ data }) => {
      ran.push(data.n);
      if (data.n !== 1) return;
      // A job of the shop waits (queued by a change while this one runs), due now: it covers a job due in 5 s.
      waitingId = await jobs.send('test.shop', { shopId: 1, n: 2 }, { shopId: 1 });
      sent.push(await jobs.send('test.shop', { shopId: 1, n: 3 }, { shopId: 1, startAfterSeconds: 5, coalesce: true }));
      // Another shop has nothing waiting: its job is sent.
      sent.push(await jobs.send('test.shop', { shopId: 2, n: 4 }, { shopId: 2, startAfterSeconds: 1, coalesce: true }));
    });
    await jobs.start();
    await jobs.send('test.shop', { shopId: 1, n: 1 }, { shopId: 1 });
    await until(() => ran.length === 3);
    expect(sent[0]).toBe(waitingId);
    expect(sent[1]).not.toBeNull();
    expect(sent[1]).not.toBe(waitingId);
    expect(ran).toEqual([1, 2, 4]);
    // Only a per-shop queue's jobs coalesce.
    await expect(jobs.send('test.flaky', { n: 1 }, { coalesce: true })).rejects.toThrow(/per-shop/);
  });

  it('a cron schedule runs once per occurrence with two engines on one database', async () => {
    const handled: string[] = [];
    const [a, b] = [engine('a'), engine('b')];
    for (const e of [a, b]) {
      await e.work('test.tick', async ({ data }) => void handled.push(data.from));
      await e.schedule('test.tick', '* * * * *', { from: 'cron' });
    }
    await Promise.all([a.start(), b.start()]);
    // The next minute's occurrence (both engines check every second), then a few more passes of both.
    await until(() => handled.length >= 1, 75_000);
    // One schedule row for both engines.
    const { rows } = await a.boss
      .getDb()
      .executeSql(`select count(*)::int as n from pgboss.schedule where name = 'test.tick'`);
    expect(rows[0].n).toBe(1);
    // No later occurrence may be sent from now on (on a busy machine the next minute can come within the
    // wait below); a second send of this occurrence by the other engine would already be on its way.
    await a.boss.unschedule('test.tick');
    await sleep(4000);
    expect(handled).toEqual(['cron']);
  }, 120_000);

  it('an engine stopped mid-job hands the job back; another instance finishes it', async () => {
    const a = engine('a');
    const b = engine('b');
    let startedOnA = false;
    await a.work('test.slow', async ({ signal }) => {
      startedOnA = true;
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
      throw new Error('stopped');
    });
    await a.start();
    const id = await a.send('test.slow', { n: 1 });
    await until(() => startedOnA);
    await a.stop(1000);
    const finishedOn: string[] = [];
    await b.work('test.slow', async ({ id: jobId }) => void finishedOn.push(jobId));
    await b.start();
    await until(() => finishedOn.length === 1);
    expect(finishedOn).toEqual([id]);
    const { rows } = await b.boss.getDb().executeSql(`select state from pgboss.job where id = $1`, [id]);
    await until(
      async () =>
        (await b.boss.getDb().executeSql(`select state from pgboss.job where id = $1`, [id])).rows[0]?.state ===
        'completed',
    );
    expect(rows).toHaveLength(1);
  });

  it('a job sent inside a transaction exists only if the transaction commits', async () => {
    const jobs = engine('a');
    await jobs.start();
    await handle.db.transaction().execute(async (trx) => void (await jobs.send('test.flaky', { n: 1 }, { trx })));
    await handle.db
      .transaction()
      .execute(async (trx) => {
        await jobs.send('test.flaky', { n: 2 }, { trx });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const { rows } = await jobs.boss.getDb().executeSql(`select data from pgboss.job where name = 'test.flaky'`);
    expect(rows.map((r: { data: unknown }) => r.data)).toEqual([{ n: 1 }]);
  });
});
