import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { listenToStorefrontChanges } from '../../services/storefront/changes';
import { fileUrls } from '../../storage';
import { createStorefrontMetafieldSync, type StorefrontMetafieldOptions, type StorefrontMetafieldSync } from './storefrontMetafields';

declare module 'fastify' {
  interface FastifyInstance {
    /** The storefront metafield writer (APP_MODE=shopify); null standalone, where nothing is written. */
    storefrontMetafields: StorefrontMetafieldSync | null;
  }
}

export interface StorefrontMetafieldsPluginOptions {
  /** Timing knobs (tests shorten the debounce and turn the sweep timer off). */
  options?: Partial<StorefrontMetafieldOptions>;
}

/**
 * Listens to storefront changes (looks, layout, settings, booster, catalog products) and writes the
 * shop's storefront metafields; a (re)install and a finished catalog sync write them all. Marks left
 * by a crash are written once the app is ready. Stops on close.
 */
export const storefrontMetafieldsPlugin = fp<StorefrontMetafieldsPluginOptions>(
  async (app: FastifyInstance, opts) => {
    const { db, config } = app.deps;
    if (config.appMode !== 'shopify') {
      app.decorate('storefrontMetafields', null);
      return;
    }
    const sync = createStorefrontMetafieldSync({ db, files: fileUrls(config), admin: app.platform.admin, log: (level, message) => app.log[level](message), options: opts.options });
    const unlisten = listenToStorefrontChanges(db, sync);
    const unlistenInstalls = app.platform.lifecycle.onInstalled((shop) => sync.writeAll(shop));
    const unlistenSyncs = app.platform.lifecycle.onCatalogSynced((shop) => sync.writeAll(shop));
    app.decorate('storefrontMetafields', sync);
    app.addHook('onReady', async () => {
      sync.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'storefront metafield sweep failed'));
    });
    app.addHook('onClose', async () => {
      unlisten();
      unlistenInstalls();
      unlistenSyncs();
      await sync.stop();
    });
  },
  { name: 'storefront-metafields' },
);
