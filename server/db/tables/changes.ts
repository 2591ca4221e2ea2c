import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** jsonb: written as JSON text, read as the value. */
type Json = ColumnType<unknown, string | null, string | null>;

/**
 * One change a platform sync may follow (services/changes/outbox.ts), written in the change's own
 * transaction: `kind` (see ChangeKind) and the state before and after (null when there was none).
 */
export interface ChangesTable {
  id: Generated<number>;
  shopId: number;
  kind: string;
  before: Json;
  after: Json;
  createdAt: Timestamp;
}

/** How far a reader (a job queue of server/jobs) has read a shop's changes. */
export interface ChangeReadersTable {
  reader: string;
  shopId: number;
  changeId: number;
  readAt: Timestamp;
}

/** View: the changes the storefront metafield writer has not read yet. */
export interface StorefrontChangesView {
  shopId: number;
  changeId: number;
  kind: string;
  createdAt: Date;
}

export interface ChangeTables {
  changes: ChangesTable;
  changeReaders: ChangeReadersTable;
  storefrontChanges: StorefrontChangesView;
}
