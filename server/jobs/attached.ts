import type { Db } from '../db';
import type { JobEngine } from './engine';

const engines = new WeakMap<Db, JobEngine>();

/**
 * The job engine of a database handle (set by buildApp): services, which are given only `db`, queue
 * the jobs their changes call for through it (inside their transaction, see SendJobOptions.trx).
 */
export function jobsFor(db: Db): JobEngine | undefined {
  return engines.get(db);
}

export function attachJobs(db: Db, engine: JobEngine): void {
  engines.set(db, engine);
}
