import { recordRefund, type RefundPayload } from '../../../services/analytics/refunds';
import { asObject, platformId } from '../payloads';
import { WebhookPayloadError, type WebhookHandler } from '../types';

/** refunds/create: the refunded look lines leave the net revenue of the day the order was placed. */
export const refundsCreate: WebhookHandler<RefundPayload> = {
  topic: 'refunds/create',
  parse(payload) {
    const refund = asObject(payload, 'refund');
    if (!platformId(refund.id)) throw new WebhookPayloadError('Refund id is missing');
    if (!platformId(refund.order_id)) throw new WebhookPayloadError('Order id is missing');
    if (refund.refund_line_items != null && !Array.isArray(refund.refund_line_items))
      throw new WebhookPayloadError('refund_line_items is not a list');
    return {
      ...(refund as unknown as RefundPayload),
      id: platformId(refund.id)!,
      order_id: platformId(refund.order_id)!,
    };
  },
  async handle({ db, shop }, refund) {
    await recordRefund(db, shop, refund);
  },
};
