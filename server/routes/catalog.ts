import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/contracts/api';
import { catalogQuerySchema } from '../../src/contracts/catalog';
import type { YupTypeProvider } from '../http/validate';
import { getCatalogSyncState, searchCatalog } from '../services/shop/catalog';

/**
 * The shop's product catalog (variants and archived excluded): the seeded demo catalog in
 * standalone mode, the shop's own products synced from the Admin API in shopify mode.
 */
export default async function catalogRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  app.withTypeProvider<YupTypeProvider>().get(`${API_PREFIX}/catalog/products`, { schema: { querystring: catalogQuerySchema } }, async (req) => ({
    data: await searchCatalog(db, req.shop.id, req.query.query, req.query.limit),
  }));

  // How far the catalog sync is ({ status, synced, total }): "1,200 of 5,000 products".
  app.get(`${API_PREFIX}/catalog/sync`, async (req) => getCatalogSyncState(db, req.shop.id));
}
