import type { FastifyInstance } from 'fastify';

// HTTP routes of the billing feature (filled in by its issue).
export default async function billingRoutes(_app: FastifyInstance) {}
