import type { ColumnType, Generated } from 'kysely';
import type { FunnelEventType } from '../../../src/contracts/storefront';
import type { FunnelDevice } from '../../../src/contracts/funnel';

type Day = ColumnType<string, string, string>;

/** Raw storefront funnel events, partitioned by month of occurredAt (migration 0018). */
export interface FunnelEventsTable {
  shopId: number;
  lookId: number;
  type: FunnelEventType;
  device: FunnelDevice;
  visitorId: string;
  productId: string | null;
  variantId: number | null;
  occurredAt: ColumnType<Date, Date | string, Date | string>;
  /** occurredAt as a date in the shop's timezone. */
  localDay: Day;
  receivedAt: Generated<Date>;
}

/** Daily funnel roll-up per shop, look and device, in the shop's local day. */
export interface LookFunnelDailyTable {
  shopId: number;
  day: Day;
  lookId: number;
  device: FunnelDevice;
  /** Once per visitor, look and day. */
  impressions: Generated<number>;
  hotspotClicks: Generated<number>;
  itemClicks: Generated<number>;
  addToCarts: Generated<number>;
  /** Attributed orders placed on this device (orders whose device is known). */
  orders: Generated<number>;
  /** Net of refunds and cancellations (migration 0030). */
  revenue: Generated<string>;
  refundedRevenue: Generated<string>;
}

/** Visitors whose impression of a look was counted that day (pruned after a few days). */
export interface FunnelVisitorDaysTable {
  shopId: number;
  lookId: number;
  day: Day;
  visitorId: string;
}

export interface FunnelTables {
  funnelEvents: FunnelEventsTable;
  lookFunnelDaily: LookFunnelDailyTable;
  funnelVisitorDays: FunnelVisitorDaysTable;
}
