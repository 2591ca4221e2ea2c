import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db';
import { createShopifyApi, type PlatformLog } from './shopifyApi';
import { createAccessTokens, type AccessTokens } from './accessTokens';
import { createAdminApi, type AdminApi } from './adminApi';
import { createCatalogSync, type CatalogSync } from './catalogSync';
import type { PlatformContext } from './context';

/** The Shopify side of the app: the token store, the Admin GraphQL API and the catalog sync. */
export interface Platform {
  tokens: AccessTokens;
  admin: AdminApi;
  catalogSync: CatalogSync;
}

export interface PlatformDeps {
  db: Db;
  config: Config;
  now?: () => Date;
  log?: PlatformLog;
  sleep?: (ms: number) => Promise<void>;
}

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
  // The first catalog sync starts right after a shop's token exchange, in the background.
  let catalogSync: CatalogSync | undefined;
  const tokens = createAccessTokens(ctx, { onExchanged: (shop) => void catalogSync?.start(shop) });
  const admin = createAdminApi(ctx, tokens);
  catalogSync = createCatalogSync(ctx, admin);
  return { tokens, admin, catalogSync };
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
  app.addHook('onClose', async () => platform.catalogSync.stop());
});
