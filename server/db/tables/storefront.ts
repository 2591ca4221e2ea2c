import type { Generated, JSONColumnType } from 'kysely';
import type { LayoutSettings } from '../../../src/contracts/layout';
import type { BoosterValues } from '../../../src/contracts/booster';

/** One row per shop once the merchant saved the layout (defaults otherwise). */
export interface LayoutSettingsTable {
  shopId: number;
  settings: JSONColumnType<LayoutSettings>;
  updatedAt: Generated<Date>;
}

/** One row per shop once the merchant saved the booster (defaults otherwise). */
export interface BoosterSettingsTable {
  shopId: number;
  settings: JSONColumnType<BoosterValues>;
  updatedAt: Generated<Date>;
}

export interface LookCollectionsTable {
  id: Generated<number>;
  shopId: number;
  name: string;
  /** The shop's featured collection: created with the shop's first booster read, never deletable. */
  isFeatured: boolean;
  createdAt: Generated<Date>;
}

export interface StorefrontTables {
  layoutSettings: LayoutSettingsTable;
  boosterSettings: BoosterSettingsTable;
  lookCollections: LookCollectionsTable;
}
