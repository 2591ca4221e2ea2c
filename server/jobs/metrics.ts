import type { JobEngine } from './engine';

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

/** Jobs of one queue in one state, and the age of the oldest (seconds). */
export interface JobCount {
  queue: string;
  state: JobState;
  count: number;
  oldestSeconds: number;
}

/**
 * Jobs per queue and state as the database holds them (every instance's, dead letter queues
 * `<queue>.dead` included): what /metrics exports and an operator reads. One grouped count over
 * pg-boss's job table; completed jobs are kept per queue for `keepCompletedSeconds`.
 */
export async function jobCounts(engine: { boss: JobEngine['boss'] }): Promise<JobCount[]> {
  const { rows } = await engine.boss.getDb().executeSql(
    `select name as queue, state::text as state, count(*)::int as count,
            coalesce(extract(epoch from now() - min(created_on)), 0)::float8 as "oldestSeconds"
       from pgboss.job group by name, state order by name, state`,
  );
  return rows.map((r: Record<string, unknown>) => ({
    queue: String(r.queue),
    state: r.state as JobState,
    count: Number(r.count),
    oldestSeconds: Number(r.oldestSeconds),
  }));
}

/**
 * Jobs that failed for good (in a dead letter queue, for its retention of 30 days), per source
 * queue: waiting for an operator, or handled by the queue's dead letter worker (JobEngine.workDead).
 */
export async function deadLetterCounts(engine: Parameters<typeof jobCounts>[0]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const c of await jobCounts(engine)) {
    if (!c.queue.endsWith('.dead') || c.state === 'cancelled') continue;
    const source = c.queue.slice(0, -'.dead'.length);
    out[source] = (out[source] ?? 0) + c.count;
  }
  return out;
}
