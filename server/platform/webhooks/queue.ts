import type { JobEngine } from '../../jobs';
import { orphanedDeliveries, pruneDeliveries, type EnqueueDelivery } from './deliveries';
import { processDelivery } from './process';
import { eraseShopFiles } from './compliance/shopErase';
import { silentLog, type WebhookDeps } from './types';

const QUEUE = 'webhook.deliver';
/** Hourly, once per cluster: forget old finished deliveries, queue the work of deliveries without a job. */
const UPKEEP_CRON = '17 * * * *';

/**
 * Webhook deliveries on the job engine: a delivery is recorded and its job queued in one
 * transaction (POST /api/webhooks answers, the job runs after it on any instance), retried with
 * exponential backoff (30 s, doubling, up to 6 h: queue `webhook.deliver`) at most
 * `concurrency` at once per instance, and after its last try left `dead` (the row keeps the payload;
 * the job sits in `webhook.deliver.dead`). An hourly upkeep (one instance of the cluster) forgets
 * old finished deliveries and queues deliveries that have no job.
 */
export class WebhookQueue {
  /** Queues a recorded delivery's work inside the recording transaction. */
  readonly enqueue: EnqueueDelivery;

  constructor(
    private readonly jobs: JobEngine,
    private readonly deps: WebhookDeps,
  ) {
    this.enqueue = async (trx, delivery) =>
      void (await jobs.send(QUEUE, { deliveryId: delivery.id, shopId: delivery.shopId }, { trx }));
  }

  /** Registers the worker and the upkeep schedule (they start with the engine). */
  async register(): Promise<void> {
    await this.jobs.work(QUEUE, async ({ data }) => {
      // A failed handler throws, so the engine retries the job; 'skipped' (done, dead, or running elsewhere) ends it.
      if ((await processDelivery(this.deps, data.deliveryId)) === 'failed')
        throw new Error(`webhook delivery ${data.deliveryId} failed`);
    });
    await this.jobs.work('webhook.upkeep', async () => void (await this.upkeep()));
    // shop/redact's files, queued with the deletion of the shop's rows (compliance/shopErase.ts).
    await this.jobs.work('shop.eraseFiles', ({ data }) => eraseShopFiles(this.deps.config, data.shopId));
    await this.jobs.schedule('webhook.upkeep', UPKEEP_CRON, {});
  }

  async upkeep(): Promise<{ pruned: number; queued: number }> {
    const pruned = await pruneDeliveries(this.deps.db);
    const orphans = await orphanedDeliveries(this.deps.db, async (deliveryId) => {
      const jobs = await this.jobs.boss.findJobs(QUEUE, { data: { deliveryId }, limit: 1 });
      return jobs.length > 0;
    });
    for (const delivery of orphans) await this.jobs.send(QUEUE, { deliveryId: delivery.id, shopId: delivery.shopId });
    if (orphans.length)
      (this.deps.log ?? silentLog).info({ count: orphans.length }, 'webhook deliveries without a job queued');
    return { pruned, queued: orphans.length };
  }

  /** Resolves when no delivery, nor a job a delivery queued, is ready or running (tests, scripts); retries not yet due do not count. */
  idle(): Promise<void> {
    return this.jobs.idle();
  }
}
