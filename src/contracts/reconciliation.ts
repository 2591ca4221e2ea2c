/**
 * GET /reconciliation: the last reconciliation of the shop's attributed orders with Shopify's
 * (issue 28 §5; the analytics page says when the figures last agreed). POST /reconciliation asks
 * for one now (202; 409 where no platform is connected, e.g. the standalone demo).
 */
export type ReconciliationStatus = 'agreed' | 'repaired' | 'awaiting_access' | 'failed';

export interface Reconciliation {
  /** ISO time of the last run that found the app's figures in agreement with Shopify's (after its repairs); null: never. */
  agreedAt: string | null;
  /** ISO time of the last run; null: never ran. */
  checkedAt: string | null;
  status: ReconciliationStatus | null;
  ordersChecked: number;
  repairs: { missingOrders?: number; refunds?: number; cancellations?: number; unknownToPlatform?: number };
  /** Whether this app can reconcile (connected to Shopify): the standalone demo cannot. */
  available: boolean;
}
