import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, PoolStats } from '../db';
import { currentJobStats, webhookLag, type JobStats } from './jobStats';

/**
 * GET /metrics in the Prometheus text format (prom-client). Each app has its own registry (tests
 * run several apps in one process); what belongs to the process (CPU, memory, event loop, GC, and
 * the Admin API client's throttle waits, which happen deep in the platform code) is in one
 * process-wide registry merged into every answer.
 */

const processRegistry = new Registry();
let defaultsCollected = false;

/** Time the Admin API client waited for the shop's cost bucket to refill (a THROTTLED answer). */
const adminApiThrottleWait = new Histogram({
  name: 'sl_admin_api_throttle_wait_seconds',
  help: 'Waits of the Admin API client after a THROTTLED answer, until the cost bucket holds the query again',
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60],
  registers: [processRegistry],
});

export function observeAdminApiThrottleWait(ms: number): void {
  adminApiThrottleWait.observe(ms / 1000);
}

export type JobStatsSource = (db: Db) => Promise<JobStats[]>;

export interface OpsMetricsDeps {
  db: Db;
  poolStats?: () => PoolStats;
  warn: (obj: unknown, msg: string) => void;
}

/** Route of a request as registered (`/admin/api/looks/:id`), never the raw URL: bounded label values. */
export function routeLabel(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

export class OpsMetrics {
  readonly registry = new Registry();
  private jobStats: JobStatsSource = currentJobStats;
  private readonly sseSources = new Set<() => number>();
  private readonly requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  private readonly collectorErrors: Counter<'collector'>;
  private readonly jobs: Gauge<'queue' | 'state'>;
  private readonly jobAge: Gauge<'queue' | 'state'>;
  private readonly webhookLag: Gauge<'stage'>;

  constructor(private readonly deps: OpsMetricsDeps) {
    if (!defaultsCollected) {
      collectDefaultMetrics({ register: processRegistry });
      defaultsCollected = true;
    }
    const registers = [this.registry];
    this.requestDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from the request to the end of its answer, per route pattern',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.collectorErrors = new Counter({
      name: 'sl_metrics_collector_errors_total',
      help: 'Scrapes in which a collector (jobs, webhook lag) could not read the database',
      labelNames: ['collector'],
      registers,
    });
    this.jobs = new Gauge({
      name: 'sl_jobs',
      help: 'Background jobs per queue and state',
      labelNames: ['queue', 'state'],
      registers,
    });
    this.jobAge = new Gauge({
      name: 'sl_job_oldest_age_seconds',
      help: 'Age of the oldest job per queue and state',
      labelNames: ['queue', 'state'],
      registers,
    });
    this.webhookLag = new Gauge({
      name: 'sl_webhook_lag_seconds',
      help: 'Webhook deliveries: age of the oldest unfinished one (backlog), and the mean time from receipt to processed over the last 5 minutes (processed)',
      labelNames: ['stage'],
      registers,
    });
    // prom-client calls collect() with the gauge as `this`: the metrics object is reached through these.
    const sseSources = this.sseSources;
    new Gauge({
      name: 'sl_sse_streams_open',
      help: 'Server-Sent Event streams open on this instance',
      registers,
      collect() {
        let open = 0;
        for (const source of sseSources) open += source();
        this.set(open);
      },
    });
    if (deps.poolStats) {
      const poolStats = deps.poolStats;
      new Gauge({
        name: 'sl_db_pool_connections',
        help: 'PostgreSQL pool of this instance: open (total), idle, queries waiting for a connection, and the maximum',
        labelNames: ['state'],
        registers,
        collect() {
          const s = poolStats();
          this.set({ state: 'total' }, s.total);
          this.set({ state: 'idle' }, s.idle);
          this.set({ state: 'waiting' }, s.waiting);
          this.set({ state: 'max' }, s.max);
        },
      });
    }
  }

  /** The job engine's counts (replaces today's reading of the work tables). */
  setJobStats(source: JobStatsSource): void {
    this.jobStats = source;
  }

  /** A feature's open event streams, counted at each scrape. */
  addSseSource(source: () => number): void {
    this.sseSources.add(source);
  }

  observeRequest(request: FastifyRequest, reply: FastifyReply): void {
    this.requestDuration.observe(
      { method: request.method, route: routeLabel(request), status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  }

  /**
   * The gauges read from the database, refreshed before each scrape is serialised (prom-client
   * serialises all metrics at once, so a collect() could not count its own failure in the same answer).
   */
  private async refresh(): Promise<void> {
    const guarded = async (collector: string, read: () => Promise<void>) => {
      try {
        await read();
      } catch (error) {
        this.collectorErrors.inc({ collector });
        this.deps.warn({ err: error }, `metrics: the ${collector} collector failed`);
      }
    };
    this.jobs.reset();
    this.jobAge.reset();
    this.webhookLag.reset();
    await Promise.all([
      guarded('jobs', async () => {
        for (const s of await this.jobStats(this.deps.db)) {
          this.jobs.set({ queue: s.queue, state: s.state }, s.count);
          if (s.oldestSeconds !== undefined) this.jobAge.set({ queue: s.queue, state: s.state }, s.oldestSeconds);
        }
      }),
      guarded('webhooks', async () => {
        const lag = await webhookLag(this.deps.db);
        this.webhookLag.set({ stage: 'backlog' }, lag.backlogSeconds);
        this.webhookLag.set({ stage: 'processed' }, lag.processedSeconds);
      }),
    ]);
  }

  async text(): Promise<{ contentType: string; body: string }> {
    await this.refresh();
    const merged = Registry.merge([this.registry, processRegistry]);
    return { contentType: merged.contentType, body: await merged.metrics() };
  }
}
