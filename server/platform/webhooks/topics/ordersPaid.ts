import { markOrderPaid, type OrderPayload } from '../../../services/analytics/orders';
import { parseOrder } from '../payloads';
import type { WebhookHandler } from '../types';

/** orders/paid: marks a known order paid (an order first seen as paid is recorded). */
export const ordersPaid: WebhookHandler<OrderPayload> = {
  topic: 'orders/paid',
  parse: parseOrder,
  async handle({ db, shop }, order) {
    await markOrderPaid(db, shop, order);
  },
};
