import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/**
 * One automatic app discount of the `look-bundle` Function per shop and part (APP_MODE=shopify):
 * server/platform/discounts/ keeps it in step with the shop's discounted looks.
 */
export interface BundleDiscountsTable {
  shopId: number;
  /** 0 for the shop's first discount; more only when the looks outgrow one metafield. */
  part: number;
  /** gid://shopify/DiscountAutomaticNode/…; null while creating it failed. */
  discountId: string | null;
  /** The `$app:looks`/`bundle` metafield value last written to the discount (JSON text). */
  value: string | null;
  /** The `combinesWith` last written (JSON text; migration 0031); null before the booster chose. */
  combinesWith: ColumnType<string | null, string | null | undefined, string | null>;
  /** The last failure (userErrors or the platform's error); null after a successful write. */
  error: string | null;
  syncedAt: NullableTimestamp;
  updatedAt: Timestamp;
}

export interface BundleDiscountTables {
  bundleDiscounts: BundleDiscountsTable;
}
