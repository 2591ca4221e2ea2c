import type { FastifyInstance } from 'fastify';
import { acceptTriggerLifecycle } from '../platform/flow/triggerLifecycle';

/** The path Shopify Flow's lifecycle callbacks arrive on (extensions/flow-lifecycle's `url`; a test keeps them equal). */
export const FLOW_LIFECYCLE_PATH = '/api/flow/lifecycle';
const BODY_LIMIT = 64 * 1024;

/**
 * POST /api/flow/lifecycle: Shopify Flow says whether a shop has an enabled workflow starting with one
 * of the app's triggers (server/platform/flow/triggerLifecycle.ts). No session: the HMAC is the
 * proof, over the raw body (this encapsulated context keeps every body as bytes).
 */
export default async function flowLifecycleRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
  app.post(FLOW_LIFECYCLE_PATH, { bodyLimit: BODY_LIMIT }, async (req, reply) => {
    const hmac = req.headers['x-shopify-hmac-sha256'];
    const outcome = await acceptTriggerLifecycle(
      db,
      config.apiSecret,
      Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      Array.isArray(hmac) ? hmac[0] : hmac,
    );
    if (outcome.status === 401) req.log.warn('Flow lifecycle callback rejected: bad signature');
    return reply
      .status(outcome.status)
      .send(outcome.status === 200 ? { ok: true, recorded: outcome.recorded } : { message: outcome.message });
  });
}
