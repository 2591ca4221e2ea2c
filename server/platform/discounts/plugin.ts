import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { listenToLookDiscounts } from '../../services/looks/discountListener';
import { createBundleDiscountSync, type BundleDiscountSync } from './bundleDiscounts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The look bundle discount sync (APP_MODE=shopify); null standalone, where no platform is called. */
    bundleDiscounts: BundleDiscountSync | null;
  }
}

/** Listens to look changes and keeps the shop's bundle discount on the platform in step; stops on close. */
export const bundleDiscountsPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, config, now } = app.deps;
    if (config.appMode !== 'shopify') {
      app.decorate('bundleDiscounts', null);
      return;
    }
    const sync = createBundleDiscountSync({ db, admin: app.platform.admin, now, log: (level, message) => app.log[level](message) });
    const unlisten = listenToLookDiscounts(db, sync);
    // A reinstall writes the shop's bundle discounts anew (the platform may have dropped them with the app).
    const unlistenInstalls = app.platform.lifecycle.onInstalled((shop) => sync.sync(shop.id));
    app.decorate('bundleDiscounts', sync);
    app.addHook('onClose', async () => {
      unlisten();
      unlistenInstalls();
      await sync.stop();
    });
  },
  { name: 'bundle-discounts' },
);
