import type { FastifyInstance } from 'fastify';
import { yup } from '../../src/contracts/validation';
import { pathId, pathParams, type YupTypeProvider } from '../http/validate';
import { decideCharge, getChargeForConfirmation } from '../services/billing/charges';
import { renderConfirmationPage } from '../services/billing/chargePage';

/**
 * Standalone mode only: the approve/decline page the platform would show for
 * a charge (app subscription or one-time purchase). Public; the secret token
 * in the URL stands for the merchant's platform session.
 */
/** The input of the confirmation page, declared once; a bad charge id is no page (404). */
const schemas = {
  chargeParams: pathParams({ id: pathId() }),
  confirmQuery: yup.object({ token: yup.string().max(200).default('') }),
  decideBody: yup.object({ token: yup.string().max(200).default(''), decision: yup.string().max(20).default('') }),
};

export default async function chargeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db, config, now } = app.deps;
  if (config.appMode !== 'standalone') return;

  // The confirmation page posts a plain HTML form (this plugin only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );

  app.get(
    '/charges/:id/confirm',
    { schema: { params: schemas.chargeParams, querystring: schemas.confirmQuery } },
    async (req, reply) => {
      const charge = await getChargeForConfirmation(db, req.params.id, req.query.token);
      const shop = await db
        .selectFrom('shops')
        .select(['domain', 'locale'])
        .where('id', '=', charge.shopId)
        .executeTakeFirstOrThrow();
      reply.header('Cache-Control', 'no-store');
      reply.header(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      );
      return reply.type('text/html').send(renderConfirmationPage(charge, shop, req.query.token));
    },
  );

  app.post(
    '/charges/:id/decide',
    { schema: { params: schemas.chargeParams, body: schemas.decideBody } },
    async (req, reply) => {
      const charge = await getChargeForConfirmation(db, req.params.id, req.body.token);
      const target = await decideCharge(db, charge, req.body.decision === 'approve', now());
      return reply.redirect(target, 303);
    },
  );
}
