import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { sql } from 'kysely';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../../test/testApp';
import { DEMO_SHOP_DOMAIN } from '../../config';
import type { ImageGenerator } from './generator';
import { GenerationBus } from './generations';
import { LocalDirectory } from '../../storage';
import { claimNextJob, completeJob, failJob, recoverJobs, renewLeases } from './generationQueue';
import { WorkerPool } from './generationWorker';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('job leases', () => {
  let t: TestApp;
  let shopId: number;
  let lookId: number;
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sl-jobs-'));
  const storage = new LocalDirectory(filesDir);

  beforeAll(async () => {
    t = await createTestApp({ seed: true, deps: { gallery: { workers: false } } });
    shopId = (await t.db.selectFrom('shops').select('id').where('domain', '=', DEMO_SHOP_DOMAIN).executeTakeFirstOrThrow()).id;
    lookId = (await t.db.selectFrom('productLooks').select('id').where('shopId', '=', shopId).orderBy('id').executeTakeFirstOrThrow()).id;
    await t.db
      .insertInto('shopCredits')
      .values({ shopId, balance: 100 })
      .onConflict((oc) => oc.column('shopId').doUpdateSet({ balance: 100 }))
      .execute();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(filesDir, { recursive: true, force: true });
  });

  const queue = async () => {
    const res = await t.request({ method: 'POST', url: '/admin/api/v1/image-generation', shop: DEMO_SHOP_DOMAIN, payload: { productLookId: lookId, imageType: 'model' } });
    expect(res.statusCode).toBe(201);
    return res.json().imageGenerationId as number;
  };
  const row = (id: number) => t.db.selectFrom('imageGenerations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const expireLease = (id: number) => t.db.updateTable('imageGenerations').set({ leaseExpiresAt: sql<Date>`now() - interval '1 second'` }).where('id', '=', id).execute();
  const balance = async () => (await t.db.selectFrom('shopCredits').select('balance').where('shopId', '=', shopId).executeTakeFirstOrThrow()).balance;

  it('a claim whose lease ran out and was recovered can neither complete nor fail the job; the new claim can', async () => {
    const id = await queue();
    const first = (await claimNextJob(t.db, new Date(), { workerId: 'w1', leaseMs: 60_000 }))!;
    expect(first).toMatchObject({ id, workerId: 'w1', attempts: 1, status: 'IN_PROGRESS' });
    // A live lease: recovery leaves it alone.
    expect(await recoverJobs(t.db, new GenerationBus(), new Date())).toEqual({ retried: 0, failed: 0 });
    // w1 stalls past its lease; recovery re-queues it and w2 claims it.
    await expireLease(id);
    expect(await recoverJobs(t.db, new GenerationBus(), new Date())).toEqual({ retried: 1, failed: 0 });
    const second = (await claimNextJob(t.db, new Date(), { workerId: 'w2', leaseMs: 60_000 }))!;
    expect(second).toMatchObject({ id, workerId: 'w2', attempts: 2 });

    expect(await renewLeases(t.db, 'w1', [first], 60_000)).toEqual(new Set());
    expect(await completeJob(t.db, first, '/files/stale.jpg', new Date())).toBe(false);
    expect(await failJob(t.db, first, 'stale', new Date())).toBe(false);
    expect(await renewLeases(t.db, 'w2', [second], 60_000)).toEqual(new Set([id]));
    expect(await completeJob(t.db, second, '/files/fresh.jpg', new Date())).toBe(true);
    expect(await row(id)).toMatchObject({ status: 'COMPLETED', generatedImageUrl: '/files/fresh.jpg', workerId: 'w2', leaseExpiresAt: null });
  });

  it('on the last attempt an expired lease fails the job and refunds once; a live one is left alone', async () => {
    const id = await queue();
    const before = await balance();
    const claim = (await claimNextJob(t.db, new Date(), { workerId: 'w1', leaseMs: 60_000 }))!;
    await t.db.updateTable('imageGenerations').set({ attempts: 2 }).where('id', '=', id).execute();
    expect(await recoverJobs(t.db, new GenerationBus(), new Date())).toEqual({ retried: 0, failed: 0 });
    await expireLease(id);
    expect(await recoverJobs(t.db, new GenerationBus(), new Date())).toEqual({ retried: 0, failed: 1 });
    expect(await recoverJobs(t.db, new GenerationBus(), new Date())).toEqual({ retried: 0, failed: 0 });
    expect(await row(id)).toMatchObject({ status: 'FAILED', errorMessage: expect.stringMatching(/interrupted/) });
    expect(await balance()).toBe(before + 1);
    expect(await completeJob(t.db, { ...claim, attempts: 2 }, '/files/late.jpg', new Date())).toBe(false);
  });

  describe('worker pool', () => {
    /** Holds every job until its signal aborts; records the abort reasons. */
    function heldGenerator() {
      const aborted: unknown[] = [];
      const gen: ImageGenerator & { aborted: unknown[] } = {
        name: 'held',
        aborted,
        generate: (req) =>
          new Promise((_, reject) =>
            req.signal.addEventListener('abort', () => {
              aborted.push(req.signal.reason);
              reject(req.signal.reason);
            }),
          ),
      };
      return gen;
    }
    const poolWith = (generator: ImageGenerator, workerId: string, leaseMs: number) =>
      new WorkerPool({
        db: t.db,
        bus: new GenerationBus(),
        generator,
        storage,
        now: () => new Date(),
        concurrency: 1,
        jobTimeoutMs: 60_000,
        pollMs: 20,
        leaseMs,
        workerId,
      });
    const waitFor = async (check: () => Promise<boolean>) => {
      const until = Date.now() + 10_000;
      while (!(await check())) {
        if (Date.now() > until) throw new Error('timed out');
        await sleep(10);
      }
    };

    it('renews the lease while a job runs and gives it up on stop, so the job is recovered at once', async () => {
      const id = await queue();
      const gen = heldGenerator();
      const pool = poolWith(gen, 'pool-1', 1000);
      pool.start();
      try {
        await waitFor(async () => (await row(id)).workerId === 'pool-1');
        await sleep(1300); // longer than a lease: only renewals keep it
        const live = await t.db.selectFrom('imageGenerations').select(sql<boolean>`lease_expires_at > now()`.as('live')).where('id', '=', id).executeTakeFirstOrThrow();
        expect(live.live).toBe(true);
        expect((await row(id)).status).toBe('IN_PROGRESS');
      } finally {
        await pool.stop(50);
      }
      // Stopped: the job is not failed, its lease is over, recovery queues it again.
      expect(gen.aborted).toHaveLength(1);
      expect((await row(id)).status).toBe('IN_PROGRESS');
      expect(await recoverJobs(t.db, new GenerationBus(), new Date())).toEqual({ retried: 1, failed: 0 });
      expect(await row(id)).toMatchObject({ status: 'IN_QUEUE', attempts: 1 });
      await t.db.updateTable('imageGenerations').set({ status: 'FAILED' }).where('id', '=', id).execute();
    });

    it('a worker that finds its job taken over stops running it and neither completes nor fails it', async () => {
      const id = await queue();
      const gen = heldGenerator();
      const pool = poolWith(gen, 'pool-stalled', 1000);
      pool.start();
      try {
        await waitFor(async () => (await row(id)).workerId === 'pool-stalled');
        // Taken over while this pool was not looking (its lease ran out, another worker recovered and claimed it).
        await t.db
          .updateTable('imageGenerations')
          .set({ workerId: 'other', attempts: 2, leaseExpiresAt: sql<Date>`now() + interval '1 minute'` })
          .where('id', '=', id)
          .execute();
        const other = await row(id);
        await waitFor(async () => gen.aborted.length >= 1);
        expect(String(gen.aborted[0])).toMatch(/recovered by another worker/);
        await sleep(50);
        expect(await row(id)).toMatchObject({ status: 'IN_PROGRESS', workerId: 'other', attempts: 2, errorMessage: null });
        expect(await completeJob(t.db, other, '/files/other.jpg', new Date())).toBe(true);
      } finally {
        await pool.stop(50);
      }
    });
  });

  it('generated output of the real pool: a job completes with its image (sanity)', async () => {
    const id = await queue();
    const jpeg = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123' } }).jpeg().toBuffer();
    const pool = new WorkerPool({
      db: t.db,
      bus: new GenerationBus(),
      generator: { name: 'quick', generate: async () => jpeg },
      storage,
      now: () => new Date(),
      concurrency: 1,
      jobTimeoutMs: 10_000,
      pollMs: 20,
      leaseMs: 1000,
      workerId: 'quick',
    });
    pool.start();
    try {
      const until = Date.now() + 10_000;
      while ((await row(id)).status !== 'COMPLETED' && Date.now() < until) await sleep(10);
      expect(await row(id)).toMatchObject({ status: 'COMPLETED', workerId: 'quick', leaseExpiresAt: null });
      expect((await row(id)).generatedImageUrl).toBe(`/files/shops/${shopId}/generated/${id}-1.jpg`);
      expect(await storage.read(`shops/${shopId}/generated/${id}-1.jpg`)).toEqual(jpeg);
    } finally {
      await pool.stop(50);
    }
  });
});
