import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import type { GeneratedItemPosition } from '../../../src/contracts/hotspots';
import { creditOnce } from './credits';
import { recordEvent, type GenerationBus, type GenerationRow } from './generations';

/*
 * The durable generation queue (image_generations rows): claims with a lease on database time,
 * completion and failure by the claim that owns the job, lease renewal and hand-back, recovery of
 * jobs whose lease ran out. The worker pool (generationWorker.ts) drives it.
 */

/** A crashed attempt is retried once; a second crash fails the job (and refunds). */
export const MAX_ATTEMPTS = 2;

/** Who claims a job and for how long (renewed by the claiming pool while the job runs). */
export interface Lease {
  workerId: string;
  leaseMs: number;
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

