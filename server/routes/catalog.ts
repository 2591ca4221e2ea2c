import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/contracts/api';
import { searchCatalog } from '../services/shop/catalog';

/** The shop's product catalog, read by the standalone product picker (variants and archived excluded). */
export default async function catalogRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  app.get<{ Querystring: { query?: string; limit?: string } }>(`${API_PREFIX}/catalog/products`, async (req) => {
    const limit = Math.min(Math.max(Number(req.query.limit) || 50, 1), 100);
    return { data: await searchCatalog(db, req.shop.id, String(req.query.query ?? '').slice(0, 200), limit) };
  });
}
