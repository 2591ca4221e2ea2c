import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db';
import type { Database } from '../../db/schema';
import type { GeneratedItemPosition } from '../../../src/contracts/hotspots';
import { creditOnce } from './credits';
import { recordEvent, type GenerationRow } from './generations';

/*
 * A generation run's row (image_generations) as its job moves it: a try takes it over, completes
 * it, gives it back for the next try, or fails it with the run's credit refunded (once: the refund
 * is keyed by generation and run). Every change is one conditional update that names the run and
 * the try that owns it, so a try that lost its job (its instance stalled past its heartbeat and
 * another try took over) changes nothing. The job queue is generationQueue.ts, the worker
 * generationWorker.ts.
 */

/** The run a job stands for. */
export interface RunRef {
  generationId: number;
  run: number;
}

/** A try's hold on the run: the row as the try took it (run, attempts and workerId prove ownership). */
export type Claim = GenerationRow;

type Owned = Pick<Claim, 'id' | 'run' | 'attempts' | 'workerId'>;
type Eb = ExpressionBuilder<Database, 'imageGenerations'>;

/** Only the try that owns the run: same run, same attempt, same worker, still running. */
const owned = (eb: Eb, job: Owned) =>
  eb.and([
    eb('id', '=', job.id),
    eb('run', '=', job.run),
    eb('attempts', '=', job.attempts),
    job.workerId === null ? eb('workerId', 'is', null) : eb('workerId', '=', job.workerId),
    eb('status', '=', 'IN_PROGRESS'),
  ]);

/**
 * A try takes the run over: IN_QUEUE (first try, or given back) or IN_PROGRESS (the try before died
 * with its instance) → IN_PROGRESS under `workerId`. Undefined when the run is no longer to be made
 * (finished, failed, stopped on uninstall, or a newer run started).
 */
export async function takeRun(db: Db, ref: RunRef, workerId: string, now: Date): Promise<Claim | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('imageGenerations')
      .set((eb) => ({
        status: 'IN_PROGRESS',
        attempts: eb('attempts', '+', 1),
        workerId,
        startedAt: now,
        updatedAt: now,
      }))
      .where('id', '=', ref.generationId)
      .where('run', '=', ref.run)
      .where('status', 'in', ['IN_QUEUE', 'IN_PROGRESS'])
      .returningAll()
      .executeTakeFirst();
    if (row) await recordEvent(trx, row);
    return row;
  });
}

/** IN_PROGRESS → COMPLETED with the image and where it shows the look's products (only the owning try). */
export async function completeRun(
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
        updatedAt: now,
      })
      .where((eb) => owned(eb, job))
      .returningAll()
      .executeTakeFirst();
    if (row) await recordEvent(trx, row);
    return !!row;
  });
}

/** IN_PROGRESS → IN_QUEUE: this try failed and the job is retried (only the owning try). */
export async function giveRunBack(db: Db, job: Owned, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('imageGenerations')
      .set({ status: 'IN_QUEUE', queuedAt: now, updatedAt: now })
      .where((eb) => owned(eb, job))
      .returningAll()
      .executeTakeFirst();
    if (row) await recordEvent(trx, row);
    return !!row;
  });
}

/** The run fails with the message and its credit refunded (once: keyed by generation and run), where `which` holds. */
async function failWhere(
  db: Db,
  which: (eb: Eb) => ReturnType<Eb['and']>,
  message: string,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('imageGenerations')
      .set({ status: 'FAILED', errorMessage: message.slice(0, 500), completedAt: now, updatedAt: now })
      .where(which)
      .returningAll()
      .executeTakeFirst();
    if (!row) return false;
    await creditOnce(trx, row.shopId, 1, 'refund', `${row.id}:${row.run}`);
    await recordEvent(trx, row);
    return true;
  });
}

/** IN_PROGRESS → FAILED with the message and the run's credit refunded (once); only the owning try. */
export async function failRun(db: Db, job: Owned, message: string, now: Date): Promise<boolean> {
  return failWhere(db, (eb) => owned(eb, job), message, now);
}

/**
 * The run's job failed for good (its dead letter): a run not yet ended fails, whichever try held it
 * (the last one may have died with its instance), and its credit is refunded (once).
 */
export async function failAbandonedRun(db: Db, ref: RunRef, message: string, now: Date): Promise<boolean> {
  return failWhere(
    db,
    (eb) =>
      eb.and([
        eb('id', '=', ref.generationId),
        eb('run', '=', ref.run),
        eb('status', 'in', ['IN_QUEUE', 'IN_PROGRESS']),
      ]),
    message,
    now,
  );
}
