import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/**
 * The shop's Admin API token pair (APP_MODE=shopify), one row per shop. `accessToken` and
 * `refreshToken` hold AES-256-GCM envelopes (server/platform/tokenCipher.ts), never plaintext.
 */
export interface AccessTokensTable {
  shopId: number;
  accessToken: string;
  /** Null for a non-expiring token. */
  expiresAt: NullableTimestamp;
  refreshToken: string | null;
  refreshTokenExpiresAt: NullableTimestamp;
  /** Scopes granted (comma separated, as the platform answers). */
  scope: Generated<string>;
  createdAt: Generated<Date>;
  updatedAt: Timestamp;
}

export type CatalogSyncStatus = 'running' | 'done' | 'failed';

/** Progress of the shop's product sync from the Admin API. */
export interface CatalogSyncsTable {
  shopId: number;
  status: CatalogSyncStatus;
  synced: Generated<number>;
  /** The shop's product count, once known. */
  total: number | null;
  error: string | null;
  startedAt: Timestamp;
  finishedAt: NullableTimestamp;
  updatedAt: Timestamp;
  /** How the last full sync reads the catalog: the paginated products query or a bulk operation. */
  mode: ColumnType<CatalogSyncMode, CatalogSyncMode | undefined, CatalogSyncMode>;
  /** The running bulk operation (gid), while a bulk sync waits for it. */
  bulkOperationId: ColumnType<string | null, string | null | undefined, string | null>;
  /** Every product update up to this time is in the catalog (the reconciliation asks for later ones). */
  reconciledAt: NullableTimestamp;
  /** Bumped by every requested full sync: only the sync of the current generation writes. */
  generation: Generated<number>;
  /** The page cursor after the last written page of the running sync (resumed there after a crash). */
  cursor: ColumnType<string | null, string | null | undefined, string | null>;
}

export type CatalogSyncMode = 'paged' | 'bulk';

export interface PlatformTables {
  accessTokens: AccessTokensTable;
  catalogSyncs: CatalogSyncsTable;
}
