import { recordChange } from '../services/changes/outbox';
import { AdminApiError, type AdminApi } from './adminApi';
import { writeProductPages } from './catalogProducts';
import { RECONCILE_OVERLAP_MS } from './catalogSync';
import type { PlatformContext, ShopRef } from './context';

/**
 * The periodic `updated_at` reconciliation (APP_MODE=shopify): every `config.catalog.reconcileMinutes`
 * the products each installed shop changed since its catalog was last known complete
 * (`products(query: "updated_at:>'…'")`) are written into the catalog — what a lost or late
 * products/update webhook missed. A cron job of the cluster (`catalog.reconcile`): one instance runs
 * each round; a round whose instance stops is retried by the job engine on another one.
 * Shops without a token (uninstalled) and shops whose first sync has not finished are skipped;
 * THROTTLED answers wait for the bucket (the Admin API client), and a shop still throttled after
 * that is left for the next round. (A full sync whose instance died is resumed by the job engine:
 * catalogSync.ts.) A stopping instance ends its round between shops.
 */

export interface CatalogReconciler {
  /** One round over the installed shops (the job's work); resolves the shops reconciled. */
  runOnce(): Promise<number[]>;
  /** No new rounds; waits for the running one. */
  stop(): Promise<void>;
}

/** The cron expression of a round every `minutes` (1 minute to a week, CATALOG_RECONCILE_MINUTES). */
export function reconcileCron(minutes: number): string {
  if (minutes < 60) return `*/${minutes} * * * *`;
  const hours = Math.max(1, Math.round(minutes / 60));
  return hours < 24 ? `0 */${hours} * * *` : `0 0 */${Math.max(1, Math.round(hours / 24))} * *`;
}

export function createCatalogReconciler(ctx: PlatformContext, admin: AdminApi): CatalogReconciler {
  const { db } = ctx;
  let round: Promise<number[]> | undefined;
  let stopped = false;

  async function reconcileShop(shop: ShopRef, since: Date) {
    const startedAt = ctx.now();
    const query = `updated_at:>'${new Date(since.getTime() - RECONCILE_OVERLAP_MS).toISOString()}'`;
    const { complete, written: changed } = await writeProductPages(ctx, admin, shop, {
      query,
      sortKey: 'UPDATED_AT',
      proceed: () => !stopped,
      // A product the platform describes exists (again).
      revive: true,
      // The looks showing them show their new data on the storefront: recorded with the page.
      async withPage(trx, products) {
        if (products.length)
          await recordChange(
            db,
            shop.id,
            { kind: 'catalogProductsChanged', before: null, after: { gids: products.map((p) => p.gid) } },
            trx,
          );
      },
    });
    if (!complete) return;
    // Only while no full sync started meanwhile (it sets its own mark when it finishes).
    await db
      .updateTable('catalogSyncs')
      .set({ reconciledAt: startedAt })
      .where('shopId', '=', shop.id)
      .where('status', '=', 'done')
      .execute();
    if (changed)
      ctx.log(
        'info',
        `catalog reconciliation of ${shop.domain}: ${changed} products changed since ${since.toISOString()}`,
      );
  }

  async function roundOnce(): Promise<number[]> {
    if (stopped) return [];
    const shops = await db
      .selectFrom('shops')
      .innerJoin('accessTokens', 'accessTokens.shopId', 'shops.id')
      .innerJoin('catalogSyncs', 'catalogSyncs.shopId', 'shops.id')
      .select(['shops.id', 'shops.domain', 'catalogSyncs.reconciledAt'])
      .where('shops.installedAt', 'is not', null)
      .where('catalogSyncs.status', '=', 'done')
      .where('catalogSyncs.reconciledAt', 'is not', null)
      .orderBy('shops.id')
      .execute();
    const done: number[] = [];
    for (const shop of shops) {
      // Renewed before each shop; lost (another instance took over after an expiry): stop.
      if (stopped) break;
      try {
        await reconcileShop({ id: shop.id, domain: shop.domain }, shop.reconciledAt!);
        done.push(shop.id);
      } catch (error) {
        // Uninstalled meanwhile (no token), still THROTTLED after the back-off, or down: the next round.
        const detail =
          error instanceof AdminApiError
            ? `${error.code}${error.graphqlCodes.length ? ` ${error.graphqlCodes.join(',')}` : ''}`
            : String((error as Error)?.message ?? error);
        ctx.log('warn', `catalog reconciliation of ${shop.domain} left for the next round: ${detail}`);
      }
    }
    return done;
  }

  return {
    runOnce() {
      if (!round) round = roundOnce().finally(() => (round = undefined));
      return round;
    },
    async stop() {
      stopped = true;
      await round?.catch(() => undefined);
    },
  };
}
