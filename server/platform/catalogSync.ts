import { removeCatalogProductsExcept, upsertCatalogProducts, SYNC_STALE_MS } from '../services/shop/catalog';
import { invalidateLooksList } from '../services/looks/looks';
import type { CatalogSyncMode, CatalogSyncStatus } from '../db/tables/platform';
import { AdminApiError, type AdminApi } from './adminApi';
import { readProductPages } from './catalogProducts';
import { BulkNotStartedError, readProductsInBulk } from './catalogBulk';
import type { PlatformContext, ShopRef } from './context';
import type { PlatformLifecycle } from './lifecycle';

export { PAGE_SIZE, PRODUCTS_QUERY, catalogStatus, toCatalogProduct } from './catalogProducts';

/**
 * The shop's own products, from the Admin GraphQL API into catalog_products (APP_MODE=shopify).
 * A full sync runs in the background after each (re)install's token exchange (and when the
 * merchant retries a failed one): the shop's details and product count first, then the products —
 * page by page, or with a bulk operation above `config.catalog.bulkThreshold` products (a bulk
 * operation that cannot start falls back to pages) — and products the platform no longer has are
 * removed at the end. products/update and products/delete webhooks and the periodic `updated_at`
 * reconciliation keep it current afterwards.
 *
 * Progress is stored per shop in catalog_syncs (status, synced, total, started/finished), so every
 * instance answers the same "1,200 of 5,000". One sync per shop: in this instance one promise per
 * shop; across instances the row is claimed with a conditional upsert (a running row is taken over
 * only when it stopped moving for SYNC_STALE_MS, i.e. its instance died), and a bulk operation of
 * an interrupted sync is resumed rather than started again.
 */
export const SHOP_INFO_QUERY = `query CatalogShopInfo {
  shop { email currencyCode ianaTimezone }
  productsCount(limit: null) { count }
}`;

/** Product updates this close to a sync's start may be missed by it; the reconciliation asks again. */
export const RECONCILE_OVERLAP_MS = 2 * 60_000;

export interface CatalogSync {
  /** Starts a full sync of the shop unless one is running; resolves when it ends (never rejects). */
  start(shop: ShopRef): Promise<void>;
  /** Starts a full sync like start(), resolving once its progress row says running (or another's sync runs). */
  begin(shop: ShopRef): Promise<void>;
  /** The running sync of the shop, if any (tests, shutdown). */
  running(shopId: number): Promise<void> | undefined;
  /** Stops between pages and waits for running syncs (app close). */
  stop(): Promise<void>;
}

interface Progress {
  status?: CatalogSyncStatus;
  synced?: number;
  total?: number | null;
  error?: string | null;
  finishedAt?: Date | null;
  mode?: CatalogSyncMode;
  bulkOperationId?: string | null;
  reconciledAt?: Date | null;
}

export function createCatalogSync(ctx: PlatformContext, admin: AdminApi, lifecycle?: Pick<PlatformLifecycle, 'catalogSynced'>): CatalogSync {
  const { db } = ctx;
  const runs = new Map<number, Promise<void>>();
  let stopped = false;
  const proceed = () => !stopped;

  const progress = (shopId: number, values: Progress) =>
    db.updateTable('catalogSyncs').set({ ...values, updatedAt: ctx.now() }).where('shopId', '=', shopId).execute();

  /** Claims the shop's sync row; undefined when another instance's sync is running (and alive). */
  async function claim(shopId: number) {
    const now = ctx.now();
    const fresh = { status: 'running' as const, synced: 0, total: null, error: null, startedAt: now, finishedAt: null, updatedAt: now };
    return db
      .insertInto('catalogSyncs')
      .values({ shopId, ...fresh })
      .onConflict((oc) =>
        oc
          .column('shopId')
          .doUpdateSet(fresh)
          .where((eb) => eb.or([eb('catalogSyncs.status', '!=', 'running'), eb('catalogSyncs.updatedAt', '<', new Date(now.getTime() - SYNC_STALE_MS))])),
      )
      .returning(['startedAt', 'mode', 'bulkOperationId'])
      .executeTakeFirst();
  }

  const claims = new Map<number, Promise<unknown>>();

  async function run(shop: ShopRef) {
    const claiming = claim(shop.id);
    claims.set(shop.id, claiming.catch(() => undefined));
    const claimed = await claiming;
    if (!claimed) return;
    try {
      const info = await admin.graphql<{ shop: { email: string; currencyCode: string; ianaTimezone: string }; productsCount: { count: number } | null }>(shop, SHOP_INFO_QUERY);
      await db
        .updateTable('shops')
        .set({ email: info.shop.email, currency: info.shop.currencyCode, timezone: info.shop.ianaTimezone })
        .where('id', '=', shop.id)
        .execute();
      const total = info.productsCount?.count ?? null;
      let mode: CatalogSyncMode = total !== null && total > ctx.config.catalog.bulkThreshold ? 'bulk' : 'paged';
      await progress(shop.id, { total, mode });

      let seen: string[] | null = null;
      if (mode === 'bulk') {
        try {
          seen = await readProductsInBulk(ctx, admin, shop, {
            resume: claimed.mode === 'bulk' ? claimed.bulkOperationId : null,
            proceed,
            onOperation: async (id) => void (await progress(shop.id, { bulkOperationId: id })),
            onProgress: async (written) => {
              await invalidateLooksList(db, shop.id);
              await progress(shop.id, { synced: written });
            },
          });
        } catch (error) {
          if (!(error instanceof BulkNotStartedError)) throw error;
          ctx.log('info', `catalog sync of ${shop.domain}: no bulk operation (${error.message}); reading page by page`);
          mode = 'paged';
          await progress(shop.id, { mode, bulkOperationId: null });
        }
      }
      if (mode === 'paged') {
        const written: string[] = [];
        const complete = await readProductPages(
          ctx,
          admin,
          shop,
          async (products) => {
            await upsertCatalogProducts(db, shop.id, products);
            await invalidateLooksList(db, shop.id);
            written.push(...products.map((p) => p.gid));
            await progress(shop.id, { synced: written.length });
          },
          { proceed },
        );
        seen = complete ? written : null;
      }
      // Stopped (app closing): the row stays running and is taken over once stale.
      if (!seen) return;

      // Gone from the platform: removed and remembered as deleted (looks showing them are marked).
      const gone = await removeCatalogProductsExcept(db, shop.id, seen);
      if (gone.length) {
        await db
          .insertInto('deletedProducts')
          .values(gone.map((gid) => ({ shopId: shop.id, gid })))
          .onConflict((oc) => oc.doNothing())
          .execute();
        await invalidateLooksList(db, shop.id);
      }
      await progress(shop.id, {
        status: 'done',
        synced: seen.length,
        total: seen.length,
        finishedAt: ctx.now(),
        bulkOperationId: null,
        reconciledAt: new Date(claimed.startedAt.getTime() - RECONCILE_OVERLAP_MS),
      });
      lifecycle?.catalogSynced(shop, { synced: seen.length, mode });
    } catch (error) {
      const detail = error instanceof AdminApiError ? `${error.message}${error.detail ? `: ${error.detail}` : ''}` : String((error as Error)?.message ?? error);
      ctx.log('warn', `catalog sync of ${shop.domain} failed: ${detail}`);
      await progress(shop.id, { status: 'failed', error: detail.slice(0, 500), finishedAt: ctx.now(), bulkOperationId: null }).catch(() => undefined);
    }
  }

  const sync: CatalogSync = {
    start(shop) {
      let pending = runs.get(shop.id);
      if (!pending) {
        pending = run(shop).finally(() => {
          runs.delete(shop.id);
          claims.delete(shop.id);
        });
        runs.set(shop.id, pending);
      }
      return pending;
    },
    async begin(shop) {
      const pending = sync.start(shop);
      await Promise.race([claims.get(shop.id), pending]);
    },
    running: (shopId) => runs.get(shopId),
    async stop() {
      stopped = true;
      await Promise.allSettled([...runs.values()]);
    },
  };
  return sync;
}
