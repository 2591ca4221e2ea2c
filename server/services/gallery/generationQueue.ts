import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import { jobsFor, type JobEngine } from '../../jobs';
import type { RunRef } from './generationRuns';

/*
 * The generation queue: each run of a generation is one job of the job engine (queue
 * `generation.run`, server/jobs/queues.ts: retries with backoff, a heartbeat that hands a dead
 * instance's try to a live one, a dead letter queue). It is queued in the transaction that starts
 * the run and debits its credit, so a started run always has its job. Its key names the generation
 * and the run: one job per run in the whole cluster, and queuing it again is a no-op.
 */

export const GENERATION_QUEUE = 'generation.run';

/** The job key of a run. */
export const runKey = (ref: RunRef) => `generation:${ref.generationId}:${ref.run}`;

/** Queues the run's job inside the transaction that starts it (no job engine, e.g. a script: none; adoptRuns queues it later). */
export async function queueRun(db: Db, trx: Transaction<Database>, ref: RunRef & { shopId: number }): Promise<void> {
  const jobs = jobsFor(db);
  if (!jobs) return;
  await jobs.send(
    GENERATION_QUEUE,
    { generationId: ref.generationId, run: ref.run, shopId: ref.shopId },
    { trx, singletonKey: runKey(ref) },
  );
}

/**
 * Runs queued or running without any job (started before the job engine ran them, e.g. by the
 * release before this one, or by a script without it) get one. A run whose job exists in any state
 * (waiting, running, done or dead) is left alone. Returns how many were queued.
 */
export async function adoptRuns(db: Db, jobs: JobEngine): Promise<number> {
  const { rows } = await sql<{ id: number; run: number; shopId: number }>`
    select g.id, g.run, g.shop_id as "shopId" from image_generations g
     where g.status in ('IN_QUEUE', 'IN_PROGRESS')
       and not exists (select 1 from pgboss.job j
                        where j.name in (${GENERATION_QUEUE}, ${`${GENERATION_QUEUE}.dead`})
                          and j.singleton_key = 'generation:' || g.id || ':' || g.run)`.execute(db);
  let queued = 0;
  for (const r of rows) {
    const ref = { generationId: r.id, run: r.run, shopId: r.shopId };
    if (await jobs.send(GENERATION_QUEUE, ref, { singletonKey: runKey(ref) })) queued += 1;
  }
  return queued;
}
