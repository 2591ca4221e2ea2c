import type { FastifyInstance } from 'fastify';
import type { LookFormValues } from '../../src/contracts/looks';
import { adminRoute } from '../http/adminRoute';
import { HttpError } from '../http/errors';
import { createLook, deleteLook, discountLinkProduct, getLook, listLooks, updateLook } from '../services/looks/looks';
import { fileTooLarge, storeLookMedia } from '../services/looks/media';
import { soldOutLooks } from '../services/looks/soldOutItems';

/** Looks CRUD (SPEC §7), every query scoped by the shop of the session token. */
export default async function looksRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  adminRoute(app, 'GET /productLooks', async (req) => listLooks(db, config, req.shop.id, req.query));

  adminRoute(app, 'GET /productLooks/discountDefaults', async (req) => ({
    mainProduct: await discountLinkProduct(db, req.shop.id, req.query.productId),
  }));

  adminRoute(app, 'GET /productLooks/soldOut', async (req) => soldOutLooks(db, req.shop.id));

  adminRoute(app, 'POST /productLooks/media', async (req) => {
    if (!req.isMultipart()) throw new HttpError(415, 'Looks.errors.noFile', 'media.no_file');
    let data: Buffer | undefined;
    try {
      const file = await req.file();
      if (!file) throw new HttpError(400, 'Looks.errors.noFile', 'media.no_file');
      data = await file.toBuffer();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const e = error as { statusCode?: number; code?: string };
      if (e.statusCode === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
      if (e.statusCode && e.statusCode < 500) throw new HttpError(400, 'Looks.errors.noFile', 'media.no_file');
      throw error;
    }
    return storeLookMedia(db, config, req.shop.id, data);
  });

  adminRoute(app, 'GET /productLooks/:id', async (req) => getLook(db, config, req.shop.id, req.params.id));

  adminRoute(app, 'POST /productLooks', async (req, reply) => {
    reply.status(201);
    return createLook(db, config, req.shop.id, req.body as LookFormValues);
  });

  adminRoute(app, 'PATCH /productLooks/:id', async (req) =>
    updateLook(db, config, req.shop.id, req.params.id, req.body as LookFormValues),
  );

  adminRoute(app, 'DELETE /productLooks/:id', async (req, reply) => {
    await deleteLook(db, req.shop.id, req.params.id);
    return reply.status(204).send();
  });
}
