import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import { createShopifyApi, type PlatformLog } from './shopifyApi';
import { createAccessTokens, type AccessTokens } from './accessTokens';
import { createAdminApi, type AdminApi } from './adminApi';
import { CATALOG_SYNC_QUEUE, createCatalogSync, type CatalogSync } from './catalogSync';
import { createCatalogReconciler, reconcileCron, type CatalogReconciler } from './catalogReconcile';
import { createLifecycle, type PlatformLifecycle } from './lifecycle';
import { createShopPlans, type ShopPlans } from './shopPlan';
import { installedShop } from './installedShops';
import { createOrderWebhooks, ORDER_WEBHOOKS_QUEUE, sweepCron, type OrderWebhooks } from './orderWebhooks';
import { createOrderReconciler, type OrderReconciler } from './orderReconcile';
import { sendFlowTrigger } from './flow/flowTriggerReceive';
import { checkConversionDrops } from '../services/flow/conversionDrop';
import { sendLookItemSoldOut } from '../services/flow/flowEvents';
import { listenToLookItemSoldOut } from '../services/looks/stock';
import type { PlatformContext } from './context';
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
  /** A (re)install and a finished catalog sync, for whatever has to follow them (see lifecycle.ts). */
  lifecycle: PlatformLifecycle;
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
  const lifecycle = createLifecycle(log);
  const tokens = createAccessTokens(ctx, { onExchanged: (shop) => lifecycle.installed(shop) });
  const admin = createAdminApi(ctx, tokens);
  const catalogSync = createCatalogSync(ctx, admin, lifecycle);
  // A (re)install's token exchange syncs the whole catalog anew, in the background.
  lifecycle.onInstalled((shop) => catalogSync.start(shop));
  const catalogReconciler = createCatalogReconciler(ctx, admin);
  // … and reads the shop's plan anew (it may have changed while the app was not installed).
  const shopPlans = createShopPlans(ctx, admin);
  lifecycle.onInstalled(async (shop) => void (await shopPlans.refresh(shop)));
  // … and keeps a Lifetime purchase the platform still reports (the uninstall moved the shop to free).
  lifecycle.onInstalled(async (shop) => {
    const row = await findShopByDomain(ctx.db, shop.domain);
    if (row && (await restoreLifetime({ db: ctx.db, now: ctx.now }, platformBillingFor(admin), row)))
      log('info', `the Lifetime plan of ${shop.domain} was restored`);
  });
  // … and subscribes the order topics (not in shopify.app.toml: protected customer data).
  const orderWebhooks = createOrderWebhooks(ctx, admin);
  lifecycle.onInstalled(async (shop) => void (await orderWebhooks.ensure(shop)));
  const orderReconciler = createOrderReconciler(ctx, admin);
  return {
    tokens,
    admin,
    catalogSync,
    catalogReconciler,
    lifecycle,
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
    // Shopify Flow triggers, queued with their events (services/flow/flowEvents.ts) and sent here.
    await app.jobs.work('flow.trigger', async ({ data }) => {
      const shop = await installedShop(db, data.shopId);
      if (shop) await sendFlowTrigger(platform.context, platform.admin, shop, data.handle, data.payload);
    });
    // "Look item sold out": the stock code's sold-out hook queues the trigger (only for shops using it),
    // in the stock change's transaction.
    const stopSoldOut = listenToLookItemSoldOut(db, (event) =>
      sendLookItemSoldOut(
        db,
        config,
        event.shop.id,
        { lookId: event.look.id, productGid: event.item.itemId },
        event.trx,
      ).then(
        () => undefined,
        (error: unknown) =>
          app.log.warn(
            { err: error, shop: event.shop.domain, lookId: event.look.id },
            'the "Look item sold out" Flow trigger was not queued',
          ),
      ),
    );
    app.addHook('onClose', async () => stopSoldOut());
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
  app.addHook('onClose', async () => {
    await platform.lifecycle.idle();
  });
});
