/** Analytics entities (SPEC §3 stats, analytics order row) and the public add-to-cart contract; the query and event schemas are in ./analytics.schema. */
import type { Paginated } from './api';
import { isValidYmd } from './analyticsDate';

export interface LookRef {
  id: number;
  title: string;
}

export interface StatsSeriesPoint {
  /** YYYY-MM-DD in the shop's timezone. */
  date: string;
  orders: number;
  generatedRevenue: number;
  addToCartRevenue: number;
}

/** GET /stats (lite=true: the three totals only). Money in the shop currency. */
export interface Stats {
  addToCartRevenue: number;
  orderGenerated: number;
  looksCount: number;
  /** Attributed revenue net of refunds and cancellations (gross − refunded). */
  generatedRevenue?: number;
  /** Attributed revenue as ordered, before refunds and cancellations. */
  grossRevenue?: number;
  /** What refunds and cancellations took back from the attributed revenue (on the day of the order). */
  refundedRevenue?: number;
  topSellers?: LookRef[];
  topProductsAddToCart?: LookRef[];
  series?: StatsSeriesPoint[];
}

export interface StatsQuery {
  lite?: boolean;
  fromDate?: string;
  toDate?: string;
}

/** SPEC §3 analytics order row. */
export interface AnalyticsOrderRow {
  id: number;
  identifier: string;
  orderTotal: number;
  generatedRevenue: number;
  /** ISO timestamp of the order. */
  orderDate: string;
  productStoreFrontLink: string | null;
  productLookId: number | null;
}

export type ShopOrdersPage = Paginated<AnalyticsOrderRow>;

export interface ShopOrdersQuery {
  page: number;
  limit?: number;
  fromDate?: string;
  toDate?: string;
}

export const SHOP_ORDERS_PAGE_SIZE = 10;

export { isValidYmd };

/**
 * POST /api/storefront/add-to-cart (public, called by the storefront widget).
 * The server counts the catalog price and at most ADD_TO_CART_MAX_QUANTITY
 * units (server/services/analytics/addToCart.ts).
 */
export interface AddToCartEvent {
  shopDomain: string;
  lookId: number;
  productId: string;
  /** The price the shopper saw; ignored (widgets already on storefronts still send it). */
  price?: number;
  quantity: number;
}
