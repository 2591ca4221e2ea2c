import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifyStatic from '@fastify/static';
import fastifyCompress from '@fastify/compress';
import fastifyMultipart from '@fastify/multipart';
import type { Config } from './config';
import type { Db } from './db';
import { HttpError, sendHttpError } from './http/errors';
import { authPlugin } from './auth/plugin';
import shopRoutes from './routes/shop';
import eventRoutes from './routes/events';
import devRoutes from './routes/dev';
import catalogRoutes from './routes/catalog';
import looksRoutes from './routes/looks';
import storefrontRoutes from './routes/storefront';
import analyticsRoutes from './routes/analytics';
import billingRoutes from './routes/billing';
import galleryRoutes from './routes/gallery';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Injectable clock (tests). */
  now?: () => Date;
  /** Background work started by features (workers, timers); stopped on close. */
  onClose?: Array<() => Promise<void> | void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Required<Pick<AppDeps, 'config' | 'db' | 'now'>>;
  }
}

/** Folder under the data dir where uploads, catalog and generated images live (served at /files/). */
export const filesDir = (config: Config) => path.join(config.dataDir, 'files');

export async function buildApp(deps: AppDeps, opts: FastifyServerOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? { level: deps.config.logLevel },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
    ...opts,
  });
  app.decorate('deps', { config: deps.config, db: deps.db, now: deps.now ?? (() => new Date()) });
  for (const fn of deps.onClose ?? []) app.addHook('onClose', async () => fn());

  app.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (error instanceof HttpError) return sendHttpError(request, reply, error);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, too large, unsupported media type, rate limit…
      return reply.status(status).send({ message: error.message, code: error.code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal server error' });
  });

  await app.register(fastifyCompress, { global: true, threshold: 1024 });
  await app.register(fastifyMultipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(authPlugin);

  for (const routes of [
    shopRoutes,
    eventRoutes,
    devRoutes,
    catalogRoutes,
    looksRoutes,
    storefrontRoutes,
    analyticsRoutes,
    billingRoutes,
    galleryRoutes,
  ]) {
    await app.register(routes);
  }

  // Uploaded, catalog and generated images.
  const files = filesDir(deps.config);
  fs.mkdirSync(files, { recursive: true });
  await app.register(fastifyStatic, {
    root: files,
    prefix: '/files/',
    decorateReply: false,
    maxAge: '7d',
    immutable: true,
  });

  await registerSpa(app, deps.config.distDir);
  return app;
}

/** Serves the built SPA: hashed assets cached long, index.html never cached, history fallback. */
async function registerSpa(app: FastifyInstance, distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
        else if (/[.-][0-9a-f]{8,}\./.test(path.basename(filePath))) {
          res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url.startsWith('/admin/api/') || request.url.startsWith('/api/');
    if (request.method === 'GET' && !isApi && hasSpa && !path.extname(request.url.split('?')[0])) {
      reply.header('Cache-Control', 'no-cache');
      return reply.type('text/html').send(fs.createReadStream(indexFile));
    }
    return reply.status(404).send({ message: 'Not found', code: 'not_found' });
  });
}
