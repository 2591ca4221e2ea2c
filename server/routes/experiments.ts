import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/contracts/api';
import type { ExperimentUpdateInput } from '../../src/contracts/experiments';
import { adminRoute } from '../http/adminRoute';
import {
  applyExperimentVariant,
  createExperiment,
  listExperiments,
  updateExperiment,
} from '../services/analytics/experiments';

export const EXPERIMENTS_PATH = `${API_PREFIX}/experiments`;

/** A/B tests of looks (issue 16): list with results, create, edit/start/stop, apply the winner. */
export default async function experimentRoutes(app: FastifyInstance) {
  const { db, now } = app.deps;

  adminRoute(app, 'GET /experiments', async (req) => listExperiments(db, req.shop.id, req.query.lookId));

  adminRoute(app, 'POST /experiments', async (req, reply) =>
    reply.status(201).send(await createExperiment(db, req.shop.id, req.body)),
  );

  adminRoute(app, 'PATCH /experiments/:id', async (req) =>
    updateExperiment(db, req.shop.id, req.params.id, req.body as ExperimentUpdateInput, now()),
  );

  adminRoute(app, 'POST /experiments/:id/apply', async (req) =>
    applyExperimentVariant(db, req.shop.id, req.params.id, req.body.variantId, now()),
  );
}
