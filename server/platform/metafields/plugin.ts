import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { fileUrls } from '../../storage';
import {
  createStorefrontMetafieldSync,
  STOREFRONT_METAFIELDS_QUEUE,
  type StorefrontMetafieldOptions,
  type StorefrontMetafieldSync,
} from './storefrontMetafields';

declare module 'fastify' {
  interface FastifyInstance {
    /** The storefront metafield writer (APP_MODE=shopify); null standalone, where nothing is written. */
    storefrontMetafields: StorefrontMetafieldSync | null;
  }
}

export interface StorefrontMetafieldsPluginOptions {
  /** Timing knobs (tests lengthen the debounce and flush by hand). */
  options?: Partial<StorefrontMetafieldOptions>;
}

/**
 * Runs the storefront metafield writer's jobs (queue `storefront.metafields`, a reader of the change
 * outbox: looks, layout, settings, booster, catalog products, installs and finished catalog syncs).
 */
export const storefrontMetafieldsPlugin = fp<StorefrontMetafieldsPluginOptions>(
  async (app: FastifyInstance, opts) => {
    const { db, config } = app.deps;
    if (config.appMode !== 'shopify') {
      app.decorate('storefrontMetafields', null);
      return;
    }
    const sync = createStorefrontMetafieldSync({
      db,
      jobs: app.jobs,
      files: fileUrls(config),
      admin: app.platform.admin,
      log: (level, message) => app.log[level](message),
      options: opts.options,
    });
    await app.jobs.work(STOREFRONT_METAFIELDS_QUEUE, ({ data }) => sync.write(data.shopId, data.now));
    app.decorate('storefrontMetafields', sync);
  },
  { name: 'storefront-metafields' },
);
