import os from 'node:os';
import type { Transaction } from 'kysely';
import {
  fromKysely,
  PgBoss,
  type ConstructorOptions,
  type JobWithMetadata,
  type SendOptions,
  type WorkOptions,
} from './pgBoss';
import { databaseSourceOf, type DatabaseSource, type Db } from '../db';
import type { Database } from '../db/schema';
import { pgliteJobDatabase } from './pgliteAdapter';
import { deadLetterOf, QUEUES, type JobData, type QueueDefinition, type QueueName } from './queues';

/** Where the engine logs (Fastify's logger in the app). */
export interface JobLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

const silent: JobLog = { info() {}, warn() {}, error() {} };

/** The database the engine runs on: the app's own (PGlite, embedded) or a PostgreSQL URL (its own small pool). */
export interface JobEngineOptions<Q extends string = QueueName> {
  db: Db;
  /**
   * Default: the Db's own (openDatabase). PGlite: jobs share the app's one connection (see
   * pgliteAdapter.ts); PostgreSQL: pg-boss opens its own pool of `poolSize` connections.
   */
  source?: DatabaseSource;
  poolSize?: number;
  log?: JobLog;
  /** Names this instance in pg-boss's instance registry (default: host and pid). */
  instanceName?: string;
  /** Idle poll of a queue; NOTIFY wakes workers at once for new jobs, the poll finds retries that came due. */
  pollingSeconds?: number;
  /** How often an instance checks the cron schedules (1–45 s; default 30: schedules run on the minute). */
  cronMonitorSeconds?: number;
  /**
   * How often the cluster looks for jobs whose instance died (heartbeat lost, expired): one instance
   * per pass and queue (default 10 s; pg-boss's own default of 60 s would leave a killed instance's
   * generation waiting a minute).
   */
  monitorSeconds?: number;
  /** The queues (default: QUEUES); the engine's own tests define theirs. */
  queues?: Record<Q, QueueDefinition>;
}

/** What a worker gets: the job's data and which try this is (0 first). */
export interface JobContext<T> {
  id: string;
  data: T;
  retryCount: number;
  /** The queue's retries: `retryCount === retryLimit` is the last try. */
  retryLimit: number;
  /** Aborted when the engine stops while the job runs (the job is handed back). */
  signal: AbortSignal;
}

export interface SendJobOptions {
  /** Create the job inside this transaction: it exists exactly when the transaction commits. */
  trx?: Transaction<Database>;
  /** A per-shop queue's shop (required there): its jobs run one at a time across the cluster. */
  shopId?: number;
  /** At most one job with this key waits in the queue (pg-boss singleton key). */
  singletonKey?: string;
  startAfterSeconds?: number;
  /**
   * Per-shop queues: send nothing when a job of the shop already waits (queued, or waiting for its
   * retry) to start no later than this one would; that job runs after the sender and reads whatever
   * the sender would have. Only for a job sent by the running job of the same shop: the shop's running
   * job holds every other job of the shop back, so the waiting one cannot start before the sender
   * ends (a sender outside the shop's job could see a waiting job that is already being fetched).
   */
  coalesce?: boolean;
}

type Handler<T> = (job: JobContext<T>) => Promise<void>;

/**
 * The one engine of background work (pg-boss on the app's database). Queues are created at start;
 * workers registered before start begin with it; `stop()` hands running jobs back (they are failed
 * into their retry state and another instance, or the next start, runs them again).
 */
export class JobEngine<D extends { [K in keyof D]: object } = JobData, Q extends keyof D & string = keyof D & string> {
  readonly boss: PgBoss;
  private readonly queues: Record<Q, QueueDefinition>;
  private readonly log: JobLog;
  private readonly pollingSeconds: number;
  private readonly workers: Array<{ queue: Q; handler: Handler<unknown>; dead?: boolean }> = [];
  private readonly schedules: Array<{ queue: Q; cron: string; data: object }> = [];
  private state: 'new' | 'starting' | 'running' | 'stopped' = 'new';
  private starting: Promise<void> | null = null;

  constructor(options: JobEngineOptions<Q>) {
    this.queues = options.queues ?? (QUEUES as unknown as Record<Q, QueueDefinition>);
    this.log = options.log ?? silent;
    this.pollingSeconds = Math.max(0.5, options.pollingSeconds ?? 2);
    const common: ConstructorOptions = {
      useListenNotify: true,
      instanceName: options.instanceName ?? `${os.hostname()}:${process.pid}`,
      // Cron passes: schedules are due on the second they name; one instance sends each occurrence.
      cronWorkerIntervalSeconds: 1,
      cronMonitorIntervalSeconds: options.cronMonitorSeconds ?? 30,
      monitorIntervalSeconds: options.monitorSeconds ?? 10,
      superviseIntervalSeconds: options.monitorSeconds ?? 10,
    };
    const source = options.source ?? databaseSourceOf(options.db);
    if (!source) throw new Error('The job engine needs a database opened by openDatabase (or its source)');
    this.boss =
      source.kind === 'postgres'
        ? new PgBoss({
            ...common,
            connectionString: source.databaseUrl,
            max: options.poolSize ?? 4,
            application_name: 'shoppable-looks-jobs',
          })
        : new PgBoss({ ...common, db: pgliteJobDatabase(options.db, source.pglite), backend: 'pglite' });
    this.boss.on('error', (error: unknown) => this.log.error({ err: error }, 'job engine error'));
  }

  /** True when this instance runs the queue's jobs (a worker is registered): the feature is on here. */
  handles(queue: Q): boolean {
    return this.workers.some((w) => w.queue === queue);
  }

  get running(): boolean {
    return this.state === 'running';
  }

  /** Installs or upgrades pg-boss's schema, creates the queues, starts the workers and schedules. */
  async start(): Promise<void> {
    if (this.state === 'running') return;
    if (this.starting) return this.starting;
    this.state = 'starting';
    this.starting = (async () => {
      await this.boss.start();
      for (const [queue, def] of Object.entries(this.queues) as Array<[Q, QueueDefinition]>)
        await this.ensureQueue(queue, def);
      this.state = 'running';
      for (const w of this.workers) await this.startWorker(w.queue, w.handler, w.dead);
      for (const s of this.schedules) await this.boss.schedule(s.queue, s.cron, s.data);
    })();
    try {
      await this.starting;
    } finally {
      this.starting = null;
    }
  }

  /** Stops taking jobs; jobs still running after `graceMs` are handed back (failed into retry). */
  async stop(graceMs = 10_000): Promise<void> {
    if (this.starting) await this.starting.catch(() => undefined);
    if (this.state === 'new' || this.state === 'stopped') {
      this.state = 'stopped';
      return;
    }
    this.state = 'stopped';
    await this.boss.stop({ graceful: true, timeout: graceMs, close: true });
  }

  /** Runs `handler` for each job of the queue (started now if the engine runs, else at start). */
  async work<K extends Q>(queue: K, handler: Handler<D[K]>): Promise<void> {
    this.workers.push({ queue, handler: handler as Handler<unknown> });
    if (this.state === 'running') await this.startWorker(queue, handler as Handler<unknown>);
  }

  /**
   * Runs `handler` for each job of the queue's dead letter queue (`<queue>.dead`): what must happen
   * once a job failed for good (a refund, a status the user sees), including a job whose last try's
   * instance died. Handled dead letters stay in that queue, completed, for its retention (30 days),
   * and count in `deadLetterCounts`.
   */
  async workDead<K extends Q>(queue: K, handler: Handler<D[K]>): Promise<void> {
    this.workers.push({ queue, handler: handler as Handler<unknown>, dead: true });
    if (this.state === 'running') await this.startWorker(queue, handler as Handler<unknown>, true);
  }

  /** A job of the queue on a cron schedule (6 fields: seconds first; 5: minutes). One instance of the cluster sends each occurrence. */
  async schedule<K extends Q>(queue: K, cron: string, data: D[K]): Promise<void> {
    this.schedules.push({ queue, cron, data });
    if (this.state === 'running') await this.boss.schedule(queue, cron, data);
  }

  /** Queues a job; with `trx`, as part of that transaction (the durable outbox of the change it records). */
  async send<K extends Q>(queue: K, data: D[K], options: SendJobOptions = {}): Promise<string | null> {
    const def = this.queues[queue];
    if (def.perShop && options.shopId === undefined) throw new Error(`Jobs of ${queue} name their shop`);
    if (def.keyed && !options.singletonKey) throw new Error(`Jobs of ${queue} name their key`);
    if (options.coalesce) {
      if (!def.perShop) throw new Error(`Only jobs of a per-shop queue coalesce (${queue})`);
      const startBy = Date.now() + (options.startAfterSeconds ?? 0) * 1000;
      const waiting = await this.boss.findJobs(queue, {
        key: `shop:${options.shopId}`,
        queued: true,
        ...(options.trx ? { db: fromKysely(options.trx) } : {}),
      });
      const covering = waiting.find((job) => new Date(job.startAfter).getTime() <= startBy);
      if (covering) return covering.id;
    }
    const send: SendOptions = {
      ...(options.trx ? { db: fromKysely(options.trx) } : {}),
      // Per shop: the shop is the job's singleton key (see ensureQueue).
      ...(def.perShop
        ? { singletonKey: `shop:${options.shopId}` }
        : options.singletonKey
          ? { singletonKey: options.singletonKey }
          : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
    };
    return this.boss.send(queue, data, send);
  }

  /**
   * Resolves once no job of these queues (default: all) is ready or running: tests and scripts wait
   * for the work they caused. Jobs waiting for a retry that is not due yet do not count.
   */
  async idle(queues: Q[] = Object.keys(this.queues) as Q[], timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await this.boss
        .getDb()
        .executeSql(
          `select count(*)::int as n from pgboss.job where name = any($1::text[]) and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
          [queues],
        );
      if (!Number(rows[0]?.n)) return;
      if (Date.now() > until) {
        // Say which jobs: a stuck one is told from a busy queue by its state, retries and times.
        const pending = await this.boss
          .getDb()
          .executeSql(
            `select name, state, singleton_key, retry_count, start_after, started_on, created_on, now() as now from pgboss.job where name = any($1::text[]) and state < 'completed' order by state desc, created_on`,
            [queues],
          );
        throw new Error(
          `Jobs of ${queues.join(', ')} still pending after ${timeoutMs} ms: ${JSON.stringify(pending.rows)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  private async ensureQueue(queue: Q, def: QueueDefinition) {
    const dead = deadLetterOf(queue);
    const deadOptions = { retryLimit: 0, deleteAfterSeconds: 30 * 24 * 3600, retentionSeconds: 30 * 24 * 3600 };
    if (!(await this.boss.getQueue(dead))) await this.boss.createQueue(dead, deadOptions);
    const options = {
      retryLimit: def.retryLimit,
      retryDelay: def.retryDelaySeconds,
      retryBackoff: true,
      retryDelayMax: def.retryDelayMaxSeconds,
      expireInSeconds: def.expireSeconds,
      deleteAfterSeconds: def.keepCompletedSeconds,
      deadLetter: dead,
      notify: true,
      heartbeatSeconds: def.heartbeatSeconds ?? null,
    };
    if (await this.boss.getQueue(queue)) await this.boss.updateQueue(queue, options);
    // Per shop: pg-boss's singleton policy keyed by the shop, where a unique index lets at most one job
    // of a key be active across every instance (its groupConcurrency is a check before SKIP LOCKED,
    // which two instances fetching at once can both pass; key_strict_fifo would hold a shop's later
    // jobs behind one waiting for its retry, or dead).
    // Keyed: pg-boss's exclusive policy (one job of a key queued, waiting for its retry or active).
    else
      await this.boss.createQueue(queue, {
        ...options,
        heartbeatSeconds: def.heartbeatSeconds ?? (null as unknown as undefined),
        policy: def.perShop ? 'singleton' : def.keyed ? 'exclusive' : 'standard',
      });
  }

  private async startWorker(queue: Q, handler: Handler<unknown>, dead = false) {
    const def = this.queues[queue];
    const name = dead ? deadLetterOf(queue) : queue;
    await this.boss.work<object, void, WorkOptions & { includeMetadata: true }>(
      name,
      {
        includeMetadata: true,
        localConcurrency: dead ? 1 : def.concurrency,
        pollingIntervalSeconds: this.pollingSeconds,
        notifyPollingIntervalSeconds: this.pollingSeconds,
      },
      async (jobs: JobWithMetadata<object>[]) => {
        const [job] = jobs;
        // The worker that ran a job fetches again at once instead of sleeping its polling interval:
        // a queue's backlog drains at the speed of its handlers, and a per-shop queue, which runs one
        // job of a shop at a time, does not leave the shop's next due job waiting a poll behind each
        // one (a burst of a shop's jobs, such as the metafield writer's after a failed write, took a
        // second a job and held the shop's newer writes back for tens of seconds). pg-boss's own
        // burst triggers do not fit one job a fetch: burstWhenBatchFull ignores batchSize 1 and
        // burstWhenReadyExceeds reads queue stats cached for up to a minute. The first empty fetch
        // returns the worker to polling (and NOTIFY).
        const wake = () => {
          for (const worker of this.boss.getWipData())
            if (worker.name === name && worker.count > 0) this.boss.notifyWorker(worker.id);
        };
        try {
          await handler({
            id: job.id,
            data: job.data,
            retryCount: job.retryCount,
            retryLimit: job.retryLimit,
            signal: job.signal,
          });
        } catch (error) {
          const last = job.retryCount >= job.retryLimit;
          const context = { queue: name, jobId: job.id, retryCount: job.retryCount, err: error };
          // After its last try pg-boss copies it to the dead letter queue.
          if (dead) this.log.error(context, 'dead letter handling failed');
          else if (last) this.log.error(context, `job failed for good: moved to ${deadLetterOf(queue)}`);
          else this.log.warn(context, 'job failed; retried with backoff');
          throw error;
        } finally {
          wake();
        }
      },
    );
  }
}
