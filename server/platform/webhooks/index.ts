/**
 * Platform webhooks: one URL (POST /api/webhooks), dispatched by X-Shopify-Topic
 * to one handler per topic (topics/*.ts, listed in registry.ts). A delivery is
 * verified, recorded once (de-duplicated by event id and webhook id), answered,
 * and processed after the answer (queue.ts).
 */
export { signWebhook, verifyWebhookHmac } from './hmac';
export {
  acceptWebhook,
  receiveWebhook,
  type AcceptedWebhook,
  type WebhookAnswer,
  type WebhookRequest,
} from './receive';
export { WebhookQueue } from './queue';
export { processDelivery } from './process';
export { WEBHOOK_TOPICS, handlerFor } from './registry';
export type { WebhookContext, WebhookDeps, WebhookHandler, WebhookLog } from './types';
export { WebhookPayloadError } from './types';
