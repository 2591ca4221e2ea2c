import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { jobsFor, type JobContext, type JobData } from '../jobs';
import { invalidateLooksList } from '../services/looks/looks';
import type { CatalogSyncMode } from '../db/tables/platform';
import { AdminApiError, type AdminApi } from './adminApi';
import { writeProductPages } from './catalogProducts';
import { BulkFailedError, BulkNotStartedError, readProductsInBulk } from './catalogBulk';
import type { PlatformContext, ShopRef } from './context';
import { recordChange } from '../services/changes/outbox';

export { PAGE_SIZE, PRODUCTS_QUERY, catalogStatus, toCatalogProduct } from './catalogProducts';

/**
 * The shop's own products, from the Admin GraphQL API into catalog_products (APP_MODE=shopify).
 * A full sync runs after each (re)install's token exchange (and when the merchant retries a failed
 * one): the shop's details and product count first, then the products — page by page, or with a
 * bulk operation above `config.catalog.bulkThreshold` products (a bulk operation that cannot start
 * falls back to pages) — and products the platform no longer has are removed at the end.
 * products/update and products/delete webhooks and the periodic `updated_at` reconciliation keep it
 * current afterwards.
 *
 * A sync is a job of the job engine (queue `catalog.sync`, one job of a shop running at a time in
 * the cluster). Requesting one bumps the shop's sync generation (catalog_syncs.generation) in the
 * transaction that queues its job; every write of a sync (each page, each bulk batch, the end)
 * runs in a transaction that first locks the progress row and checks that generation, so a newer
 * sync supersedes an older one at its next write, and an older one never writes beside it. Each
 * page's end cursor is checkpointed with the page, each product seen is marked with the
 * generation: a try whose instance died (heartbeat) resumes on another instance at its cursor (a
 * bulk sync at its noted operation), and the end removes exactly the products no try saw.
 *
 * Progress is stored per shop in catalog_syncs (status, synced, total, started/finished), so every
 * instance answers the same "1,200 of 5,000". The platform's refusals (an Admin API error, a failed
 * bulk operation) fail the sync (the merchant may retry); anything else (the database, the
 * network) is retried by the job engine with backoff.
 */
export const SHOP_INFO_QUERY = `query CatalogShopInfo {
  shop { email currencyCode ianaTimezone }
  productsCount(limit: null) { count }
}`;

/** Product updates this close to a sync's start may be missed by it; the reconciliation asks again. */
export const RECONCILE_OVERLAP_MS = 2 * 60_000;

export const CATALOG_SYNC_QUEUE = 'catalog.sync';

export interface CatalogSync {
  /** Requests a full sync of the shop (superseding a running one); resolves when it has ended (never rejects). */
  start(shop: ShopRef): Promise<void>;
  /** Requests a full sync like start(), resolving once it is queued (its progress row says running). */
  begin(shop: ShopRef): Promise<void>;
  /**
   * Requests a full sync inside `trx` (a (re)install's token store): its generation and its job commit
   * with it. Needs the job engine running `catalog.sync` (the app in shopify mode); without it only
   * the progress row says running, until the next request.
   */
  requestIn(trx: Transaction<Database>, shop: ShopRef): Promise<number>;
  /** The sync this instance requested for the shop, until it ends on whichever instance runs it (tests, shutdown). */
  running(shopId: number): Promise<void> | undefined;
  /** The job's work: one try of a requested sync (the engine's worker of `catalog.sync`). */
  run(job: Pick<JobContext<JobData['catalog.sync']>, 'data' | 'retryCount' | 'retryLimit' | 'signal'>): Promise<void>;
  /** Stops waiting for syncs and ends running tries between pages (app close: their jobs are handed back). */
  stop(): Promise<void>;
}

/** The sync was superseded by a newer one (or the shop's row is gone): this try stops writing. */
class Superseded extends Error {
  constructor() {
    super('superseded by a newer catalog sync');
  }
}

/** The instance stops: the try ends between pages and its job is handed back. */
class Stopping extends Error {
  constructor() {
    super('the instance stops');
  }
}

export function createCatalogSync(ctx: PlatformContext, admin: AdminApi): CatalogSync {
  const { db } = ctx;
  const waits = new Map<number, Promise<void>>();
  const tries = new Set<Promise<void>>();
  let stopped = false;

  /** Runs `work` only while the shop's current sync is `generation` (the progress row locked meanwhile). */
  async function guarded<T>(
    shopId: number,
    generation: number,
    work: (trx: Transaction<Database>) => Promise<T>,
  ): Promise<T> {
    return db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('catalogSyncs')
        .select('generation')
        .where('shopId', '=', shopId)
        .where('generation', '=', generation)
        .where('status', '=', 'running')
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw new Superseded();
      return work(trx);
    });
  }

  /** A new generation of the shop's sync and its job, in `trx`. */
  async function requestIn(trx: Transaction<Database>, shop: ShopRef): Promise<number> {
    const now = ctx.now();
    const fresh = {
      status: 'running' as const,
      synced: 0,
      total: null,
      error: null,
      startedAt: now,
      finishedAt: null,
      updatedAt: now,
      cursor: null,
    };
    const jobs = jobsFor(db);
    const row = await trx
      .insertInto('catalogSyncs')
      .values({ shopId: shop.id, ...fresh, generation: 1 })
      .onConflict((oc) =>
        oc.column('shopId').doUpdateSet((eb) => ({ ...fresh, generation: eb('catalogSyncs.generation', '+', 1) })),
      )
      .returning('generation')
      .executeTakeFirstOrThrow();
    if (jobs?.handles(CATALOG_SYNC_QUEUE))
      await jobs.send(
        CATALOG_SYNC_QUEUE,
        { shopId: shop.id, domain: shop.domain, generation: row.generation },
        { trx, shopId: shop.id },
      );
    return row.generation;
  }

  /** Queues a sync of the shop: a new generation and its job, in one transaction. */
  async function request(shop: ShopRef): Promise<number> {
    const jobs = jobsFor(db);
    const generation = await db.transaction().execute((trx) => requestIn(trx, shop));
    // Without a job engine running syncs here (a script, a bare platform in tests): at once, in this process.
    if (!jobs?.handles(CATALOG_SYNC_QUEUE)) {
      const job = {
        data: { shopId: shop.id, domain: shop.domain, generation },
        retryCount: 0,
        retryLimit: 0,
        signal: new AbortController().signal,
      };
      const running = sync
        .run(job)
        .catch((error: unknown) =>
          ctx.log('warn', `catalog sync of ${shop.domain} failed: ${(error as Error)?.message ?? error}`),
        );
      tries.add(running);
      void running.finally(() => tries.delete(running));
    }
    return generation;
  }

  /** Resolves once the shop's sync `generation` is no longer running (done, failed or superseded), on any instance. */
  async function ended(shopId: number, generation: number): Promise<void> {
    let wait = 20;
    while (!stopped) {
      const row = await db
        .selectFrom('catalogSyncs')
        .select(['status', 'generation'])
        .where('shopId', '=', shopId)
        .executeTakeFirst();
      if (!row || row.generation !== generation || row.status !== 'running') return;
      await ctx.sleep(wait);
      wait = Math.min(1000, wait * 1.5);
    }
  }

  async function runTry(job: Parameters<CatalogSync['run']>[0]) {
    const { shopId, generation } = job.data;
    const shop: ShopRef = { id: shopId, domain: job.data.domain };
    const row = await db.selectFrom('catalogSyncs').selectAll().where('shopId', '=', shopId).executeTakeFirst();
    // Superseded while it waited, or ended: nothing to do.
    if (!row || row.generation !== generation || row.status !== 'running') return;
    const proceed = () => !stopped && !job.signal.aborted;
    const progress = (values: Record<string, unknown>) =>
      guarded(shopId, generation, (trx) =>
        trx
          .updateTable('catalogSyncs')
          .set({ ...values, updatedAt: ctx.now() })
          .where('shopId', '=', shopId)
          .execute(),
      );
    try {
      const info = await admin.graphql<{
        shop: { email: string; currencyCode: string; ianaTimezone: string };
        productsCount: { count: number } | null;
      }>(shop, SHOP_INFO_QUERY);
      await guarded(shopId, generation, (trx) =>
        trx
          .updateTable('shops')
          .set({ email: info.shop.email, currency: info.shop.currencyCode, timezone: info.shop.ianaTimezone })
          .where('id', '=', shopId)
          .execute(),
      );
      const total = info.productsCount?.count ?? null;
      // A resumed paged sync keeps reading pages (its cursor is theirs).
      let mode: CatalogSyncMode = row.cursor
        ? 'paged'
        : total !== null && total > ctx.config.catalog.bulkThreshold
          ? 'bulk'
          : 'paged';
      await progress({ total, mode });

      let complete = false;
      if (mode === 'bulk') {
        try {
          const seen = await readProductsInBulk(ctx, admin, shop, {
            resume: row.mode === 'bulk' ? row.bulkOperationId : null,
            proceed,
            write: (work) => guarded(shopId, generation, work),
            onOperation: async (id) => void (await progress({ bulkOperationId: id })),
            onProgress: async (written) => {
              await invalidateLooksList(db, shopId);
              await progress({ synced: written });
            },
          });
          if (seen) {
            for (let i = 0; i < seen.length; i += 1000) {
              const part = seen.slice(i, i + 1000);
              await guarded(shopId, generation, (trx) =>
                trx
                  .updateTable('catalogProducts')
                  .set({ syncGeneration: generation })
                  .where('shopId', '=', shopId)
                  .where('gid', 'in', part)
                  .execute(),
              );
            }
            complete = true;
          }
        } catch (error) {
          if (!(error instanceof BulkNotStartedError)) throw error;
          ctx.log('info', `catalog sync of ${shop.domain}: no bulk operation (${error.message}); reading page by page`);
          mode = 'paged';
          await progress({ mode, bulkOperationId: null });
        }
      }
      if (mode === 'paged') {
        // Each page, its marks and its checkpoint: one transaction of the current sync.
        ({ complete } = await writeProductPages(ctx, admin, shop, {
          after: row.cursor,
          proceed,
          transaction: (work) => guarded(shopId, generation, work),
          async withPage(trx, products, endCursor) {
            if (products.length) {
              const gids = products.map((p) => p.gid);
              await trx
                .updateTable('catalogProducts')
                .set({ syncGeneration: generation })
                .where('shopId', '=', shopId)
                .where('gid', 'in', gids)
                .execute();
            }
            await trx
              .updateTable('catalogSyncs')
              .set((eb) => ({ cursor: endCursor, synced: eb('synced', '+', products.length), updatedAt: ctx.now() }))
              .where('shopId', '=', shopId)
              .execute();
          },
        }));
      }
      // Stopped (the instance closes): the job is handed back and resumes at the checkpoint.
      if (!complete) throw new Stopping();

      // Gone from the platform (no try of this sync saw them): removed and remembered as deleted.
      await guarded(shopId, generation, async (trx) => {
        const gone = await trx
          .deleteFrom('catalogProducts')
          .where('shopId', '=', shopId)
          .where(sql<boolean>`sync_generation is distinct from ${generation}`)
          .returning('gid')
          .execute();
        if (gone.length) {
          await trx
            .insertInto('deletedProducts')
            .values(gone.map((g) => ({ shopId, gid: g.gid })))
            .onConflict((oc) => oc.doNothing())
            .execute();
        }
        const { n } = await trx
          .selectFrom('catalogProducts')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('shopId', '=', shopId)
          .executeTakeFirstOrThrow();
        await trx
          .updateTable('catalogSyncs')
          .set({
            status: 'done',
            synced: Number(n),
            total: Number(n),
            finishedAt: ctx.now(),
            updatedAt: ctx.now(),
            bulkOperationId: null,
            cursor: null,
            reconciledAt: new Date(row.startedAt.getTime() - RECONCILE_OVERLAP_MS),
          })
          .where('shopId', '=', shopId)
          .execute();
        // The catalog is complete: its readers (the storefront metafields) follow, with the sync's end (last: recordChange).
        await recordChange(db, shopId, { kind: 'catalogSynced', before: null, after: { synced: Number(n) } }, trx);
      });
      await invalidateLooksList(db, shopId);
    } catch (error) {
      if (error instanceof Superseded) {
        ctx.log('info', `catalog sync ${generation} of ${shop.domain} superseded by a newer one`);
        return;
      }
      if (error instanceof Stopping || job.signal.aborted) throw error;
      const platform = error instanceof AdminApiError || error instanceof BulkFailedError;
      const detail =
        error instanceof AdminApiError
          ? `${error.message}${error.detail ? `: ${error.detail}` : ''}`
          : String((error as Error)?.message ?? error);
      // The platform refused (final: the merchant may retry), or the last try failed: the sync failed.
      if (platform || job.retryCount >= job.retryLimit) {
        ctx.log('warn', `catalog sync of ${shop.domain} failed: ${detail}`);
        await progress({
          status: 'failed',
          error: detail.slice(0, 500),
          finishedAt: ctx.now(),
          bulkOperationId: null,
          cursor: null,
        }).catch(() => undefined);
        if (platform) return;
      }
      throw error;
    }
  }

  /** Requests a sync and keeps, for running(), the wait for its end. */
  function track(shop: ShopRef): { requested: Promise<number | undefined>; ended: Promise<void> } {
    const requested = request(shop).catch((error: unknown) => {
      ctx.log('warn', `catalog sync of ${shop.domain} could not be requested: ${(error as Error)?.message ?? error}`);
      return undefined;
    });
    const waiting: Promise<void> = requested
      .then((generation) => (generation === undefined ? undefined : ended(shop.id, generation)))
      .catch(() => undefined)
      .finally(() => {
        if (waits.get(shop.id) === waiting) waits.delete(shop.id);
      });
    waits.set(shop.id, waiting);
    return { requested, ended: waiting };
  }

  const sync: CatalogSync = {
    start: (shop) => track(shop).ended,
    async begin(shop) {
      await track(shop).requested;
    },
    requestIn,
    running: (shopId) => waits.get(shopId),
    async run(job) {
      const running = runTry(job);
      tries.add(running);
      try {
        await running;
      } finally {
        tries.delete(running);
      }
    },
    async stop() {
      stopped = true;
      await Promise.allSettled([...tries, ...waits.values()]);
    },
  };
  return sync;
}
