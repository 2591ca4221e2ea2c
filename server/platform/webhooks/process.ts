import { claimDelivery, completeDelivery, failDelivery } from './deliveries';
import { handlerFor } from './registry';
import { parsePayload } from './payloads';
import { silentLog, type WebhookDeps } from './types';

export type ProcessOutcome = 'processed' | 'failed' | 'skipped';

/**
 * Runs the topic handler of a recorded delivery. The claim makes it run once
 * even with several instances; a throw marks the delivery failed (its job is
 * retried with backoff) and is logged, never lost.
 */
export async function processDelivery(deps: WebhookDeps, id: number): Promise<ProcessOutcome> {
  const { db, config } = deps;
  const log = deps.log ?? silentLog;
  const delivery = await claimDelivery(db, id);
  if (!delivery) return 'skipped';
  const context = {
    deliveryId: delivery.id,
    topic: delivery.topic,
    eventId: delivery.eventId,
    attempt: delivery.attempts,
  };
  try {
    const handler = handlerFor(delivery.topic);
    const shop = await db.selectFrom('shops').selectAll().where('id', '=', delivery.shopId).executeTakeFirst();
    if (handler && shop) {
      const data = handler.parse(parsePayload(delivery.payload ?? ''));
      await handler.handle({ db, config, log, shop, delivery }, data);
    } else {
      log.warn(context, 'webhook delivery has no handler or shop any more; closed without work');
    }
    await completeDelivery(db, delivery.id);
    return 'processed';
  } catch (error) {
    const message = String((error as Error)?.message ?? error);
    const status = await failDelivery(db, delivery.id, message, delivery.attempts).catch(() => 'failed');
    log.error(
      { ...context, err: error, status },
      status === 'dead' ? 'webhook processing failed; giving up' : 'webhook processing failed; retried with backoff',
    );
    return 'failed';
  }
}
