import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/contracts/api';
import type { ExperimentUpdateInput } from '../../src/contracts/experiments';
import {
  experimentCreateSchema,
  experimentListQuerySchema,
  experimentParamsSchema,
  experimentUpdateSchema,
} from '../../src/contracts/experiments.schema';
import { yup } from '../../src/contracts/validation';
import type { YupTypeProvider } from '../http/validate';
import { applyExperimentVariant, createExperiment, listExperiments, updateExperiment } from '../services/analytics/experiments';

export const EXPERIMENTS_PATH = `${API_PREFIX}/experiments`;

const applySchema = yup.object({ variantId: yup.number().integer().min(1).max(2_147_483_647).required() }).noUnknown();

/** A/B tests of looks (issue 16): list with results, create, edit/start/stop, apply the winner. */
export default async function experimentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db, now } = app.deps;

  app.get(EXPERIMENTS_PATH, { schema: { querystring: experimentListQuerySchema } }, async (req) => listExperiments(db, req.shop.id, req.query.lookId));

  app.post(EXPERIMENTS_PATH, { schema: { body: experimentCreateSchema } }, async (req, reply) =>
    reply.status(201).send(await createExperiment(db, req.shop.id, req.body)),
  );

  app.patch(`${EXPERIMENTS_PATH}/:id`, { schema: { params: experimentParamsSchema, body: experimentUpdateSchema } }, async (req) =>
    updateExperiment(db, req.shop.id, req.params.id, req.body as ExperimentUpdateInput, now()),
  );

  app.post(`${EXPERIMENTS_PATH}/:id/apply`, { schema: { params: experimentParamsSchema, body: applySchema } }, async (req) =>
    applyExperimentVariant(db, req.shop.id, req.params.id, req.body.variantId, now()),
  );
}
