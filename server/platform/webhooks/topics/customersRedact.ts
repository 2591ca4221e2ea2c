import { eraseCustomerData, type CustomerRef } from '../compliance/customerData';
import { asObject, customerOf, platformIds } from '../payloads';
import type { WebhookHandler } from '../types';

/** customers/redact (mandatory compliance topic): erases what the app holds about the customer. */
export const customersRedact: WebhookHandler<{ customer: CustomerRef; orderIds: string[] }> = {
  topic: 'customers/redact',
  parse(payload) {
    const body = asObject(payload);
    return { customer: customerOf(body), orderIds: platformIds(body.orders_to_redact) };
  },
  async handle({ db, shop }, { customer, orderIds }) {
    await eraseCustomerData(db, shop.id, customer, orderIds);
  },
};
