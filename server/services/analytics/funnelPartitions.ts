import { sql } from 'kysely';
import type { Db } from '../../db';

/**
 * Monthly partitions of `funnel_events` (UTC months of occurred_at): created
 * ahead by the maintenance step, dropped whole once older than the retention
 * (FUNNEL_RETENTION_MONTHS). Dropping a partition is instant and leaves no
 * dead rows; the daily roll-ups stay, so the funnel report keeps its history.
 */

/** Months created ahead of the current one. */
export const MONTHS_AHEAD = 2;
/** Rows of funnel_visitor_days older than this many days are pruned (events are clamped to ±1 day). */
export const VISITOR_DAYS_KEPT = 3;

const PARTITION_NAME = /^funnel_events_y(\d{4})m(\d{2})$/;

export const monthStart = (at: Date, offset = 0) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + offset, 1));
export const partitionName = (month: Date) =>
  `funnel_events_y${month.getUTCFullYear()}m${String(month.getUTCMonth() + 1).padStart(2, '0')}`;

/** Creates the partition of the month that holds `at` (no-op when it exists). */
export async function ensurePartition(db: Db, at: Date): Promise<string> {
  const from = monthStart(at);
  const name = partitionName(from);
  await sql`CREATE TABLE IF NOT EXISTS ${sql.id(name)} PARTITION OF funnel_events
    FOR VALUES FROM (${sql.lit(from.toISOString())}) TO (${sql.lit(monthStart(at, 1).toISOString())})`.execute(db);
  return name;
}

/** The partitions that exist, oldest first, with their month. */
export async function listPartitions(db: Db): Promise<Array<{ name: string; month: Date }>> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_inherits i
    JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
    WHERE p.relname = 'funnel_events' ORDER BY c.relname`.execute(db);
  return rows.flatMap((r) => {
    const m = PARTITION_NAME.exec(r.name);
    return m ? [{ name: r.name, month: new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1)) }] : [];
  });
}

export interface MaintenanceResult {
  created: string[];
  dropped: string[];
  prunedVisitorDays: number;
}

/** How long the maintenance's DDL waits for a table lock before it gives up (its job is retried with backoff). */
export const MAINTENANCE_LOCK_TIMEOUT = '5s';

/**
 * The maintenance step (a cron job, one instance of the cluster every few hours;
 * an advisory lock still serialises a manual run): partitions for this month and the next
 * MONTHS_AHEAD, partitions whose whole month ended more than `retentionMonths`
 * months before this month dropped, the impression dedup rows of past days pruned.
 * The DDL waits at most MAINTENANCE_LOCK_TIMEOUT for its locks: a partition busy with a
 * long report query fails the run (retried later) instead of queueing every insert behind it.
 */
export async function maintainFunnelStorage(db: Db, now: Date, retentionMonths: number): Promise<MaintenanceResult> {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT set_config('lock_timeout', ${MAINTENANCE_LOCK_TIMEOUT}, true)`.execute(trx);
    await sql`SELECT pg_advisory_xact_lock(1652016)`.execute(trx);
    const before = new Set((await listPartitions(trx)).map((p) => p.name));
    const created: string[] = [];
    for (let i = 0; i <= MONTHS_AHEAD; i++) {
      const name = await ensurePartition(trx, monthStart(now, i));
      if (!before.has(name)) created.push(name);
    }
    // Kept: this month and the `retentionMonths` before it.
    const oldestKept = monthStart(now, -Math.max(0, Math.floor(retentionMonths)));
    const dropped: string[] = [];
    for (const p of await listPartitions(trx)) {
      if (p.month < oldestKept) {
        await sql`DROP TABLE IF EXISTS ${sql.id(p.name)}`.execute(trx);
        dropped.push(p.name);
      }
    }
    const cutoff = new Date(now.getTime() - VISITOR_DAYS_KEPT * 86_400_000).toISOString().slice(0, 10);
    const pruned = await trx.deleteFrom('funnelVisitorDays').where('day', '<', cutoff).executeTakeFirst();
    await trx.deleteFrom('experimentVisitorDays').where('day', '<', cutoff).execute(); // the A/B tests' visitors, likewise
    return { created, dropped, prunedVisitorDays: Number(pruned.numDeletedRows) };
  });
}
