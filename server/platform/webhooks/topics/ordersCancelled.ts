import { recordCancellation } from '../../../services/analytics/refunds';
import type { OrderPayload } from '../../../services/analytics/orders';
import { parseOrder } from '../payloads';
import type { WebhookHandler } from '../types';

/** orders/cancelled: the order's remaining look revenue leaves the net revenue of the day it was placed (once). */
export const ordersCancelled: WebhookHandler<OrderPayload> = {
  topic: 'orders/cancelled',
  parse: parseOrder,
  async handle({ db, shop }, order) {
    await recordCancellation(db, shop, String(order.id));
  },
};
