import type { FastifyInstance } from 'fastify';

// HTTP routes of the analytics feature (filled in by its issue).
export default async function analyticsRoutes(_app: FastifyInstance) {}
