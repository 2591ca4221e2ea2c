import type { JobEngine } from '../../jobs';
import type { ChangeReader } from '../../services/changes/outbox';

export interface UpkeepSteps {
  prune(readers: readonly ChangeReader[]): Promise<number>;
  /** Shops whose changes the reader left unread for a while. */
  behind(reader: ChangeReader): Promise<number[]>;
}

/** Shops with a job of the queue waiting, running or retrying. */
async function shopsWithJobs(jobs: JobEngine, queue: ChangeReader, shopIds: number[]): Promise<Set<number>> {
  if (!shopIds.length) return new Set();
  const { rows } = await jobs.boss
    .getDb()
    .executeSql(
      `select distinct singleton_key as key from pgboss.job where name = $1 and state in ('created', 'retry', 'active') and singleton_key = any($2::text[])`,
      [queue, shopIds.map((id) => `shop:${id}`)],
    );
  return new Set(rows.map((r: { key: string }) => Number(r.key.slice('shop:'.length))));
}

/**
 * One upkeep of the change outbox: prunes what every reader has read (and anything old), then queues
 * the job of each reader for the shops it left behind and has no job for (a job that failed for good
 * went to its dead letter queue; a change recorded where no reader ran). Every reader job reads
 * everything after its place, so queueing one more is always safe.
 */
export async function runChangesUpkeep(
  jobs: JobEngine,
  readers: readonly ChangeReader[],
  steps: UpkeepSteps,
): Promise<{ pruned: number; queued: number }> {
  const pruned = await steps.prune(readers);
  let queued = 0;
  for (const reader of readers) {
    const behind = await steps.behind(reader);
    const busy = await shopsWithJobs(jobs, reader, behind);
    for (const shopId of behind) {
      if (busy.has(shopId)) continue;
      await jobs.send(reader, { shopId }, { shopId });
      queued += 1;
    }
  }
  return { pruned, queued };
}
