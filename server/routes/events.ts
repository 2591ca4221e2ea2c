import type { FastifyInstance } from 'fastify';
import { adminRoute } from '../http/adminRoute';

/** Product analytics events of the SPA (the tracker's sink), stored per shop. */
export default async function eventRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  adminRoute(
    app,
    'POST /events',
    async (req, reply) => {
      const event = req.body;
      await db
        .insertInto('events')
        .values({
          shopId: req.shop.id,
          name: event.name,
          distinctId: event.distinctId,
          properties: JSON.stringify(event.properties ?? {}),
        })
        .execute();
      return reply.status(204).send();
    },
    { bodyLimit: 16 * 1024 },
  );
}
