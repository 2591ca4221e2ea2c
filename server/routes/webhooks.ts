import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminRoute } from '../http/adminRoute';
import { acceptWebhook, WebhookQueue } from '../platform/webhooks';
import { listCustomerDataRequests } from '../platform/webhooks/compliance/dataRequests';

export const WEBHOOKS_PATH = '/api/webhooks';
/** Platform payloads are small; a big product with many variants stays far below this. */
const WEBHOOK_BODY_LIMIT = 2 * 1024 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** Webhook work on the job engine; `idle()` waits for what is ready (tests). */
    webhookQueue: WebhookQueue;
  }
}

/**
 * POST /api/webhooks (the platform's deliveries, every topic) and the
 * merchant's view of customer data requests. Not encapsulated, so the queue is
 * reachable as app.webhookQueue.
 */
export default fp(
  async function webhookRoutes(app: FastifyInstance) {
    const { db, config } = app.deps;
    const queue = new WebhookQueue(app.jobs, { db, config, log: app.log });
    await queue.register();
    app.decorate('webhookQueue', queue);
    await app.register(deliveryEndpoint);

    adminRoute(app, 'GET /customerDataRequests', async (req) =>
      listCustomerDataRequests(db, req.shop.id, req.query.page, req.query.limit),
    );
  },
  { name: 'webhook-routes' },
);

const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** Its own encapsulated context, where every body stays raw bytes for the HMAC. */
async function deliveryEndpoint(app: FastifyInstance) {
  const { db, config } = app.deps;
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );
  app.post(WEBHOOKS_PATH, { bodyLimit: WEBHOOK_BODY_LIMIT }, async (req, reply) => {
    const result = await acceptWebhook(
      { db, config, log: req.log, enqueue: app.webhookQueue.enqueue },
      {
        topic: header(req, 'x-shopify-topic'),
        shopDomain: header(req, 'x-shopify-shop-domain'),
        hmac: header(req, 'x-shopify-hmac-sha256'),
        eventId: header(req, 'x-shopify-event-id'),
        webhookId: header(req, 'x-shopify-webhook-id'),
        apiVersion: header(req, 'x-shopify-api-version'),
        triggeredAt: header(req, 'x-shopify-triggered-at'),
        rawBody: Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0),
      },
    );
    if (result.status === 401)
      req.log.warn({ shop: header(req, 'x-shopify-shop-domain') }, 'webhook rejected: bad signature');
    // The work runs after this answer, as the delivery's job (queued when it was recorded).
    return reply.status(result.status).send(result.body);
  });
}
