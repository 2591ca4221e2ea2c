import type { ColumnType, Generated } from 'kysely';

type Money = ColumnType<string, string | number, string | number>;
type Day = ColumnType<string, string, string>;

export interface OrdersTable {
  id: Generated<number>;
  shopId: number;
  platformOrderId: string;
  /** The order name shown to merchants, e.g. #1001. */
  identifier: string;
  currency: string;
  orderTotal: Money;
  generatedRevenue: Generated<string>;
  financialStatus: Generated<string>;
  lookId: number | null;
  productGid: string | null;
  orderedAt: ColumnType<Date, Date | string, Date | string>;
  /** ordered_at as a date in the shop's timezone. */
  localDay: Day;
  /** The device the order was placed on (from its client details), when known (migration 0019). */
  device: ColumnType<'mobile' | 'desktop' | null, 'mobile' | 'desktop' | null | undefined, 'mobile' | 'desktop' | null>;
  /** When orders/cancelled arrived (migration 0030); its remaining look revenue left the net figures. */
  cancelledAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  createdAt: Generated<Date>;
}

export interface OrderLookItemsTable {
  id: Generated<number>;
  shopId: number;
  orderId: number;
  lookId: number;
  productGid: string;
  quantity: number;
  revenue: Money;
  /** What refunds and cancellations took back from `revenue` (migration 0030), never more than it. */
  refunded: Generated<string>;
}

export interface AddToCartEventsTable {
  id: Generated<number>;
  shopId: number;
  lookId: number;
  productId: string;
  price: Money;
  quantity: number;
  localDay: Day;
  createdAt: Generated<Date>;
}

export interface LookDailyStatsTable {
  shopId: number;
  day: Day;
  lookId: number;
  orders: Generated<number>;
  /** Net of refunds and cancellations (migration 0030); gross = generatedRevenue + refundedRevenue. */
  generatedRevenue: Generated<string>;
  refundedRevenue: Generated<string>;
  addToCartCount: Generated<number>;
  addToCartRevenue: Generated<string>;
}

export interface ShopDailyStatsTable {
  shopId: number;
  day: Day;
  orders: Generated<number>;
  /** Net of refunds and cancellations (migration 0030); gross = generatedRevenue + refundedRevenue. */
  generatedRevenue: Generated<string>;
  refundedRevenue: Generated<string>;
  addToCartRevenue: Generated<string>;
}

/** Refunds already counted, by the platform's refund id (migration 0030). */
export interface OrderRefundsTable {
  shopId: number;
  platformRefundId: string;
  createdAt: Generated<Date>;
}

export interface AnalyticsTables {
  orders: OrdersTable;
  orderLookItems: OrderLookItemsTable;
  addToCartEvents: AddToCartEventsTable;
  lookDailyStats: LookDailyStatsTable;
  shopDailyStats: ShopDailyStatsTable;
  orderRefunds: OrderRefundsTable;
}
