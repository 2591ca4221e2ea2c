import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type {
  LookDiscount,
  LookDiscountTier,
  LookMainProduct,
  LookMedia,
  LookRelatedItem,
} from '../../../src/contracts/looks';

export interface ProductLooksTable {
  id: Generated<number>;
  shopId: number;
  title: string;
  active: boolean;
  mainProduct: JSONColumnType<LookMainProduct>;
  relatedItems: JSONColumnType<LookRelatedItem[]>;
  markerColor: string;
  featured: boolean;
  media: JSONColumnType<LookMedia[]>;
  /** The discount without its tiers, which have their own column (`discountTiers`). */
  discount: JSONColumnType<LookDiscount | null, string | null, string | null>;
  /** Mix-and-match tiers, fewest items first (migration 0050). */
  discountTiers: ColumnType<LookDiscountTier[], string | undefined, string>;
  /** Comma-separated, as in the form values. */
  tags: string;
  /** The layout template this look shows instead of the shop's (null: the shop's; set by an A/B test's winner, migration 0021). */
  layoutTemplate: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Generated<Date>;
  updatedAt: Generated<Date>;
}

export interface ProductLookMediaTable {
  id: Generated<number>;
  shopId: number;
  fileName: string;
  contentType: string;
  width: number;
  height: number;
  bytes: number;
  createdAt: Generated<Date>;
}

export interface LooksTables {
  productLooks: ProductLooksTable;
  productLookMedia: ProductLookMediaTable;
}
