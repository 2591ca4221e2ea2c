/**
 * Every queue of background work, in one place: its retry policy, how long a job may run, where it
 * goes when it has failed for good (its dead letter queue, `<name>.dead`), and its key policy.
 *
 * - `retryLimit`/`retryDelaySeconds`/`retryDelayMaxSeconds`: a failed job is retried with exponential
 *   backoff (pg-boss: `retryDelay · 2^retryCount` with jitter, capped); after the last retry it is
 *   copied to the dead letter queue, where the logs and `jobCounts()` show it until an operator
 *   redrives it (see README, "Background jobs").
 * - `expireSeconds`: a job active longer (its instance died without handing it back) is retried.
 * - `perShop`: jobs carry the shop as their key, and at most one job of a shop runs at a time in the
 *   whole cluster, oldest first (pg-boss `singleton` policy, a unique index); one waiting for its
 *   retry or dead does not hold the shop's later jobs back.
 * - `keyed`: every job names its singleton key and at most one job of a key is queued, waiting for
 *   its retry or running in the whole cluster (pg-boss `exclusive` policy): sending it again while
 *   one lives is a no-op.
 * - `heartbeatSeconds`: a running job's worker touches it every half of this; a job not touched for
 *   this long (its instance was killed) is failed into its retry by any live instance (pg-boss
 *   heartbeats, checked every `monitorSeconds` of the engine), long before `expireSeconds`.
 * - `concurrency`: jobs one instance runs at once.
 */
export interface QueueDefinition {
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  expireSeconds: number;
  perShop: boolean;
  keyed?: boolean;
  heartbeatSeconds?: number;
  concurrency: number;
  /** Completed jobs are kept this long (inspection, de-duplication by singleton key). */
  keepCompletedSeconds: number;
}

const HOUR = 3600;
const DAY = 24 * HOUR;

/** The policy of a periodic round of the whole cluster (cron, run once): retried twice, one at a time. */
const CLUSTER_ROUND = {
  retryLimit: 2,
  retryDelaySeconds: 60,
  retryDelayMaxSeconds: 600,
  expireSeconds: 10 * 60,
  perShop: false,
  concurrency: 1,
  keepCompletedSeconds: DAY,
} as const;

/** The policy of an outbox reader that writes one shop's state to the platform: one shop at a time, retried for about a day. */
const SHOP_READER = {
  retryLimit: 6,
  retryDelaySeconds: 30,
  retryDelayMaxSeconds: HOUR,
  expireSeconds: 5 * 60,
  perShop: true,
  concurrency: 2,
  keepCompletedSeconds: HOUR,
} as const;

export const QUEUES = {
  /** One platform webhook delivery (server/platform/webhooks): the platform retries for 48 hours, so do we. */
  'webhook.deliver': {
    retryLimit: 8,
    retryDelaySeconds: 30,
    retryDelayMaxSeconds: 6 * HOUR,
    expireSeconds: 5 * 60,
    perShop: false,
    concurrency: 4,
    keepCompletedSeconds: DAY,
  },
  /** Hourly upkeep of webhook deliveries (cron): forget old finished ones, queue those without a job. */
  'webhook.upkeep': {
    ...CLUSTER_ROUND,
  },
  /**
   * A shop's look bundle discounts written to the platform (server/platform/discounts): a reader of
   * the change outbox (services/changes), queued with every recorded change in its transaction; it
   * decides from the changes whether the bundles changed. One shop at a time.
   */
  'discount.sync': {
    ...SHOP_READER,
  },
  /**
   * A shop's storefront metafields written to the platform (server/platform/metafields): a reader of
   * the change outbox, queued with every recorded change in its transaction (a second later, so a
   * burst is one write); one shop at a time. An instance killed mid-write leaves the job active until
   * it expires; another instance then writes the shop's unread changes again (the writes are idempotent).
   */
  'storefront.metafields': {
    retryLimit: 8,
    retryDelaySeconds: 5,
    retryDelayMaxSeconds: HOUR,
    expireSeconds: 5 * 60,
    perShop: true,
    concurrency: 2,
    keepCompletedSeconds: HOUR,
  },
  /** The change outbox's upkeep (cron): prunes old changes, queues readers for shops with unread ones. */
  'changes.upkeep': {
    ...CLUSTER_ROUND,
  },
  /** The all-shops Web Vitals line of the server log and the measurements' retention (cron, once per cluster). */
  'webVitals.log': {
    ...CLUSTER_ROUND,
  },
  /** Funnel storage upkeep (cron, once per cluster): monthly partitions ahead, retention, dedup pruning. */
  'funnel.maintain': {
    retryLimit: 5,
    retryDelaySeconds: 60,
    retryDelayMaxSeconds: HOUR,
    expireSeconds: 15 * 60,
    perShop: false,
    concurrency: 1,
    keepCompletedSeconds: DAY,
  },
  /** A redacted shop's files (shop/redact): queued in the transaction that deletes its rows, retried until done. */
  'shop.eraseFiles': {
    retryLimit: 10,
    retryDelaySeconds: 30,
    retryDelayMaxSeconds: 6 * HOUR,
    expireSeconds: 30 * 60,
    perShop: false,
    concurrency: 1,
    keepCompletedSeconds: DAY,
  },
  /** The catalog `updated_at` reconciliation of the installed shops (cron, CATALOG_RECONCILE_MINUTES; APP_MODE=shopify). */
  'catalog.reconcile': {
    ...CLUSTER_ROUND,
    expireSeconds: HOUR,
  },
  /** One Shopify Flow trigger of a shop (server/platform/flow): queued with the event (services/flow/flowEvents.ts). */
  'flow.trigger': {
    retryLimit: 6,
    retryDelaySeconds: 30,
    retryDelayMaxSeconds: HOUR,
    expireSeconds: 5 * 60,
    perShop: false,
    concurrency: 2,
    keepCompletedSeconds: DAY,
  },
  /**
   * "Look item sold out" Flow triggers of a shop (server/platform/flow/lookItemSoldOut.ts): a reader of
   * the change outbox, queued with every recorded change in its transaction; it queues a `flow.trigger`
   * for each look item a `lookItemsSoldOut` change names, in the transaction that moves its place
   * (each trigger once). One shop at a time.
   */
  'flow.lookItemSoldOut': {
    ...SHOP_READER,
  },
  /** The weekly look conversion check of the shops using the "Look conversion dropped" trigger (cron, once per cluster). */
  'flow.conversionDrop': {
    retryLimit: 2,
    retryDelaySeconds: 300,
    retryDelayMaxSeconds: HOUR,
    expireSeconds: HOUR,
    perShop: false,
    concurrency: 1,
    keepCompletedSeconds: 7 * DAY,
  },
  /** A shop's attributed orders reconciled with the platform's (server/platform/orderReconcile.ts): daily and on demand, one shop at a time. */
  'orders.reconcile': {
    retryLimit: 3,
    retryDelaySeconds: 120,
    retryDelayMaxSeconds: 2 * HOUR,
    expireSeconds: 30 * 60,
    perShop: true,
    concurrency: 1,
    keepCompletedSeconds: DAY,
  },
  /** The daily round (cron, once per cluster): queues `orders.reconcile` for every installed shop. */
  'orders.reconcileAll': {
    ...CLUSTER_ROUND,
  },
  /**
   * One run of an image generation (server/services/gallery): queued in the transaction that starts
   * the run and debits its credit, keyed by generation and run (it never runs twice at once, and
   * sending it again is a no-op); a try whose instance died is taken over within seconds
   * (heartbeat). After the last try its dead letter worker fails the generation and refunds once.
   */
  'generation.run': {
    retryLimit: 2,
    retryDelaySeconds: 5,
    retryDelayMaxSeconds: 60,
    expireSeconds: 15 * 60,
    perShop: false,
    keyed: true,
    heartbeatSeconds: 10,
    concurrency: 2,
    keepCompletedSeconds: DAY,
  },
  /**
   * A full catalog sync of a shop (server/platform/catalogSync.ts): one at a time per shop; a newer
   * request supersedes the running one (its sync generation is checked in every write). Its cursor is
   * checkpointed, so a try whose instance died resumes on another one (heartbeat).
   */
  'catalog.sync': {
    retryLimit: 5,
    retryDelaySeconds: 10,
    retryDelayMaxSeconds: 30 * 60,
    expireSeconds: 6 * HOUR,
    perShop: true,
    heartbeatSeconds: 10,
    concurrency: 2,
    keepCompletedSeconds: DAY,
  },
  /**
   * What follows a shop's (re)install on the platform side (server/platform/lifecycle.ts): its plan
   * read anew, a Lifetime purchase kept, the order topics subscribed. Queued in the transaction that
   * stores the new token; each step is idempotent, so a retry repeats them all.
   */
  'shop.installed': {
    retryLimit: 5,
    retryDelaySeconds: 30,
    retryDelayMaxSeconds: HOUR,
    expireSeconds: 10 * 60,
    perShop: true,
    concurrency: 2,
    keepCompletedSeconds: DAY,
  },
  /** The order-webhook subscriptions of the installed shops (cron, once per cluster; APP_MODE=shopify). */
  'orders.subscribe': {
    ...CLUSTER_ROUND,
    expireSeconds: 30 * 60,
  },
} satisfies Record<string, QueueDefinition>;

export type QueueName = keyof typeof QUEUES;

export const queueNames = () => Object.keys(QUEUES) as QueueName[];

/** The dead letter queue of a queue. */
export const deadLetterOf = (queue: string) => `${queue}.dead`;

/** What a job of each queue carries (JSON). */
export interface JobData {
  'webhook.deliver': { deliveryId: number; shopId: number };
  'webhook.upkeep': Record<string, never>;
  /** `force`: sync even when no unread change calls for it (tests, an operator). */
  'discount.sync': { shopId: number; force?: boolean };
  /** `now`: write without waiting out the debounce. */
  'storefront.metafields': { shopId: number; now?: boolean };
  'changes.upkeep': Record<string, never>;
  'funnel.maintain': Record<string, never>;
  'webVitals.log': Record<string, never>;
  'shop.eraseFiles': { shopId: number };
  'catalog.reconcile': Record<string, never>;
  'flow.trigger': { shopId: number; handle: string; payload: Record<string, unknown> };
  'flow.lookItemSoldOut': { shopId: number };
  'flow.conversionDrop': Record<string, never>;
  'orders.reconcile': { shopId: number };
  'orders.reconcileAll': Record<string, never>;
  'generation.run': { generationId: number; run: number; shopId: number };
  'catalog.sync': { shopId: number; domain: string; generation: number };
  'orders.subscribe': Record<string, never>;
  'shop.installed': { shopId: number };
}
