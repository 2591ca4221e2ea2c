import type { FastifyInstance } from 'fastify';
import { signSessionToken } from '../auth/sessionToken';
import { DEMO_SHOP_DOMAIN } from '../config';

/**
 * Standalone mode only: hands the standalone host a session token for the demo
 * shop (or ?shop=<name>.myshopify.com), signed like the platform signs them.
 */
export default async function devRoutes(app: FastifyInstance) {
  const { config } = app.deps;
  if (config.appMode !== 'standalone') return;
  app.get<{ Querystring: { shop?: string } }>('/api/dev/session-token', async (req, reply) => {
    const shop = req.query.shop ?? DEMO_SHOP_DOMAIN;
    if (!/^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(shop)) {
      return reply.status(400).send({ message: 'Invalid shop domain' });
    }
    reply.header('Cache-Control', 'no-store');
    return { token: await signSessionToken(shop, config.apiKey, config.apiSecret), expiresIn: 60 };
  });
}
