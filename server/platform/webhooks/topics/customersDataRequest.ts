import { produceCustomerData, type CustomerRef } from '../compliance/customerData';
import { asObject, cleanText, customerOf, platformId, platformIds } from '../payloads';
import type { WebhookHandler } from '../types';

interface DataRequest {
  customer: CustomerRef;
  orderIds: string[];
  requestId: string | null;
}

/**
 * customers/data_request (mandatory compliance topic): records the request with
 * the data held about the customer, for the merchant to pass on
 * (GET /admin/api/v1/customerDataRequests).
 */
export const customersDataRequest: WebhookHandler<DataRequest> = {
  topic: 'customers/data_request',
  parse(payload) {
    const body = asObject(payload);
    const request =
      body.data_request && typeof body.data_request === 'object' ? (body.data_request as Record<string, unknown>) : {};
    return {
      customer: customerOf(body),
      orderIds: platformIds(body.orders_requested),
      requestId: platformId(request.id),
    };
  },
  async handle({ db, shop, delivery }, { customer, orderIds, requestId }) {
    const data = await produceCustomerData(db, shop.id, customer, orderIds);
    const row = {
      customerId: customer.id,
      customerEmail: customer.email,
      ordersRequested: JSON.stringify(orderIds),
      // Unprocessed payloads come from outside: keep only text PostgreSQL's JSON accepts.
      data: JSON.stringify(data, (_key, value) => (typeof value === 'string' ? cleanText(value, 10_000) : value)),
    };
    await db
      .insertInto('customerDataRequests')
      .values({ shopId: shop.id, requestKey: requestId ?? `delivery-${delivery.id}`, ...row })
      .onConflict((oc) => oc.columns(['shopId', 'requestKey']).doUpdateSet(row))
      .execute();
  },
};
