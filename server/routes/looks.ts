import type { FastifyInstance } from 'fastify';

// HTTP routes of the looks feature (filled in by its issue).
export default async function looksRoutes(_app: FastifyInstance) {}
