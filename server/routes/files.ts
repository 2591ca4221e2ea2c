import type { FastifyInstance, FastifyReply } from 'fastify';
import { FILE_CACHE_CONTROL, FILES_PATH, isNotModified, keyFromPath, servedContentType, storageFor } from '../storage';

const notFound = (reply: FastifyReply) => reply.status(404).send({ message: 'Not found', code: 'not_found' });

/**
 * GET/HEAD /files/<key>: the app's files from the storage (the local directory, or the bucket, so
 * any instance serves any file). Long-lived caching (keys never get other bytes), ETag and 304,
 * Last-Modified, the stored content type (only the image types the app writes; anything else as
 * bytes). The key is checked before any backend sees it: a malformed one, `..` included, is a 404.
 * References of the layout before server/storage (/files/uploads/<shop>/…) are served too.
 */
export default async function fileRoutes(app: FastifyInstance) {
  const storage = storageFor(app.deps.config);

  app.get(`${FILES_PATH}*`, async (req, reply) => {
    const key = keyFromPath((req.params as { '*': string })['*']);
    if (!key) return notFound(reply);
    const ifNoneMatch = req.headers['if-none-match'];
    const opened = await storage.open(key, { ifNoneMatch });
    if (!opened) return notFound(reply);
    const info = isNotModified(opened) ? opened.info : opened;
    reply
      .header('Cache-Control', FILE_CACHE_CONTROL)
      .header('ETag', info.etag)
      .header('Last-Modified', info.lastModified.toUTCString());
    if (isNotModified(opened)) return reply.status(304).send();
    return reply.type(servedContentType(info.contentType)).header('Content-Length', info.size).send(opened.body);
  });
}
