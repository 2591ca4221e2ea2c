import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Db } from '../../db';
import type { ImageGenerator } from './generator';
import type { GenerationBus } from './generations';
import { lookImagesFor, writeOutput } from './generationFiles';
import type { FileStorage } from '../../storage';
import { claimNextJob, completeJob, failJob, recoverJobs, releaseLeases, renewLeases, type Claim } from './generationQueue';

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
