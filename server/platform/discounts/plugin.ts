import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createBundleDiscountSync, type BundleDiscountSync } from './bundleDiscounts';
import { BUNDLE_DISCOUNTS_QUEUE, syncBundlesFromChanges } from './bundleChanges';

declare module 'fastify' {
  interface FastifyInstance {
    /** The look bundle discount sync (APP_MODE=shopify); null standalone, where no platform is called. */
    bundleDiscounts: BundleDiscountSync | null;
  }
}

/** Runs the shop bundle discount syncs (queue `discount.sync`, a reader of the change outbox: looks, booster, settings, installs). */
export const bundleDiscountsPlugin = fp(
  async (app: FastifyInstance) => {
    const { db, config, now } = app.deps;
    if (config.appMode !== 'shopify') {
      app.decorate('bundleDiscounts', null);
      return;
    }
    const sync = createBundleDiscountSync({
      db,
      jobs: app.jobs,
      admin: app.platform.admin,
      now,
      log: (level, message) => app.log[level](message),
    });
    await app.jobs.work(BUNDLE_DISCOUNTS_QUEUE, ({ data }) =>
      syncBundlesFromChanges(db, sync, data.shopId, data.force),
    );
    app.decorate('bundleDiscounts', sync);
  },
  { name: 'bundle-discounts' },
);
