import type { FastifyInstance } from 'fastify';
import { adminRoute } from '../http/adminRoute';
import { getCatalogSyncState, searchCatalog } from '../services/shop/catalog';

/**
 * The shop's product catalog (variants and archived excluded): the seeded demo catalog in
 * standalone mode, the shop's own products synced from the Admin API in shopify mode.
 */
export default async function catalogRoutes(app: FastifyInstance) {
  const { db, config, now } = app.deps;
  adminRoute(app, 'GET /catalog/products', async (req) => ({
    data: await searchCatalog(db, req.shop.id, req.query.query, req.query.limit),
  }));

  // How far the catalog sync is ({ status, synced, total, first, startedAt, finishedAt }): "1,200 of 5,000 products".
  adminRoute(app, 'GET /catalog/sync', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return getCatalogSyncState(db, req.shop.id, now());
  });

  // Syncs the catalog again (the merchant's retry after a failed sync); answers the state. A sync
  // already running (here or on another instance) is left to finish. Standalone: nothing to sync.
  adminRoute(app, 'POST /catalog/sync', async (req, reply) => {
    reply.header('Cache-Control', 'no-store');
    if (config.appMode === 'shopify') {
      const state = await getCatalogSyncState(db, req.shop.id, now());
      if (state.status !== 'running') await app.platform.catalogSync.begin(req.shop);
    }
    return reply.status(202).send(await getCatalogSyncState(db, req.shop.id, now()));
  });
}
