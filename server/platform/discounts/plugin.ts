import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createBundleDiscountSync, type BundleDiscountSync } from './bundleDiscounts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The look bundle discount sync (APP_MODE=shopify); null standalone, where no platform is called. */
    bundleDiscounts: BundleDiscountSync | null;
  }
}

/** Runs the shop bundle discount syncs that look changes queue (queue `discount.sync`), and one after a reinstall. */
export const bundleDiscountsPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, config, now } = app.deps;
    if (config.appMode !== 'shopify') {
      app.decorate('bundleDiscounts', null);
      return;
    }
    const sync = createBundleDiscountSync({ db, jobs: app.jobs, admin: app.platform.admin, now, log: (level, message) => app.log[level](message) });
    await app.jobs.work('discount.sync', ({ data }) => sync.reconcile(data.shopId));
    // A reinstall writes the shop's bundle discounts anew (the platform may have dropped them with the app).
    const unlistenInstalls = app.platform.lifecycle.onInstalled(async (shop) => void (await app.jobs.send('discount.sync', { shopId: shop.id }, { shopId: shop.id })));
    app.decorate('bundleDiscounts', sync);
    app.addHook('onClose', async () => unlistenInstalls());
  },
  { name: 'bundle-discounts' },
);
