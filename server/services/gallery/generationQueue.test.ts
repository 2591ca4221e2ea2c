import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { sql } from 'kysely';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/testApp';
import { DEMO_SHOP_DOMAIN } from '../../config';
import { deadLetterCounts, JobEngine, QUEUES, type JobData, type JobLog, type QueueDefinition } from '../../jobs';
import { LocalDirectory, type FileStorage } from '../../storage';
import type { ImageGenerator } from './generator';
import { GenerationBus } from './generations';
import { adoptRuns, GENERATION_QUEUE, runKey } from './generationQueue';
import { GIVEN_UP, generationDeadLetterWorker, generationWorker } from './generationWorker';

/*
 * Generation runs as jobs of the job engine: one job per run (singleton key), retries with backoff,
 * the dead letter state, a try whose instance died taken over through the heartbeat, the credit
 * debited once and refunded once. Engines here run the queue with 1 s retry delays and a 1 s
 * monitor pass (the heartbeat itself is pg-boss's minimum, 10 s).
 */
jest.setTimeout(90_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(what: string, check: () => Promise<boolean>, ms = 40_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const jpeg = sharp({ create: { width: 8, height: 8, channels: 3, background: '#456' } })
  .jpeg()
  .toBuffer();

/** A generator counting its calls. */
function countingGenerator() {
  const calls: number[] = [];
  const generator: ImageGenerator & { calls: number[] } = {
    name: 'counting',
    calls,
    async generate(req) {
      calls.push(req.generationId);
      return jpeg;
    },
  };
  return generator;
}

/** Storage whose puts fail the first `failures` times (Infinity: always). */
function flakyStorage(inner: FileStorage, failures: number): FileStorage & { puts: number } {
  const storage = Object.create(inner) as FileStorage & { puts: number };
  storage.puts = 0;
  storage.put = async (...args: Parameters<FileStorage['put']>) => {
    storage.puts += 1;
    if (storage.puts <= failures) throw new Error('bucket unavailable');
    return inner.put(...args);
  };
  return storage;
}

describe('generation jobs', () => {
  let t: TestApp;
  let shopId: number;
  let lookId: number;
  let filesDir: string;
  let engines: JobEngine<JobData>[];
  let logged: Array<{ level: string; msg?: string; obj: object }>;

  beforeEach(async () => {
    // The app queues runs (its engine is attached to the database) but runs none: the engines below do.
    t = await createTestApp({ seed: true, deps: { gallery: { workers: false } } });
    shopId = (
      await t.db.selectFrom('shops').select('id').where('domain', '=', DEMO_SHOP_DOMAIN).executeTakeFirstOrThrow()
    ).id;
    lookId = (
      await t.db
        .selectFrom('productLooks')
        .select('id')
        .where('shopId', '=', shopId)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    await t.db
      .insertInto('shopCredits')
      .values({ shopId, balance: 10 })
      .onConflict((oc) => oc.column('shopId').doUpdateSet({ balance: 10 }))
      .execute();
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-generation-jobs-'));
    engines = [];
    logged = [];
  });
  afterEach(async () => {
    for (const e of engines) await e.stop(1000);
    await t.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  const log: JobLog = {
    info: (obj, msg) => logged.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => logged.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => logged.push({ level: 'error', obj, msg }),
  };
  /** An instance's engine running generation jobs (or, without a generator, none: it only fetches). */
  async function instance(
    name: string,
    over: Partial<QueueDefinition>,
    generator?: ImageGenerator,
    storage?: FileStorage,
  ) {
    const queues = {
      ...QUEUES,
      [GENERATION_QUEUE]: { ...QUEUES[GENERATION_QUEUE], retryDelaySeconds: 1, retryDelayMaxSeconds: 1, ...over },
    };
    const engine = new JobEngine<JobData>({
      db: t.db,
      queues,
      pollingSeconds: 0.5,
      monitorSeconds: 1,
      instanceName: name,
      log,
    });
    engines.push(engine);
    if (generator) {
      const bus = new GenerationBus();
      const o = {
        db: t.db,
        bus,
        generator,
        storage: storage ?? new LocalDirectory(filesDir),
        now: () => new Date(),
        jobTimeoutMs: 20_000,
        instance: name,
      };
      await engine.work(GENERATION_QUEUE, generationWorker(o));
      await engine.workDead(GENERATION_QUEUE, generationDeadLetterWorker(o));
    }
    await engine.start();
    return engine;
  }
  const generate = async () => {
    const res = await t.request({
      method: 'POST',
      url: '/admin/api/v1/image-generation',
      shop: DEMO_SHOP_DOMAIN,
      payload: { productLookId: lookId, imageType: 'model' },
    });
    expect(res.statusCode).toBe(201);
    return res.json().imageGenerationId as number;
  };
  const row = (id: number) =>
    t.db.selectFrom('imageGenerations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const ledger = async (id: number) =>
    (
      await t.db
        .selectFrom('creditLedger')
        .select(['reason', 'delta'])
        .where('shopId', '=', shopId)
        .where('reference', '=', `${id}:1`)
        .orderBy('id')
        .execute()
    ).map((r) => `${r.reason} ${r.delta}`);
  const jobsOf = async (id: number) =>
    (
      await sql<{
        name: string;
        state: string;
      }>`select name, state::text as state from pgboss.job where singleton_key = ${runKey({ generationId: id, run: 1 })} order by created_on`.execute(
        t.db,
      )
    ).rows;

  it('a run is one job: queuing it again, from any instance, is a no-op; it runs once', async () => {
    const other = await instance('other', {});
    const id = await generate();
    expect(await jobsOf(id)).toEqual([{ name: GENERATION_QUEUE, state: 'created' }]);
    const data = { generationId: id, run: 1, shopId };
    expect(await other.send(GENERATION_QUEUE, data, { singletonKey: runKey(data) })).toBeNull();
    expect(await t.app.jobs.send(GENERATION_QUEUE, data, { singletonKey: runKey(data) })).toBeNull();
    expect(await adoptRuns(t.db, other)).toBe(0);
    expect(await jobsOf(id)).toHaveLength(1);

    const generator = countingGenerator();
    await instance('a', {}, generator);
    await instance('b', {}, generator);
    await until('completed', async () => (await row(id)).status === 'COMPLETED');
    expect(generator.calls).toEqual([id]);
    expect(await ledger(id)).toEqual(['generation -1']);
  });

  it('storage failing once: the run waits IN_QUEUE, is retried with backoff and completes; debited once, no refund', async () => {
    const storage = flakyStorage(new LocalDirectory(filesDir), 1);
    await instance('a', {}, countingGenerator(), storage);
    const id = await generate();
    await until('completed', async () => (await row(id)).status === 'COMPLETED');
    const statuses = (
      await t.db.selectFrom('generationEvents').select('payload').where('generationId', '=', id).orderBy('id').execute()
    ).map((e) => e.payload.status);
    expect(statuses).toEqual(['PENDING', 'IN_QUEUE', 'IN_PROGRESS', 'IN_QUEUE', 'IN_PROGRESS', 'COMPLETED']);
    expect(storage.puts).toBe(2);
    expect((await row(id)).attempts).toBe(2);
    expect(await ledger(id)).toEqual(['generation -1']);
    expect(logged.some((l) => l.level === 'warn' && l.msg === 'job failed; retried with backoff')).toBe(true);
  });

  it('storage failing every try: failed after the last, refunded once, the job in the dead letter queue (metrics, logs)', async () => {
    const storage = flakyStorage(new LocalDirectory(filesDir), Infinity);
    await instance('a', { retryLimit: 2 }, countingGenerator(), storage);
    const id = await generate();
    await until('failed', async () => (await row(id)).status === 'FAILED');
    await until('dead letter', async () => (await deadLetterCounts(engines[0]))[GENERATION_QUEUE] === 1);
    expect(storage.puts).toBe(3);
    expect(await row(id)).toMatchObject({ status: 'FAILED', errorMessage: GIVEN_UP, attempts: 3 });
    await until('dead letter handled', async () =>
      (await jobsOf(id)).some((j) => j.name === `${GENERATION_QUEUE}.dead` && j.state === 'completed'),
    );
    expect(await ledger(id)).toEqual(['generation -1', 'refund 1']);
    expect(
      logged.some((l) => l.level === 'error' && l.msg === `job failed for good: moved to ${GENERATION_QUEUE}.dead`),
    ).toBe(true);
  });

  it('a try whose instance died is taken over by a live instance (heartbeat); it runs once more and is debited once', async () => {
    // The dead instance fetched the job, took the run over, and died: no handler, no heartbeat.
    const dead = await instance('dead', {});
    const id = await generate();
    const [job] = await dead.boss.fetch(GENERATION_QUEUE);
    expect(job).toBeDefined();
    await t.db
      .updateTable('imageGenerations')
      .set({ status: 'IN_PROGRESS', attempts: 1, workerId: 'dead' })
      .where('id', '=', id)
      .execute();
    const generator = countingGenerator();
    const started = Date.now();
    await instance('survivor', {}, generator);
    await until('completed on the survivor', async () => (await row(id)).status === 'COMPLETED');
    // The heartbeat (10 s) ran out, then a monitor pass and the retry delay: well within a minute.
    expect(Date.now() - started).toBeLessThan(40_000);
    expect(await row(id)).toMatchObject({ status: 'COMPLETED', workerId: 'survivor', attempts: 2 });
    expect(generator.calls).toEqual([id]);
    expect(await ledger(id)).toEqual(['generation -1']);
  });

  it('the last try died: the dead letter worker fails the run and refunds it once', async () => {
    const dead = await instance('dead', { retryLimit: 0 });
    const id = await generate();
    const [job] = await dead.boss.fetch(GENERATION_QUEUE);
    expect(job).toBeDefined();
    await t.db
      .updateTable('imageGenerations')
      .set({ status: 'IN_PROGRESS', attempts: 1, workerId: 'dead' })
      .where('id', '=', id)
      .execute();
    const generator = countingGenerator();
    await instance('survivor', { retryLimit: 0 }, generator);
    await until('failed by the dead letter worker', async () => (await row(id)).status === 'FAILED');
    expect(await row(id)).toMatchObject({ errorMessage: GIVEN_UP });
    expect(generator.calls).toEqual([]);
    expect(await ledger(id)).toEqual(['generation -1', 'refund 1']);
  });

  it('runs started without a job (an older release) get one at start, once', async () => {
    const engine = await instance('a', {});
    const id = await generate();
    await sql`delete from pgboss.job where singleton_key = ${runKey({ generationId: id, run: 1 })}`.execute(t.db);
    expect(await adoptRuns(t.db, engine)).toBe(1);
    expect(await adoptRuns(t.db, engine)).toBe(0);
    expect(await jobsOf(id)).toEqual([{ name: GENERATION_QUEUE, state: 'created' }]);
  });
});
