import { findShopByDomain } from '../../services/shop/shops';
import { recordDelivery } from './deliveries';
import { verifyWebhookHmac } from './hmac';
import { processDelivery } from './process';
import { handlerFor } from './registry';
import { parsePayload } from './payloads';
import { silentLog, WebhookPayloadError, type WebhookDeps } from './types';

/** A delivery as it arrives: the X-Shopify-* headers and the raw body (the HMAC covers its exact bytes). */
export interface WebhookRequest {
  topic?: string;
  shopDomain?: string;
  hmac?: string;
  eventId?: string;
  webhookId?: string;
  apiVersion?: string;
  triggeredAt?: string;
  rawBody: Buffer;
}

export interface WebhookAnswer {
  received: boolean;
  /** The topic has a handler and the shop is known: the work was recorded. */
  handled?: boolean;
  /** A delivery with the same event id or webhook id was recorded before. */
  duplicate?: boolean;
  message?: string;
}

export interface AcceptedWebhook {
  status: number;
  body: WebhookAnswer;
  /** The recorded delivery to process after the answer, if any. */
  deliveryId?: number;
}

const reject = (status: number, message: string): AcceptedWebhook => ({ status, body: { received: false, message } });

/**
 * A signed delivery whose payload cannot be used: logged and answered 200 with nothing recorded. A 4xx
 * would have the platform retry the same bytes for 48 hours and count the failures against the app.
 */
const unusable = (log: typeof silentLog, topic: string, shop: string, message: string): AcceptedWebhook => {
  log.warn({ topic, shop, reason: message }, 'webhook payload unusable: acknowledged, ignored');
  return { status: 200, body: { received: true, handled: false, message } };
};

/**
 * Verifies (HMAC over the raw body, constant time), checks the payload of the
 * topic, and records the delivery once. Nothing is written unless all pass.
 * Unknown topics and shops, and payloads the topic cannot use, are acknowledged (200)
 * so the platform stops retrying; only a bad signature is refused (401).
 */
export async function acceptWebhook(deps: WebhookDeps, req: WebhookRequest): Promise<AcceptedWebhook> {
  const { db, config } = deps;
  const log = deps.log ?? silentLog;
  if (!verifyWebhookHmac(req.rawBody, req.hmac, config.apiSecret)) return reject(401, 'Invalid webhook signature');
  const topic = req.topic?.trim().toLowerCase();
  const shopDomain = req.shopDomain?.trim().toLowerCase();
  if (!topic || !shopDomain) return reject(400, 'Missing X-Shopify-Topic or X-Shopify-Shop-Domain');

  let payload: unknown;
  try {
    payload = parsePayload(req.rawBody.toString('utf8'));
  } catch {
    return unusable(log, topic, shopDomain, 'Body is not JSON');
  }
  const handler = handlerFor(topic);
  if (!handler) {
    log.info({ topic, shop: shopDomain }, 'webhook topic without handler: acknowledged, ignored');
    return { status: 200, body: { received: true, handled: false } };
  }
  try {
    handler.parse(payload);
  } catch (error) {
    if (error instanceof WebhookPayloadError) return unusable(log, topic, shopDomain, error.message);
    throw error;
  }
  const shop = await findShopByDomain(db, shopDomain);
  if (!shop) {
    log.info(
      { topic, shop: shopDomain },
      'webhook for a shop this app does not know (never installed or erased): acknowledged, ignored',
    );
    return { status: 200, body: { received: true, handled: false } };
  }
  const delivery = await recordDelivery(db, shop.id, { ...req, topic }, req.rawBody.toString('utf8'), deps.enqueue);
  if (delivery.duplicate)
    log.info({ topic, shop: shopDomain, eventId: req.eventId, webhookId: req.webhookId }, 'duplicate webhook delivery');
  return {
    status: 200,
    body: { received: true, handled: true, duplicate: delivery.duplicate },
    // Still to be done (its job runs it, or the caller when there is no job engine).
    deliveryId: delivery.unfinished ? delivery.id : undefined,
  };
}

/**
 * Accepts and processes at once, in the caller's time (the demo seed, scripts):
 * the same checks, record and handlers as POST /api/webhooks.
 */
export async function receiveWebhook(deps: WebhookDeps, req: WebhookRequest): Promise<AcceptedWebhook> {
  const accepted = await acceptWebhook(deps, req);
  if (accepted.deliveryId === undefined) return accepted;
  const outcome = await processDelivery(deps, accepted.deliveryId);
  if (outcome === 'failed')
    return {
      status: 500,
      body: { received: true, handled: false, message: 'Processing failed; retried by the hourly upkeep' },
    };
  return accepted;
}
