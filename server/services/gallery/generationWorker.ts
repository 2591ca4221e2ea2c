import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Db } from '../../db';
import type { JobContext, JobData } from '../../jobs';
import type { FileStorage } from '../../storage';
import type { ImageGenerator } from './generator';
import type { GenerationBus } from './generations';
import { lookImagesFor, writeOutput } from './generationFiles';
import { completeRun, failAbandonedRun, failRun, giveRunBack, takeRun } from './generationRuns';

/*
 * The worker of the generation queue (generationQueue.ts): one try of a run's job. It takes the run
 * over (generationRuns.ts), reads the look's images and makes the image (generationFiles.ts,
 * the generator), stores it and completes the run; every change is signalled on the bus (the SSE
 * streams of every instance, NOTIFY).
 *
 * Failures: what the generator answers is final — a refusal, a missing look, a run longer than
 * `jobTimeoutMs` fail the run at once and refund its credit (providers retry busy and failing
 * answers themselves, see providers/). Storing the image or recording the result failing (storage
 * or database down) is retried: the run waits IN_QUEUE and the job is retried with backoff. A try
 * whose instance dies or stops is retried by the job engine (heartbeat, hand-back). After the last
 * try the run fails and is refunded, by the try itself or, when it died, by the dead letter worker.
 */

export interface GenerationWorkerOptions {
  db: Db;
  bus: GenerationBus;
  generator: ImageGenerator;
  /** Where the made images are stored (server/storage). */
  storage: FileStorage;
  now: () => Date;
  /** A try taking longer fails the run. */
  jobTimeoutMs: number;
  log?: { info(obj: unknown, msg?: string): void };
  /** Names this instance's tries in the workerId column (default: host, pid and a random part). */
  instance?: string;
}

type RunJob = JobContext<JobData['generation.run']>;

/** The generator's answer was a failure: final for the run. */
class NotMade extends Error {
  constructor(readonly reason: unknown) {
    super(reason instanceof Error ? reason.message : String(reason));
  }
}

export const TIMED_OUT = 'Generation timed out';
export const GIVEN_UP = 'Generation failed after several tries; the credit was refunded';

class TimedOut extends Error {
  constructor() {
    super(TIMED_OUT);
  }
}

/** The handler of `generation.run` jobs. */
export function generationWorker(o: GenerationWorkerOptions): (job: RunJob) => Promise<void> {
  const instance = o.instance ?? `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  return async (job) => {
    // The try is told apart by the run's attempts counter, which takeRun bumps.
    const claim = await takeRun(o.db, job.data, instance, o.now());
    // Finished, failed, stopped (uninstall) or superseded by a newer run: nothing left to make.
    if (!claim) return;
    o.bus.changed(claim.id);
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new TimedOut()), o.jobTimeoutMs);
    // The engine's signal: it stops (the try is handed back) or the job is no longer this try's.
    const signal = AbortSignal.any([job.signal, timeout.signal]);
    const aborted = new Promise<never>((_, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason), { once: true }),
    );
    aborted.catch(() => undefined);
    try {
      const made = await (async () => {
        try {
          const look = await Promise.race([lookImagesFor(o.db, claim), aborted]);
          const out = await Promise.race([
            o.generator.generate({
              generationId: claim.id,
              shopId: claim.shopId,
              imageType: claim.imageType,
              customPrompt: claim.customPrompt,
              look,
              signal,
            }),
            aborted,
          ]);
          if (signal.aborted) throw signal.reason;
          return out;
        } catch (error) {
          throw job.signal.aborted ? error : new NotMade(timeout.signal.aborted ? timeout.signal.reason : error);
        }
      })();
      const { jpeg, positions } = Buffer.isBuffer(made) ? { jpeg: made, positions: null } : made;
      const url = await writeOutput(o.storage, claim, jpeg);
      if (!(await completeRun(o.db, claim, url, o.now(), positions))) {
        o.log?.info({ generationId: claim.id }, 'generation: finished a run another try had taken over');
      }
    } catch (error) {
      // Handed back or taken over: the row stays as it is for the next try.
      if (job.signal.aborted) throw job.signal.reason ?? error;
      if (error instanceof NotMade) {
        await failRun(o.db, claim, error.message, o.now());
        return;
      }
      // Storage or database: the next try (the run waits IN_QUEUE), or failed for good after the last.
      if (job.retryCount < job.retryLimit) await giveRunBack(o.db, claim, o.now()).catch(() => undefined);
      else await failRun(o.db, claim, GIVEN_UP, o.now()).catch(() => undefined);
      throw error;
    } finally {
      clearTimeout(timer);
      o.bus.changed(claim.id);
    }
  };
}

/** The handler of the dead letter queue: a run whose job failed for good fails and is refunded (once). */
export function generationDeadLetterWorker(
  o: Pick<GenerationWorkerOptions, 'db' | 'bus' | 'now'>,
): (job: RunJob) => Promise<void> {
  return async (job) => {
    if (await failAbandonedRun(o.db, job.data, GIVEN_UP, o.now())) o.bus.changed(job.data.generationId);
  };
}
