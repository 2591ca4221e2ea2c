import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date | string, Date | string>;

/** Whether a shop has an enabled Shopify Flow workflow starting with one of the app's triggers (migration 0060). */
export interface FlowTriggerUsageTable {
  shopId: number;
  /** The trigger extension's handle (extensions/<dir>/shopify.extension.toml). */
  handle: string;
  enabled: boolean;
  /** The lifecycle callback's timestamp (a later one wins). */
  changedAt: Time;
  updatedAt: Generated<Date>;
}

export interface FlowTables {
  flowTriggerUsage: FlowTriggerUsageTable;
}
