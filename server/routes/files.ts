import type { FastifyInstance, FastifyReply } from 'fastify';
import { FILE_CACHE_CONTROL, FILES_PATH, isNotModified, keyFromPath, servedContentType, storageFor } from '../storage';
import { FILE_WIDTHS, fileAtWidth } from './fileWidths';
import { translate } from '../i18n';
import { yup } from '../../src/contracts/validation';

const notFound = (reply: FastifyReply) => reply.status(404).send({ message: 'Not found', code: 'not_found' });

/**
 * GET/HEAD /files/<key>: the app's files from the storage (the local directory, or the bucket, so
 * any instance serves any file). Long-lived caching (keys never get other bytes), ETag and 304,
 * Last-Modified, the stored content type (only the image types the app writes; anything else as
 * bytes). The key is checked before any backend sees it: a malformed one, `..` included, is a 404.
 * References of the layout before server/storage (/files/uploads/<shop>/…) are served too.
 * `?width=` (one of FILE_WIDTHS) serves an image at that width (fileWidths.ts); another width is a 400.
 */
export default async function fileRoutes(app: FastifyInstance) {
  const storage = storageFor(app.deps.config);

  // Declared so the route fuzz test tries widths too; the allowed values are checked below (a translated 400).
  const schema = { querystring: yup.object({ width: yup.string().max(8) }) };
  app.get(`${FILES_PATH}*`, { schema }, async (req, reply) => {
    const asked = keyFromPath((req.params as { '*': string })['*']);
    if (!asked) return notFound(reply);
    const width = (req.query as { width?: string }).width;
    if (width !== undefined && !FILE_WIDTHS.includes(Number(width)))
      return reply.status(400).send({
        message: translate(req.locale, 'files.invalidWidth', { allowed: FILE_WIDTHS.join(', ') }),
        code: 'invalid_width',
      });
    const key = width === undefined ? asked : await fileAtWidth(storage, asked, Number(width));
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
