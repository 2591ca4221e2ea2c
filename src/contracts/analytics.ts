/** Analytics entities (SPEC §3 stats, analytics order row) and the public add-to-cart contract. */
import { yup } from './validation';
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
  generatedRevenue?: number;
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

const ymd = () =>
  yup
    .string()
    .test('ymd', 'invalid date', (v) => v === undefined || isValidYmd(v));

export const statsQuerySchema = yup
  .object({
    lite: yup.boolean().optional(),
    fromDate: ymd().optional(),
    toDate: ymd().optional(),
  })
  .noUnknown();

export const shopOrdersQuerySchema = yup
  .object({
    page: yup.number().integer().min(1).max(100000).default(1),
    limit: yup.number().integer().min(1).max(50).default(SHOP_ORDERS_PAGE_SIZE),
    fromDate: ymd().optional(),
    toDate: ymd().optional(),
  })
  .noUnknown();

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

export const addToCartEventSchema = yup
  .object({
    shopDomain: yup.string().trim().required().max(255).matches(/^[a-z0-9][a-z0-9.-]*$/i),
    lookId: yup.number().integer().positive().required(),
    productId: yup.string().trim().required().max(100),
    price: yup.number().min(0).max(1_000_000).optional(),
    quantity: yup.number().integer().min(1).max(1000).required(),
  })
  .noUnknown();
