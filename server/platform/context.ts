import type { Shopify } from '@shopify/shopify-api';
import type { Config } from '../config';
import type { Db } from '../db';
import type { PlatformLog } from './shopifyApi';

/** What the platform side (token store, Admin API client, catalog sync) works with. */
export interface PlatformContext {
  db: Db;
  config: Config;
  now: () => Date;
  shopify: Shopify;
  log: PlatformLog;
  /** Waits (throttling back-off); tests may shorten it. */
  sleep: (ms: number) => Promise<void>;
}

/** The shop as the platform side needs it. */
export interface ShopRef {
  id: number;
  domain: string;
}
