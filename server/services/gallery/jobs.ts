import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { ImageGenerator } from './generator';
import type { LookImages } from './generatorImages';
import { creditOnce } from './credits';
import { recordEvent, type GenerationBus, type GenerationRow } from './generations';

/** A crashed attempt is retried once; a second crash fails the job (and refunds). */
export const MAX_ATTEMPTS = 2;

export interface WorkerPoolOptions {
  db: Db;
  bus: GenerationBus;
  generator: ImageGenerator;
  filesDir: string;
  now: () => Date;
  /** Parallel jobs (bounded pool). */
  concurrency: number;
  /** A generation taking longer fails. */
  jobTimeoutMs: number;
  /** Polling interval (jobs queued by another process, stale leases). */
  pollMs: number;
  log?: { error(obj: unknown, msg?: string): void; info?(obj: unknown, msg?: string): void };
}

/** Claims the oldest queued job (FOR UPDATE SKIP LOCKED: safe with several workers or servers). */
export async function claimNextJob(db: Db, now: Date): Promise<GenerationRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('imageGenerations')
      .set((eb) => ({ status: 'IN_PROGRESS', attempts: eb('attempts', '+', 1), lockedAt: now, startedAt: now, updatedAt: now }))
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

/** IN_PROGRESS → COMPLETED with the image (only the run that owns it). */
export async function completeJob(db: Db, job: GenerationRow, imageUrl: string, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('imageGenerations')
      .set({ status: 'COMPLETED', generatedImageUrl: imageUrl, errorMessage: null, completedAt: now, lockedAt: null, updatedAt: now })
      .where('id', '=', job.id)
      .where('run', '=', job.run)
      .where('status', '=', 'IN_PROGRESS')
      .returningAll()
      .executeTakeFirst();
    if (row) await recordEvent(trx, row);
    return !!row;
  });
}

/** → FAILED with the message, and the run's credit refunded (once). */
export async function failJob(db: Db, job: Pick<GenerationRow, 'id' | 'run' | 'shopId'>, message: string, now: Date, from: GenerationRow['status'][] = ['IN_PROGRESS']): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('imageGenerations')
      .set({ status: 'FAILED', errorMessage: message.slice(0, 500), completedAt: now, lockedAt: null, updatedAt: now })
      .where('id', '=', job.id)
      .where('run', '=', job.run)
      .where('status', 'in', from)
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    await creditOnce(trx, row.shopId, 1, 'refund', `${row.id}:${row.run}`);
    await recordEvent(trx, row);
    return true;
  });
}

/**
 * Jobs left IN_PROGRESS by a crash (lease older than staleBefore): queued
 * again while attempts remain, else FAILED and refunded. Never stuck.
 */
export async function recoverJobs(db: Db, bus: GenerationBus, staleBefore: Date, now: Date): Promise<{ retried: number; failed: number }> {
  const stale = await db
    .selectFrom('imageGenerations')
    .selectAll()
    .where('status', '=', 'IN_PROGRESS')
    .where((eb) => eb.or([eb('lockedAt', 'is', null), eb('lockedAt', '<=', staleBefore)]))
    .execute();
  let retried = 0;
  let failed = 0;
  for (const job of stale) {
    if (job.attempts < MAX_ATTEMPTS) {
      const row = await db.transaction().execute(async (trx) => {
        const r = await trx
          .updateTable('imageGenerations')
          .set({ status: 'IN_QUEUE', lockedAt: null, queuedAt: now, updatedAt: now })
          .where('id', '=', job.id)
          .where('run', '=', job.run)
          .where('status', '=', 'IN_PROGRESS')
          .returningAll()
          .executeTakeFirst();
        if (r) await recordEvent(trx, r);
        return r;
      });
      if (row) retried += 1;
    } else if (await failJob(db, job, 'Generation interrupted twice; the credit was refunded', now)) {
      failed += 1;
    }
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
  return {
    title: look.title,
    mainImage: look.mainProduct?.selectedMainImage || look.mainProduct?.image || null,
    itemImages: items.map((i) => i.image).filter(Boolean),
  };
}

/** Output file of a run: files/generated/<shop>/<id>-<run>.jpg, served at /files/generated/… */
export async function writeOutput(filesDir: string, job: GenerationRow, jpeg: Buffer): Promise<string> {
  const dir = path.join(filesDir, 'generated', String(job.shopId));
  await fs.mkdir(dir, { recursive: true });
  const name = `${job.id}-${job.run}.jpg`;
  const tmp = path.join(dir, `.${name}.${process.pid}.tmp`);
  await fs.writeFile(tmp, jpeg);
  await fs.rename(tmp, path.join(dir, name));
  return `/files/generated/${job.shopId}/${name}`;
}

/**
 * A bounded pool of workers draining the durable queue. Woken by `queued`
 * signals and by a poll; stops on close (jobs cut by a shutdown stay
 * IN_PROGRESS and are recovered at the next start).
 */
export class WorkerPool {
  private running = false;
  private active = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private pumping = false;
  private readonly onQueued = () => void this.pump();

  constructor(private readonly o: WorkerPoolOptions) {}

  start() {
    if (this.running) return;
    this.running = true;
    this.o.bus.on('queued', this.onQueued);
    this.timer = setInterval(() => void this.pump(), this.o.pollMs);
    this.timer.unref();
    void this.pump();
  }

  async stop(graceMs = 5000) {
    this.running = false;
    this.o.bus.off('queued', this.onQueued);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.active.size) {
      await Promise.race([Promise.allSettled([...this.active]), new Promise((r) => setTimeout(r, graceMs).unref())]);
    }
  }

  get busy() {
    return this.active.size;
  }

  private async pump() {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.running && this.active.size < this.o.concurrency) {
        const job = await claimNextJob(this.o.db, this.o.now());
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

  private async run(job: GenerationRow) {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    try {
      const look = await lookImagesFor(this.o.db, job);
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          controller.abort();
          reject(new Error('Generation timed out'));
        }, this.o.jobTimeoutMs);
      });
      const jpeg = await Promise.race([
        this.o.generator.generate({
          generationId: job.id,
          shopId: job.shopId,
          imageType: job.imageType,
          customPrompt: job.customPrompt,
          look,
          signal: controller.signal,
        }),
        timeout,
      ]);
      const url = await writeOutput(this.o.filesDir, job, jpeg);
      await completeJob(this.o.db, job, url, this.o.now());
    } catch (error) {
      if (!this.running && !(error instanceof Error && /timed out/.test(error.message))) {
        // Shutting down: leave the job IN_PROGRESS; the next start recovers it.
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      try {
        await failJob(this.o.db, job, message, this.o.now());
      } catch (e) {
        this.o.log?.error({ err: e }, 'generation queue: could not record a failure');
      }
    } finally {
      if (timer) clearTimeout(timer);
      this.o.bus.changed(job.id);
    }
  }
}
