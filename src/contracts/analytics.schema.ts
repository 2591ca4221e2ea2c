/** Schemas of the analytics queries (GET /stats, GET /shopOrders) and of the public add-to-cart event. */
import { yup } from './validation';
import { isValidYmd } from './analyticsDate';
import { SHOP_ORDERS_PAGE_SIZE } from './analytics';

const ymd = () => yup.string().test('ymd', 'invalid date', (v) => v === undefined || isValidYmd(v));

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

export const addToCartEventSchema = yup
  .object({
    shopDomain: yup
      .string()
      .trim()
      .required()
      .max(255)
      .matches(/^[a-z0-9][a-z0-9.-]*$/i),
    lookId: yup.number().integer().positive().required(),
    productId: yup.string().trim().required().max(100),
    price: yup.number().min(0).max(1_000_000).optional(),
    quantity: yup.number().integer().min(1).max(1000).required(),
  })
  .noUnknown();
