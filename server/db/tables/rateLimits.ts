import type { ColumnType } from 'kysely';

/** A shared rate-limit counter: hits of `key` in the fixed window that ends at windowEndsAt. */
export interface RateLimitsTable {
  /** Namespaced, e.g. `add-to-cart:ip:203.0.113.9` or `discount-fail:shop:3`. */
  key: string;
  hits: number;
  windowEndsAt: ColumnType<Date, Date | string, Date | string>;
}

export interface RateLimitTables {
  rateLimits: RateLimitsTable;
}
