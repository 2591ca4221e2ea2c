import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/contracts/api';
import { trackEventSchema } from '../../src/contracts/shop.schema';
import type { YupTypeProvider } from '../http/validate';

/** Product analytics events of the SPA (the tracker's sink), stored per shop. */
export default async function eventRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db } = app.deps;
  app.post(`${API_PREFIX}/events`, { bodyLimit: 16 * 1024, schema: { body: trackEventSchema } }, async (req, reply) => {
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
  });
}
