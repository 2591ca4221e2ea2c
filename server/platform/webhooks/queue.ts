import { pruneDeliveries, unfinishedDeliveryIds } from './deliveries';
import { processDelivery } from './process';
import { silentLog, type WebhookDeps } from './types';

/** Resolves after the current I/O turn: the reply being sent is written first. */
const afterReply = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Work after the answer: a recorded delivery is processed once the reply went
 * out; every new delivery also retries unfinished ones (failed, or left behind
 * by a crash or another instance) and forgets old finished ones.
 */
export class WebhookQueue {
  private readonly running = new Set<Promise<unknown>>();
  private sweeping = false;
  private closed = false;

  constructor(private readonly deps: WebhookDeps) {}

  /** Processes the delivery after the current answer is written. */
  schedule(id: number): void {
    if (this.closed) return; // stays pending: the next start or delivery picks it up
    this.track(afterReply().then(() => processDelivery(this.deps, id)));
  }

  /** Retries unfinished deliveries after the current answer (one sweep at a time per instance), except `current`. */
  sweep(current?: number): void {
    if (this.closed || this.sweeping) return;
    this.sweeping = true;
    this.track(
      afterReply().then(async () => {
        try {
          for (const id of await unfinishedDeliveryIds(this.deps.db, 20, current)) {
            if (this.closed) return;
            await processDelivery(this.deps, id);
          }
          await pruneDeliveries(this.deps.db);
        } finally {
          this.sweeping = false;
        }
      }),
    );
  }

  /** Resolves when no work is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }

  /** Stops taking work and waits for what runs. */
  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
  }

  private track(work: Promise<unknown>) {
    const tracked = work.catch((error) => (this.deps.log ?? silentLog).error({ err: error }, 'webhook queue error'));
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }
}
