import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db';
import type { Config } from '../../config';
import { findShopByDomain } from '../../services/shop/shops';
import { markOrderPaid, recordOrder, type OrderPayload } from '../../services/analytics/orders';

export const WEBHOOK_TOPICS = ['orders/create', 'orders/paid', 'app/uninstalled'] as const;

export interface WebhookRequest {
  topic?: string;
  shopDomain?: string;
  hmac?: string;
  rawBody: Buffer;
}

export interface WebhookResult {
  status: number;
  body: { handled: boolean; duplicate?: boolean; message?: string };
}

/** Base64 HMAC-SHA256 of the raw body with the app secret, as the platform signs webhooks. */
export function signWebhook(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/** Constant-time check of the X-Shopify-Hmac-Sha256 header. */
export function verifyWebhookHmac(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header || typeof header !== 'string') return false;
  const expected = Buffer.from(signWebhook(rawBody, secret), 'base64');
  let given: Buffer;
  try {
    given = Buffer.from(header, 'base64');
  } catch {
    return false;
  }
  // Different lengths cannot match; compare equal-length buffers only (timingSafeEqual throws otherwise).
  if (given.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(given, expected);
}

/**
 * The one webhook code path: verify, find the shop, dispatch on the topic.
 * Used by POST /api/webhooks and by the demo seed.
 */
export async function receiveWebhook(deps: { db: Db; config: Config }, req: WebhookRequest): Promise<WebhookResult> {
  const { db, config } = deps;
  if (!verifyWebhookHmac(req.rawBody, req.hmac, config.apiSecret)) {
    return { status: 401, body: { handled: false, message: 'Invalid webhook signature' } };
  }
  if (!req.topic || !req.shopDomain) {
    return { status: 400, body: { handled: false, message: 'Missing X-Shopify-Topic or X-Shopify-Shop-Domain' } };
  }
  const shop = await findShopByDomain(db, req.shopDomain.toLowerCase());
  if (!shop) return { status: 404, body: { handled: false, message: 'Unknown shop' } };

  let payload: unknown;
  try {
    payload = req.rawBody.length ? JSON.parse(req.rawBody.toString('utf8')) : {};
  } catch {
    return { status: 400, body: { handled: false, message: 'Body is not JSON' } };
  }

  switch (req.topic) {
    case 'orders/create':
    case 'orders/paid': {
      const order = payload as OrderPayload;
      if (!order || typeof order !== 'object' || (typeof order.id !== 'number' && typeof order.id !== 'string') || String(order.id) === '') {
        return { status: 400, body: { handled: false, message: 'Order id is missing' } };
      }
      if (req.topic === 'orders/paid') {
        await markOrderPaid(db, shop, order);
        return { status: 200, body: { handled: true } };
      }
      const result = await recordOrder(db, shop, order);
      return { status: 200, body: { handled: true, duplicate: !result.recorded } };
    }
    case 'app/uninstalled':
      await db.updateTable('shops').set({ installedAt: null }).where('id', '=', shop.id).execute();
      return { status: 200, body: { handled: true } };
    default:
      // Subscribed topics we do not use are acknowledged, so the platform stops retrying.
      return { status: 200, body: { handled: false } };
  }
}
