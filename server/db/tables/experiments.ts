import type { ColumnType, Generated } from 'kysely';
import type { ExperimentStatus } from '../../../src/contracts/experiments';

type Day = ColumnType<string, string, string>;
type Time = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** An A/B test of a look (migration 0021). */
export interface ExperimentsTable {
  id: Generated<number>;
  shopId: number;
  lookId: number;
  status: ColumnType<ExperimentStatus, ExperimentStatus | undefined, ExperimentStatus>;
  createdAt: Generated<Date>;
  startedAt: Time;
  stoppedAt: Time;
  /** The variant applied to the look as the winner, once one was. */
  appliedVariantId: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ExperimentVariantsTable {
  id: Generated<number>;
  experimentId: number;
  position: number;
  name: string;
  isControl: boolean;
  /** Percent of shoppers (an experiment's splits sum to 100). */
  split: number;
  /** The image this variant shows instead of the look's (null: the look's). */
  imageUrl: string | null;
  /** The layout template this variant shows (null: the look's). */
  template: string | null;
}

/** Per-variant daily roll-up: visitors who saw the look, visitors who added to cart (shop-local day). */
export interface ExperimentVariantDailyTable {
  variantId: number;
  day: Day;
  impressions: Generated<number>;
  conversions: Generated<number>;
}

export interface ExperimentVisitorDaysTable {
  variantId: number;
  day: Day;
  visitorId: string;
  kind: string;
}

export interface ExperimentTables {
  experiments: ExperimentsTable;
  experimentVariants: ExperimentVariantsTable;
  experimentVariantDaily: ExperimentVariantDailyTable;
  experimentVisitorDays: ExperimentVisitorDaysTable;
}
