import type { ColumnType, Generated } from 'kysely';

/** The offline Admin API access token of an installed shop (OAuth install flow, APP_MODE=shopify). */
export interface OauthSessionsTable {
  id: Generated<number>;
  shopId: number;
  accessToken: string;
  /** Scopes the merchant granted (comma separated, as the platform answers). */
  scope: string;
  createdAt: Generated<Date>;
  updatedAt: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface OauthTables {
  oauthSessions: OauthSessionsTable;
}
