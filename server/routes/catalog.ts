import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/contracts/api';
import { getCatalogSyncState, searchCatalog } from '../services/shop/catalog';

/**
 * The shop's product catalog (variants and archived excluded): the seeded demo catalog in
 * standalone mode, the shop's own products synced from the Admin API in shopify mode.
 */
export default async function catalogRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  app.get<{ Querystring: { query?: string; limit?: string } }>(`${API_PREFIX}/catalog/products`, async (req) => {
    const limit = Math.min(Math.max(Number(req.query.limit) || 50, 1), 100);
    return { data: await searchCatalog(db, req.shop.id, String(req.query.query ?? '').slice(0, 200), limit) };
  });

  // How far the catalog sync is ({ status, synced, total }): "1,200 of 5,000 products".
  app.get(`${API_PREFIX}/catalog/sync`, async (req) => getCatalogSyncState(db, req.shop.id));
}
