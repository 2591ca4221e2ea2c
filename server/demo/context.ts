import type { Db } from '../db';
import type { Config } from '../config';
import type { ShopRow } from '../services/shop/shops';

/** What every part of the demo seed works with. */
export interface SeedContext {
  db: Db;
  config: Config;
  shop: ShopRow;
  /** Seed clock: "now" of the demo data. */
  now: Date;
}
