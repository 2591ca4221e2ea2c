import { recordOrder, type OrderPayload } from '../../../services/analytics/orders';
import { parseOrder } from '../payloads';
import type { WebhookHandler } from '../types';

/** orders/create: records the order once (by order id) with the revenue attributed to looks. */
export const ordersCreate: WebhookHandler<OrderPayload> = {
  topic: 'orders/create',
  parse: parseOrder,
  async handle({ db, shop }, order) {
    await recordOrder(db, shop, order);
  },
};
