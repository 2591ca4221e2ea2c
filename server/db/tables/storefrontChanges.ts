import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/**
 * A storefront metafield waiting to be written (APP_MODE=shopify): `config`, `gallery` or
 * `product:<gid>`. Marked by services/storefront/changes.ts, written by server/platform/metafields.
 */
export interface StorefrontChangesTable {
  shopId: number;
  target: string;
  /** Grows each time the target is marked again; the writer removes the generation it wrote. */
  generation: ColumnType<number, number | undefined, number>;
  markedAt: Timestamp;
}

/** The instance writing a shop's metafields now (one at a time per shop). */
export interface StorefrontWritersTable {
  shopId: number;
  writerId: string;
  leaseExpiresAt: ColumnType<Date, Date | string, Date | string>;
}

export interface StorefrontChangeTables {
  storefrontChanges: StorefrontChangesTable;
  storefrontWriters: StorefrontWritersTable;
}
