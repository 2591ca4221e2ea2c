import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import { createShopifyApi, type PlatformLog } from './shopifyApi';
import { createAccessTokens, type AccessTokens } from './accessTokens';
import { createAdminApi, type AdminApi } from './adminApi';
import { CATALOG_SYNC_QUEUE, createCatalogSync, type CatalogSync } from './catalogSync';
import { createCatalogReconciler, reconcileCron, type CatalogReconciler } from './catalogReconcile';
import { createLifecycle, SHOP_INSTALLED_QUEUE, type PlatformLifecycle } from './lifecycle';
import { createShopPlans, type ShopPlans } from './shopPlan';
import { installedShop } from './installedShops';
import { createOrderWebhooks, ORDER_WEBHOOKS_QUEUE, sweepCron, type OrderWebhooks } from './orderWebhooks';
import { createOrderReconciler, type OrderReconciler } from './orderReconcile';
import { sendFlowTrigger } from './flow/flowTriggerReceive';
import { checkConversionDrops } from '../services/flow/conversionDrop';
import { LOOK_ITEM_SOLD_OUT_QUEUE, queueSoldOutTriggers } from './flow/lookItemSoldOut';
import type { PlatformContext, ShopRef } from './context';
import { findShopByDomain } from '../services/shop/shops';
import { platformBillingFor } from '../services/billing/platformBilling';
import { restoreLifetime } from '../services/billing/lifetimeRestore';

/** The Shopify side of the app: the token store, the Admin GraphQL API and the catalog sync. */
export interface Platform {
  tokens: AccessTokens;
  admin: AdminApi;
  catalogSync: CatalogSync;
  /** The periodic `updated_at` reconciliation of the installed shops' catalogs (a cron job of the cluster). */
  catalogReconciler: CatalogReconciler;
  /** A (re)install, recorded with its token for whatever has to follow it (see lifecycle.ts). */
  lifecycle: PlatformLifecycle;
  /** The `shop.installed` job's work: the plan, a Lifetime purchase, the order topics (each idempotent). */
  afterInstall(shop: ShopRef): Promise<void>;
  /** The shop's plan: may it use checkout UI extensions (cached on the shop, see shopPlan.ts). */
  shopPlans: ShopPlans;
  /** orders/create and orders/paid, subscribed per shop once the protected customer data access allows (orderWebhooks.ts). */
  orderWebhooks: OrderWebhooks;
  /** Attributed orders reconciled with the platform's (daily and on demand, orderReconcile.ts). */
  orderReconciler: OrderReconciler;
  /** What the platform side works with (jobs registered on the engine use it). */
  context: PlatformContext;
}

export interface PlatformDeps {
  db: Db;
  config: Config;
  now?: () => Date;
  log?: PlatformLog;
  sleep?: (ms: number) => Promise<void>;
}

/** The daily order reconciliation round (03:30 UTC) and the weekly conversion check (Mondays 06:00 UTC). */
export const ORDERS_RECONCILE_CRON = '30 3 * * *';
export const CONVERSION_DROP_CRON = '0 6 * * 1';

export function createPlatform(deps: PlatformDeps): Platform {
  const log = deps.log ?? (() => undefined);
  const ctx: PlatformContext = {
    db: deps.db,
    config: deps.config,
    now: deps.now ?? (() => new Date()),
    shopify: createShopifyApi(deps.config, log),
    log,
    sleep: deps.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))),
  };
  // A (re)install's token exchange records the install in the transaction that stores the token.
  const tokens = createAccessTokens(ctx, { installed: (trx, shop) => lifecycle.installed(trx, shop) });
  const admin = createAdminApi(ctx, tokens);
  const catalogSync = createCatalogSync(ctx, admin);
  // It syncs the whole catalog anew (requested in that transaction)…
  const lifecycle = createLifecycle(ctx.db, catalogSync);
  const catalogReconciler = createCatalogReconciler(ctx, admin);
  const shopPlans = createShopPlans(ctx, admin);
  const orderWebhooks = createOrderWebhooks(ctx, admin);
  // …and its job reads the shop's plan anew (it may have changed while the app was not installed), keeps
  // a Lifetime purchase the platform still reports (the uninstall moved the shop to free) and subscribes
  // the order topics (not in shopify.app.toml: protected customer data). One failing does not keep the
  // others from running; the job is retried (all three again: each is idempotent).
  async function afterInstall(shop: ShopRef): Promise<void> {
    const steps: Array<[string, () => Promise<unknown>]> = [
      ['plan', () => shopPlans.refresh(shop)],
      [
        'lifetime',
        async () => {
          const row = await findShopByDomain(ctx.db, shop.domain);
          if (row && (await restoreLifetime({ db: ctx.db, now: ctx.now }, platformBillingFor(admin), row)))
            log('info', `the Lifetime plan of ${shop.domain} was restored`);
        },
      ],
      ['order topics', () => orderWebhooks.ensure(shop)],
    ];
    const results = await Promise.allSettled(steps.map(([, step]) => step()));
    const failed = results.flatMap((r, i) =>
      r.status === 'rejected' ? [`${steps[i][0]}: ${String((r.reason as Error)?.message ?? r.reason)}`] : [],
    );
    if (failed.length) throw new Error(`after the install of ${shop.domain}: ${failed.join('; ')}`);
  }
  const orderReconciler = createOrderReconciler(ctx, admin);
  return {
    tokens,
    admin,
    catalogSync,
    catalogReconciler,
    lifecycle,
    afterInstall,
    shopPlans,
    orderWebhooks,
    orderReconciler,
    context: ctx,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
}

/** Decorates the app with `app.platform`; background syncs stop on close. */
export const platformPlugin = fp(async (app: FastifyInstance) => {
  const { db, config, now } = app.deps;
  const platform = createPlatform({
    db,
    config,
    now,
    log: (level, message) => app.log[level](message),
  });
  app.decorate('platform', platform);
  // Only with a platform to ask (the standalone demo's catalog is seeded): one reconcile round every
  // CATALOG_RECONCILE_MINUTES, sent by one instance of the cluster and run by one.
  // Full catalog syncs are jobs (one shop at a time, resumed after a crash), the order-webhook sweep
  // a cron job like the reconciliation.
  if (config.appMode === 'shopify') {
    await app.jobs.work(CATALOG_SYNC_QUEUE, (job) => platform.catalogSync.run(job));
    await app.jobs.work('catalog.reconcile', async () => void (await platform.catalogReconciler.runOnce()));
    await app.jobs.schedule('catalog.reconcile', reconcileCron(config.catalog.reconcileMinutes), {});
    await app.jobs.work(ORDER_WEBHOOKS_QUEUE, async () => void (await platform.orderWebhooks.runOnce()));
    await app.jobs.schedule(ORDER_WEBHOOKS_QUEUE, sweepCron(), {});
    // What follows a (re)install (queued with its token, lifecycle.ts).
    await app.jobs.work(SHOP_INSTALLED_QUEUE, async ({ data }) => {
      const shop = await installedShop(db, data.shopId);
      if (shop) await platform.afterInstall(shop);
    });
    // Shopify Flow triggers, queued with their events (services/flow/flowEvents.ts) and sent here.
    await app.jobs.work('flow.trigger', async ({ data }) => {
      const shop = await installedShop(db, data.shopId);
      if (shop) await sendFlowTrigger(platform.context, platform.admin, shop, data.handle, data.payload);
    });
    // "Look item sold out": a reader of the change outbox (the stock write records the sold-out items).
    await app.jobs.work(LOOK_ITEM_SOLD_OUT_QUEUE, async ({ data }) => {
      const queued = await queueSoldOutTriggers(db, config, data.shopId);
      if (queued) app.log.info({ shopId: data.shopId, queued }, '"Look item sold out" Flow triggers queued');
    });
    await app.jobs.work('flow.conversionDrop', async () => {
      const queued = await checkConversionDrops(db, now());
      if (queued) app.log.info(`look conversion drops: ${queued} Flow triggers queued`);
    });
    await app.jobs.schedule('flow.conversionDrop', CONVERSION_DROP_CRON, {});
    // The reconciliation of attributed orders: one job a shop, daily for every installed shop, and on demand.
    await app.jobs.work('orders.reconcile', async ({ data }) => {
      const shop = await installedShop(db, data.shopId);
      if (shop) await platform.orderReconciler.reconcileShop(shop);
    });
    await app.jobs.work('orders.reconcileAll', async () => {
      for (const shop of await platform.orderReconciler.installedShops())
        await app.jobs.send('orders.reconcile', { shopId: shop.id }, { shopId: shop.id });
    });
    await app.jobs.schedule('orders.reconcileAll', ORDERS_RECONCILE_CRON, {});
  }
  // Before the job engine stops (onClose): running tries end between pages and are handed back.
  app.addHook('preClose', async () => {
    await platform.catalogReconciler.stop();
    await platform.orderWebhooks.stop();
    await platform.catalogSync.stop();
  });
});
