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
  generatedRevenue: Generated<string>;
  addToCartCount: Generated<number>;
  addToCartRevenue: Generated<string>;
}

export interface ShopDailyStatsTable {
  shopId: number;
  day: Day;
  orders: Generated<number>;
  generatedRevenue: Generated<string>;
  addToCartRevenue: Generated<string>;
}

export interface AnalyticsTables {
  orders: OrdersTable;
  orderLookItems: OrderLookItemsTable;
  addToCartEvents: AddToCartEventsTable;
  lookDailyStats: LookDailyStatsTable;
  shopDailyStats: ShopDailyStatsTable;
}
