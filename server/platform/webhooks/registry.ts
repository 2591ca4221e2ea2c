import type { WebhookHandler } from './types';
import { ordersCreate } from './topics/ordersCreate';
import { ordersPaid } from './topics/ordersPaid';
import { ordersCancelled } from './topics/ordersCancelled';
import { refundsCreate } from './topics/refundsCreate';
import { customersDataRequest } from './topics/customersDataRequest';
import { customersRedact } from './topics/customersRedact';
import { shopRedact } from './topics/shopRedact';
import { appScopesUpdate } from './topics/appScopesUpdate';
import { appUninstalled } from './topics/appUninstalled';
import { productsCreate } from './topics/productsCreate';
import { productsUpdate } from './topics/productsUpdate';
import { productsDelete } from './topics/productsDelete';
import { appSubscriptionsUpdate } from './topics/appSubscriptionsUpdate';

/**
 * Topic → handler. To handle another topic: add topics/<topicName>.ts exporting
 * a WebhookHandler and list it here. Topics without a handler are acknowledged
 * (200) and ignored.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const HANDLERS: Array<WebhookHandler<any>> = [
  ordersCreate,
  ordersPaid,
  ordersCancelled,
  refundsCreate,
  customersDataRequest,
  customersRedact,
  shopRedact,
  appScopesUpdate,
  appUninstalled,
  productsCreate,
  productsUpdate,
  productsDelete,
  appSubscriptionsUpdate,
];

export const webhookHandlers: ReadonlyMap<string, WebhookHandler<unknown>> = new Map(HANDLERS.map((h) => [h.topic, h]));

export const WEBHOOK_TOPICS: readonly string[] = [...webhookHandlers.keys()];

export const handlerFor = (topic: string): WebhookHandler<unknown> | undefined => webhookHandlers.get(topic);
