import type { ColumnType } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;
type OptionalTime = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** What a reconciliation repaired, by kind. */
export interface ReconciliationRepairs {
  missingOrders?: number;
  refunds?: number;
  cancellations?: number;
  /** Orders the app has that the platform no longer lists (reported, never removed). */
  unknownToPlatform?: number;
}

export type ReconciliationStatus = 'agreed' | 'repaired' | 'awaiting_access' | 'failed';

/** The last reconciliation of a shop's attributed orders with the platform's (migration 0061). */
export interface OrderReconciliationsTable {
  shopId: number;
  checkedAt: Time;
  /** The last run after which the app's orders agreed with the platform's (null: never yet). */
  agreedAt: OptionalTime;
  status: ReconciliationStatus;
  ordersChecked: ColumnType<number, number | undefined, number>;
  repairs: ColumnType<ReconciliationRepairs, string | undefined, string>;
}

export interface OrderReconciliationTables {
  orderReconciliations: OrderReconciliationsTable;
}
