import { sql } from 'kysely';
import type { Db } from '../db';

/** One queue in one state: how many jobs, and how old the oldest is. */
export interface JobStats {
  queue: string;
  state: string;
  count: number;
  oldestSeconds?: number;
}

interface Row {
  queue: string;
  state: string;
  count: number | string;
  oldest: number | string | null;
}

/**
 * Background work read from its own tables beside the job engine's counts: webhook deliveries not
 * yet processed and changes the storefront metafield writer has not read yet (the outbox's
 * `storefront_changes` view). (Generations and catalog
 * syncs are jobs of the engine: its counts, server/jobs/metrics.ts, show them.) Only unfinished
 * work, read through partial or small indexes (dead webhook deliveries are left out: counting them
 * would scan 30 days of deliveries at every scrape; the job engine's own source reports its
 * dead-letter state).
 */
export async function currentJobStats(db: Db): Promise<JobStats[]> {
  const { rows } = await sql<Row>`
    select 'webhook' as queue, status as state, count(*) as count, extract(epoch from now() - min(received_at)) as oldest
      from webhook_deliveries where status in ('pending', 'processing', 'failed') group by status
    union all
    select 'metafields', 'pending', count(*), extract(epoch from now() - min(created_at))
      from storefront_changes having count(*) > 0`.execute(db);
  return rows.map((r) => ({
    queue: r.queue,
    state: r.state,
    count: Number(r.count),
    oldestSeconds: r.oldest === null ? undefined : Math.max(0, Number(r.oldest)),
  }));
}

export interface WebhookLag {
  /** Age of the oldest delivery not yet processed (0: none waiting). */
  backlogSeconds: number;
  /** Mean time from receipt to processed, over the last 5 minutes (0: none processed). */
  processedSeconds: number;
}

export async function webhookLag(db: Db): Promise<WebhookLag> {
  const { rows } = await sql<{ backlog: number | string | null; processed: number | string | null }>`
    select
      (select extract(epoch from now() - min(received_at)) from webhook_deliveries
        where status in ('pending', 'processing', 'failed')) as backlog,
      (select extract(epoch from avg(processed_at - received_at)) from webhook_deliveries
        where received_at > now() - interval '1 hour' and status = 'processed'
          and processed_at > now() - interval '5 minutes') as processed`.execute(db);
  const r = rows[0];
  return {
    backlogSeconds: Math.max(0, Number(r?.backlog ?? 0)),
    processedSeconds: Math.max(0, Number(r?.processed ?? 0)),
  };
}
