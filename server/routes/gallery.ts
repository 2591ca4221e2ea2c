import type { FastifyInstance } from 'fastify';

// HTTP routes of the gallery feature (filled in by its issue).
export default async function galleryRoutes(_app: FastifyInstance) {}
