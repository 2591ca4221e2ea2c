import type { FastifyInstance } from 'fastify';
import { decideCharge, getChargeForConfirmation } from '../services/billing/charges';
import { renderConfirmationPage } from '../services/billing/chargePage';

/**
 * Standalone mode only: the approve/decline page the platform would show for
 * a charge (app subscription or one-time purchase). Public; the secret token
 * in the URL stands for the merchant's platform session.
 */
export default async function chargeRoutes(app: FastifyInstance) {
  const { db, config, now } = app.deps;
  if (config.appMode !== 'standalone') return;

  // The confirmation page posts a plain HTML form (this plugin only).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get<{ Params: { id: string }; Querystring: { token?: string } }>('/charges/:id/confirm', async (req, reply) => {
    const charge = await getChargeForConfirmation(db, Number(req.params.id), String(req.query.token ?? ''));
    const shop = await db.selectFrom('shops').select(['domain', 'locale']).where('id', '=', charge.shopId).executeTakeFirstOrThrow();
    reply.header('Cache-Control', 'no-store');
    reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'");
    return reply.type('text/html').send(renderConfirmationPage(charge, shop, String(req.query.token ?? '')));
  });

  app.post<{ Params: { id: string }; Body: { token?: string; decision?: string } }>('/charges/:id/decide', async (req, reply) => {
    const body = (req.body ?? {}) as { token?: string; decision?: string };
    const charge = await getChargeForConfirmation(db, Number(req.params.id), String(body.token ?? ''));
    const target = await decideCharge(db, charge, body.decision === 'approve', now());
    return reply.redirect(target, 303);
  });
}
