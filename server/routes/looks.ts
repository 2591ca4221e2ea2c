import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/contracts/api';
import type { LookFormValues } from '../../src/contracts/looks';
import { lookFormSchema, lookListQuerySchema } from '../../src/contracts/looks.schema';
import { yup } from '../../src/contracts/validation';
import { pathId, pathParams, stripUnknown, type YupTypeProvider } from '../http/validate';
import { HttpError } from '../http/errors';
import { createLook, deleteLook, discountLinkProduct, getLook, listLooks, updateLook } from '../services/looks/looks';
import { fileTooLarge, storeLookMedia } from '../services/looks/media';
import { soldOutLooks } from '../services/looks/soldOutItems';

const BASE = `${API_PREFIX}/productLooks`;

/** The input of every looks route, declared once (yup; checked before the handler runs). */
const schemas = {
  lookParams: pathParams({ id: pathId() }, 'Looks.errors.notFound'),
  discountQuery: yup.object({ productId: yup.string().trim().max(200).required() }),
  /** The form sends the stored look (id, title…): unknown keys are dropped. */
  lookBody: stripUnknown(lookFormSchema),
};

/** Looks CRUD (SPEC §7), every query scoped by the shop of the session token. */
export default async function looksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db, config } = app.deps;

  app.get(BASE, { schema: { querystring: lookListQuerySchema } }, async (req) => listLooks(db, config, req.shop.id, req.query));

  // Static paths before /:id (Fastify prefers static segments anyway).
  app.get(`${BASE}/discountDefaults`, { schema: { querystring: schemas.discountQuery } }, async (req) => ({
    mainProduct: await discountLinkProduct(db, req.shop.id, req.query.productId),
  }));

  app.get(`${BASE}/soldOut`, async (req) => soldOutLooks(db, req.shop.id));

  app.post(`${BASE}/media`, async (req) => {
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

  app.get(`${BASE}/:id`, { schema: { params: schemas.lookParams } }, async (req) => getLook(db, config, req.shop.id, req.params.id));

  app.post(BASE, { schema: { body: schemas.lookBody } }, async (req, reply) => {
    reply.status(201);
    return createLook(db, config, req.shop.id, req.body as LookFormValues);
  });

  app.patch(`${BASE}/:id`, { schema: { params: schemas.lookParams, body: schemas.lookBody } }, async (req) =>
    updateLook(db, config, req.shop.id, req.params.id, req.body as LookFormValues),
  );

  app.delete(`${BASE}/:id`, { schema: { params: schemas.lookParams } }, async (req, reply) => {
    await deleteLook(db, req.shop.id, req.params.id);
    return reply.status(204).send();
  });
}
