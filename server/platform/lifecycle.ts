import type { Transaction } from 'kysely';
import type { Db } from '../db';
import type { Database } from '../db/schema';
import { jobsFor } from '../jobs';
import { recordChange } from '../services/changes/outbox';
import { CATALOG_SYNC_QUEUE, type CatalogSync } from './catalogSync';
import type { ShopRef } from './context';

/** The queue of what follows a (re)install on the platform side (the plan, a Lifetime purchase, the order topics). */
export const SHOP_INSTALLED_QUEUE = 'shop.installed';

/**
 * A shop's (re)install (APP_MODE=shopify): a token exchange or the OAuth callback stored a new token —
 * everything the app keeps on the platform is written anew. Recorded durably in the transaction that
 * stores the token, so an instance dying right after the commit loses nothing:
 * - a full catalog sync is requested (its generation and its `catalog.sync` job);
 * - the `shop.installed` job reads the shop's plan anew, keeps a Lifetime purchase the platform still
 *   reports and subscribes the order topics (platform/index.ts; retried with backoff);
 * - the outbox records `shopInstalled` for its readers (bundle discounts, storefront metafields).
 *
 * A finished catalog sync records `catalogSynced` in its last transaction (catalogSync.ts).
 */
export interface PlatformLifecycle {
  installed(trx: Transaction<Database>, shop: ShopRef): Promise<void>;
  /** Resolves once the jobs of installs and catalog syncs are done on the cluster (tests, scripts). */
  idle(): Promise<void>;
}

export function createLifecycle(db: Db, catalogSync: Pick<CatalogSync, 'requestIn'>): PlatformLifecycle {
  return {
    async installed(trx, shop) {
      await catalogSync.requestIn(trx, shop);
      const jobs = jobsFor(db);
      if (jobs?.handles(SHOP_INSTALLED_QUEUE))
        await jobs.send(SHOP_INSTALLED_QUEUE, { shopId: shop.id }, { trx, shopId: shop.id });
      // Last in the transaction (see recordChange).
      await recordChange(db, shop.id, { kind: 'shopInstalled', before: null, after: null }, trx);
    },
    async idle() {
      const jobs = jobsFor(db);
      if (!jobs) return;
      // The install's job first (it may have been queued before the sync's): then the syncs.
      await jobs.idle([SHOP_INSTALLED_QUEUE, CATALOG_SYNC_QUEUE], 60_000);
    },
  };
}
