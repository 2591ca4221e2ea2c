import { yup } from './validation';
import { CATALOG_LIMIT_MAX, CATALOG_SEARCH_MAX } from './catalog';

/** GET /catalog/products query: the search text (longer text is cut), at most 100 products. */
export const catalogQuerySchema = yup.object({
  query: yup
    .string()
    .default('')
    .transform((v: unknown) => (typeof v === 'string' ? v.slice(0, CATALOG_SEARCH_MAX) : v)),
  limit: yup.number().integer().min(1).max(CATALOG_LIMIT_MAX).default(50),
});
