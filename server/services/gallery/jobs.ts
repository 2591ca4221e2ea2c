import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import type { GeneratedItemPosition } from '../../../src/contracts/hotspots';
import type { ImageGenerator } from './generator';
import type { LookImages } from './generatorImages';
import { creditOnce } from './credits';
import { FILES_PATH, shopFileKey, type FileStorage } from '../../storage';
import { recordEvent, type GenerationBus, type GenerationRow } from './generations';

/** A crashed attempt is retried once; a second crash fails the job (and refunds). */
export const MAX_ATTEMPTS = 2;

/** Who claims a job and for how long (renewed by the claiming pool while the job runs). */
export interface Lease {
  workerId: string;
  leaseMs: number;
}

export interface WorkerPoolOptions {
  db: Db;
  bus: GenerationBus;
  generator: ImageGenerator;
  /** Where the made images are stored (server/storage). */
  storage: FileStorage;
  now: () => Date;
  /** Parallel jobs (bounded pool). */
  concurrency: number;
  /** A generation taking longer fails. */
  jobTimeoutMs: number;
  /** Safety poll of the queue (signals from other instances arrive through the database at once). */
  pollMs: number;
  /** Lease of a claimed job: renewed every leaseMs / 3 while it runs; recovery takes jobs whose lease ran out. */
  leaseMs: number;
  /** Names this pool's claims (default: host, pid and a random part). */
  workerId?: string;
  log?: { error(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
}

/** A claim: the job row as claimed (its workerId and attempts prove ownership later). */
export type Claim = GenerationRow;

/** Lease ends are database time: every instance compares against one clock. */
const leaseFromNow = (ms: number) => sql<Date>`now() + ${Math.max(0, Math.round(ms))}::integer * interval '1 millisecond'`;
const leaseExpired = sql<boolean>`(lease_expires_at is null or lease_expires_at <= now())`;

/** Claims the oldest queued job (FOR UPDATE SKIP LOCKED: safe with several workers or servers). */
export async function claimNextJob(db: Db, now: Date, lease: Lease): Promise<Claim | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('imageGenerations')
      .set((eb) => ({
        status: 'IN_PROGRESS',
        attempts: eb('attempts', '+', 1),
        workerId: lease.workerId,
        leaseExpiresAt: leaseFromNow(lease.leaseMs),
        startedAt: now,
        updatedAt: now,
      }))
      .where(
        'id',
        '=',
        sql<number>`(select id from image_generations where status = 'IN_QUEUE' order by queued_at, id limit 1 for update skip locked)`,
      )
      .where('status', '=', 'IN_QUEUE')
      .returningAll()
      .executeTakeFirst();
    if (row) await recordEvent(trx, row);
    return row;
  });
}

type Owned = Pick<Claim, 'id' | 'run' | 'attempts' | 'workerId'>;
type Eb = ExpressionBuilder<Database, 'imageGenerations'>;

/** The same claim of a job: same run and attempt. */
const sameClaim = (eb: Eb, job: Owned) => eb.and([eb('id', '=', job.id), eb('run', '=', job.run), eb('attempts', '=', job.attempts)]);

/** Only the claim that owns the job: same run, same attempt, same worker, still running. */
const owned = (eb: Eb, job: Owned) =>
  eb.and([
    sameClaim(eb, job),
    job.workerId === null ? eb('workerId', 'is', null) : eb('workerId', '=', job.workerId),
    eb('status', '=', 'IN_PROGRESS'),
  ]);

/** IN_PROGRESS → COMPLETED with the image and where it shows the look's products (only the claim that still owns it). */
export async function completeJob(
  db: Db,
  job: Owned,
  imageUrl: string,
  now: Date,
  positions: GeneratedItemPosition[] | null = null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('imageGenerations')
      .set({
        status: 'COMPLETED',
        generatedImageUrl: imageUrl,
        itemPositions: positions ? JSON.stringify(positions) : null,
        errorMessage: null,
        completedAt: now,
        leaseExpiresAt: null,
        updatedAt: now,
      })
      .where((eb) => owned(eb, job))
      .returningAll()
      .executeTakeFirst();
    if (row) await recordEvent(trx, row);
    return !!row;
  });
}

/** IN_PROGRESS → FAILED with the message and the run's credit refunded (once); only the owning claim. */
export async function failJob(db: Db, job: Owned, message: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('imageGenerations')
      .set({ status: 'FAILED', errorMessage: message.slice(0, 500), completedAt: now, leaseExpiresAt: null, updatedAt: now })
      .where((eb) => owned(eb, job))
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    await creditOnce(trx, row.shopId, 1, 'refund', `${row.id}:${row.run}`);
    await recordEvent(trx, row);
    return true;
  });
}

/** Renews the leases of the jobs a worker runs; answers the ids it still owns (the others were recovered). */
export async function renewLeases(db: Db, workerId: string, jobs: Owned[], leaseMs: number): Promise<Set<number>> {
  if (!jobs.length) return new Set();
  const rows = await db
    .updateTable('imageGenerations')
    .set({ leaseExpiresAt: leaseFromNow(leaseMs) })
    .where('workerId', '=', workerId)
    .where('status', '=', 'IN_PROGRESS')
    .where((eb) => eb.or(jobs.map((j) => sameClaim(eb, j))))
    .returning('id')
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Ends the leases of jobs a stopping worker gives up: any live instance recovers them at once. */
export async function releaseLeases(db: Db, workerId: string, jobs: Owned[]): Promise<void> {
  if (!jobs.length) return;
  await db
    .updateTable('imageGenerations')
    .set({ leaseExpiresAt: sql<Date>`now()` })
    .where('workerId', '=', workerId)
    .where('status', '=', 'IN_PROGRESS')
    .where((eb) => eb.or(jobs.map((j) => sameClaim(eb, j))))
    .execute();
}

/**
 * Jobs IN_PROGRESS whose lease ran out (their worker died or gave them up):
 * queued again while attempts remain, else FAILED and refunded. A job whose
 * lease is live is never touched, whoever runs it; every change re-checks the
 * lease in its own statement, so a renewal racing it wins or loses cleanly.
 */
export async function recoverJobs(db: Db, bus: GenerationBus, now: Date): Promise<{ retried: number; failed: number }> {
  const expired = await db
    .selectFrom('imageGenerations')
    .selectAll()
    .where('status', '=', 'IN_PROGRESS')
    .where(leaseExpired)
    .execute();
  let retried = 0;
  let failed = 0;
  for (const job of expired) {
    const retry = job.attempts < MAX_ATTEMPTS;
    const row = await db.transaction().execute(async (trx) => {
      const r = await trx
        .updateTable('imageGenerations')
        .set(
          retry
            ? { status: 'IN_QUEUE', leaseExpiresAt: null, queuedAt: now, updatedAt: now }
            : { status: 'FAILED', errorMessage: 'Generation interrupted twice; the credit was refunded', completedAt: now, leaseExpiresAt: null, updatedAt: now },
        )
        .where('id', '=', job.id)
        .where('run', '=', job.run)
        .where('attempts', '=', job.attempts)
        .where('status', '=', 'IN_PROGRESS')
        .where(leaseExpired)
        .returningAll()
        .executeTakeFirst();
      if (!r) return undefined;
      if (!retry) await creditOnce(trx, r.shopId, 1, 'refund', `${r.id}:${r.run}`);
      await recordEvent(trx, r);
      return r;
    });
    if (!row) continue;
    if (retry) retried += 1;
    else failed += 1;
    bus.changed(job.id);
  }
  if (retried) bus.queued();
  return { retried, failed };
}

/** The images of a generation's look, read when the job runs (the look may have changed or gone). */
export async function lookImagesFor(db: Db, job: GenerationRow): Promise<LookImages> {
  if (!job.productLookId) throw new Error('The look of this generation no longer exists');
  const look = await db
    .selectFrom('productLooks')
    .select(['title', 'mainProduct', 'relatedItems'])
    .where('shopId', '=', job.shopId)
    .where('id', '=', job.productLookId)
    .executeTakeFirst();
  if (!look) throw new Error('The look of this generation no longer exists');
  const items = [...(look.relatedItems ?? [])].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const mainImage = look.mainProduct?.selectedMainImage || look.mainProduct?.image || '';
  return {
    title: look.title,
    products: [
      ...(mainImage ? [{ productId: look.mainProduct.itemId, image: mainImage, main: true }] : []),
      ...items.filter((i) => !!i.image).map((i) => ({ productId: i.itemId, image: i.image, main: false })),
    ],
  };
}

/** Output file of a run: shops/<shop>/generated/<id>-<run>.jpg in the storage, referenced as /files/<key>. */
export async function writeOutput(storage: FileStorage, job: GenerationRow, jpeg: Buffer): Promise<string> {
  const key = shopFileKey(job.shopId, 'generated', `${job.id}-${job.run}.jpg`);
  await storage.put(key, jpeg);
  return `${FILES_PATH}${key}`;
}

class LeaseLost extends Error {
  constructor() {
    super('The job was recovered by another worker');
  }
}
class ShuttingDown extends Error {
  constructor() {
    super('The worker pool stopped');
  }
}

/** A worker id that names the process (logs, the workerId column) and is unique per pool. */
export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * A bounded pool of workers draining the durable queue. Woken by `queued`
 * signals (from any instance on the database) and by a poll. While a job
 * runs, its lease is renewed every leaseMs / 3; every leaseMs / 2 the pool
 * also recovers jobs whose lease ran out (a dead worker, here or elsewhere).
 * On stop it waits a grace period, then gives up the leases of jobs still
 * running, so another instance (or the next start) takes them over at once.
 */
export class WorkerPool {
  readonly workerId: string;
  private running = false;
  private active = new Set<Promise<void>>();
  private jobs = new Map<number, { job: Claim; controller: AbortController }>();
  private timers: NodeJS.Timeout[] = [];
  private heartbeat: NodeJS.Timeout | null = null;
  private pumping = false;
  private readonly onQueued = () => void this.pump();

  constructor(private readonly o: WorkerPoolOptions) {
    this.workerId = o.workerId ?? newWorkerId();
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.o.bus.on('queued', this.onQueued);
    this.o.bus.on('resync', this.onQueued);
    const every = (ms: number, fn: () => void) => {
      const t = setInterval(fn, Math.max(10, ms));
      t.unref();
      return t;
    };
    this.timers.push(every(this.o.pollMs, () => void this.pump()));
    this.timers.push(every(this.o.leaseMs / 2, () => void this.recover()));
    this.heartbeat = every(this.o.leaseMs / 3, () => void this.renew());
    void this.pump();
  }

  async stop(graceMs = 5000) {
    this.running = false;
    this.o.bus.off('queued', this.onQueued);
    this.o.bus.off('resync', this.onQueued);
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    if (this.active.size) {
      // Leases stay renewed during the grace period.
      await Promise.race([Promise.allSettled([...this.active]), new Promise((r) => setTimeout(r, graceMs).unref())]);
    }
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    const left = [...this.jobs.values()];
    if (!left.length) return;
    try {
      await releaseLeases(this.o.db, this.workerId, left.map((e) => e.job));
    } catch (error) {
      this.o.log?.error({ err: error }, 'generation queue: could not give up leases (they expire on their own)');
    }
    for (const e of left) e.controller.abort(new ShuttingDown());
  }

  get busy() {
    return this.active.size;
  }

  private async renew() {
    const entries = [...this.jobs.values()];
    if (!entries.length) return;
    try {
      const kept = await renewLeases(this.o.db, this.workerId, entries.map((e) => e.job), this.o.leaseMs);
      for (const e of entries) {
        // Still ours unless another instance recovered it (this worker stalled past its lease).
        if (!kept.has(e.job.id) && this.jobs.get(e.job.id) === e) e.controller.abort(new LeaseLost());
      }
    } catch (error) {
      this.o.log?.error({ err: error }, 'generation queue: lease renewal failed');
    }
  }

  private async recover() {
    try {
      await recoverJobs(this.o.db, this.o.bus, this.o.now());
    } catch (error) {
      if (this.running) this.o.log?.error({ err: error }, 'generation queue: recovery failed');
    }
  }

  private async pump() {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.running && this.active.size < this.o.concurrency) {
        const job = await claimNextJob(this.o.db, this.o.now(), { workerId: this.workerId, leaseMs: this.o.leaseMs });
        if (!job) break;
        this.o.bus.changed(job.id);
        const run = this.run(job).finally(() => {
          this.active.delete(run);
          if (this.running) void this.pump();
        });
        this.active.add(run);
      }
    } catch (error) {
      if (this.running) this.o.log?.error({ err: error }, 'generation queue: claim failed');
    } finally {
      this.pumping = false;
    }
  }

  private async run(job: Claim) {
    const controller = new AbortController();
    const entry = { job, controller };
    this.jobs.set(job.id, entry);
    const timer = setTimeout(() => controller.abort(new Error('Generation timed out')), this.o.jobTimeoutMs);
    const aborted = new Promise<never>((_, reject) =>
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true }),
    );
    aborted.catch(() => undefined);
    try {
      const look = await Promise.race([lookImagesFor(this.o.db, job), aborted]);
      const made = await Promise.race([
        this.o.generator.generate({
          generationId: job.id,
          shopId: job.shopId,
          imageType: job.imageType,
          customPrompt: job.customPrompt,
          look,
          signal: controller.signal,
        }),
        aborted,
      ]);
      if (controller.signal.aborted) throw controller.signal.reason;
      const { jpeg, positions } = Buffer.isBuffer(made) ? { jpeg: made, positions: null } : made;
      const url = await writeOutput(this.o.storage, job, jpeg);
      if (!(await completeJob(this.o.db, job, url, this.o.now(), positions))) {
        this.o.log?.info?.({ generationId: job.id }, 'generation queue: finished a job another worker had taken over');
      }
    } catch (error) {
      const reason = controller.signal.aborted ? controller.signal.reason : error;
      // Another worker owns it now, or this pool gave it up on shutdown: not this run's to fail.
      if (reason instanceof LeaseLost || reason instanceof ShuttingDown) return;
      const timedOut = reason instanceof Error && /timed out/.test(reason.message);
      // Shutting down within the grace period: leave the job IN_PROGRESS; its lease is given up or runs out.
      if (!this.running && !timedOut) return;
      const message = reason instanceof Error ? reason.message : String(reason);
      try {
        await failJob(this.o.db, job, message, this.o.now());
      } catch (e) {
        this.o.log?.error({ err: e }, 'generation queue: could not record a failure');
      }
    } finally {
      clearTimeout(timer);
      if (this.jobs.get(job.id) === entry) this.jobs.delete(job.id);
      this.o.bus.changed(job.id);
    }
  }
}
