import type { ShopRef } from './context';
import type { PlatformLog } from './shopifyApi';

/** How a finished full catalog sync went. */
export interface CatalogSyncedEvent {
  /** Products in the catalog after the sync. */
  synced: number;
  mode: 'paged' | 'bulk';
}

type Listener<T extends unknown[]> = (...args: T) => void | Promise<void>;

/**
 * The shop's moments on the platform that other parts of the app follow (APP_MODE=shopify):
 * - `installed`: a (re)install's token exchange stored a new token — everything the app keeps on
 *   the platform (catalog, bundle discounts, metafields) is written anew;
 * - `catalogSynced`: a full catalog sync finished (the catalog is complete for the shop).
 *
 * A listener runs in the background (never delays the request that installed) and its failure
 * is logged, not passed on. `on…` returns the function that removes the listener.
 */
export interface PlatformLifecycle {
  onInstalled(listener: Listener<[shop: ShopRef]>): () => void;
  onCatalogSynced(listener: Listener<[shop: ShopRef, event: CatalogSyncedEvent]>): () => void;
  installed(shop: ShopRef): void;
  catalogSynced(shop: ShopRef, event: CatalogSyncedEvent): void;
  /** Resolves when the listeners started so far have finished (tests, shutdown). */
  idle(): Promise<void>;
}

export function createLifecycle(log: PlatformLog): PlatformLifecycle {
  const installed = new Set<Listener<[ShopRef]>>();
  const synced = new Set<Listener<[ShopRef, CatalogSyncedEvent]>>();
  const pending = new Set<Promise<void>>();

  function emit<T extends unknown[]>(name: string, listeners: Set<Listener<T>>, shop: ShopRef, args: T) {
    for (const listener of [...listeners]) {
      // Started at once (a sync started here is visible to the caller right away), awaited in the background.
      let started: void | Promise<void>;
      try {
        started = listener(...args);
      } catch (error) {
        started = Promise.reject(error);
      }
      const run = Promise.resolve(started)
        .catch((error: unknown) =>
          log('warn', `${name} of ${shop.domain}: a listener failed: ${(error as Error)?.message ?? String(error)}`),
        )
        .finally(() => pending.delete(run));
      pending.add(run);
    }
  }

  const add = <T>(set: Set<T>, listener: T) => {
    set.add(listener);
    return () => void set.delete(listener);
  };

  return {
    onInstalled: (listener) => add(installed, listener),
    onCatalogSynced: (listener) => add(synced, listener),
    installed: (shop) => emit('installed', installed, shop, [shop]),
    catalogSynced: (shop, event) => emit('catalogSynced', synced, shop, [shop, event]),
    async idle() {
      while (pending.size) await Promise.allSettled([...pending]);
    },
  };
}
