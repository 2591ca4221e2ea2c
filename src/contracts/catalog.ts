/** The shop's catalog as the product picker sees it; the query schema is in ./catalog.schema. */

/** A product of the shop's catalog as the product picker returns it. */
export interface CatalogProduct {
  id: string;
  handle: string;
  title: string;
  price: number;
  compareAtPrice: number | null;
  images: string[];
  status: 'active' | 'draft' | 'archived';
  productType: string;
}

/** What a host's product picker hands back (App Bridge resourcePicker or the standalone picker). */
export interface PickedProduct {
  id: string;
  title: string;
  handle?: string;
  images: { originalSrc: string; altText?: string }[];
}

export const CATALOG_SEARCH_MAX = 200;
export const CATALOG_LIMIT_MAX = 100;

/**
 * GET /catalog/sync: how far the shop's catalog is. `idle`: never synced (no platform catalog yet);
 * `done` also for the standalone demo's seeded catalog. The first sync shows "1,200 of 5,000
 * products synced" while `running`; `failed` offers a retry (POST /catalog/sync).
 */
export interface CatalogSyncState {
  status: 'idle' | 'running' | 'done' | 'failed';
  synced: number;
  /** The shop's product count, once known. */
  total: number | null;
  /** True while no sync of the shop has finished yet (the banner shows only for the first one). */
  first: boolean;
  startedAt: string | null;
  finishedAt: string | null;
}
