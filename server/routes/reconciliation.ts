import type { FastifyInstance } from 'fastify';
import { adminRoute } from '../http/adminRoute';
import { conflict } from '../http/errors';
import { getReconciliation } from '../services/analytics/reconciliation';

/**
 * GET /reconciliation: when the shop's attributed orders last agreed with Shopify's;
 * POST /reconciliation: reconcile now (the `orders.reconcile` job, one at a time per shop; a second
 * request while one waits joins it). Where no instance reconciles (standalone: no platform) 409.
 */
export default async function reconciliationRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  const available = () => app.jobs.handles('orders.reconcile');

  adminRoute(app, 'GET /reconciliation', async (req) => getReconciliation(db, req.shop.id, available()));

  adminRoute(app, 'POST /reconciliation', async (req, reply) => {
    if (!available()) throw conflict('Analytics.reconciliation.unavailable', 'reconciliation_unavailable');
    await app.jobs.send('orders.reconcile', { shopId: req.shop.id }, { shopId: req.shop.id });
    return reply.status(202).send(await getReconciliation(db, req.shop.id, true));
  });
}
