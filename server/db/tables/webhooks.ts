import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export type WebhookDeliveryStatus = 'pending' | 'processing' | 'processed' | 'failed' | 'dead';

/** One verified platform webhook delivery: recorded first, processed after the answer. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  shopId: number;
  topic: string;
  /** X-Shopify-Event-Id: the same for every delivery of one event (duplicates). */
  eventId: string | null;
  /** X-Shopify-Webhook-Id: the same for every retry of one delivery. */
  webhookId: string | null;
  apiVersion: string | null;
  triggeredAt: string | null;
  /** The JSON body until processed (then null: it may hold customer data). */
  payload: string | null;
  status: ColumnType<WebhookDeliveryStatus, WebhookDeliveryStatus | undefined, WebhookDeliveryStatus>;
  attempts: Generated<number>;
  lastError: string | null;
  receivedAt: Timestamp;
  claimedAt: NullableTimestamp;
  processedAt: NullableTimestamp;
}

/** customers/data_request: the data the app holds about a customer, produced for the merchant. */
export interface CustomerDataRequestsTable {
  id: Generated<number>;
  shopId: number;
  requestKey: string;
  customerId: string | null;
  customerEmail: string | null;
  ordersRequested: JSONColumnType<string[]>;
  data: JSONColumnType<Record<string, unknown>>;
  requestedAt: Timestamp;
}

/** products/delete: products that no longer exist on the platform (looks show them as deleted). */
export interface DeletedProductsTable {
  shopId: number;
  gid: string;
  deletedAt: Timestamp;
}

export interface WebhookTables {
  webhookDeliveries: WebhookDeliveriesTable;
  customerDataRequests: CustomerDataRequestsTable;
  deletedProducts: DeletedProductsTable;
}
