import type { FastifyInstance } from 'fastify';

// HTTP routes of the storefront feature (filled in by its issue).
export default async function storefrontRoutes(_app: FastifyInstance) {}
