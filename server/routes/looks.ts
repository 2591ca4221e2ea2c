import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '../../src/contracts/api';
import { lookFormSchema, lookListQuerySchema, type LookFormValues } from '../../src/contracts/looks';
import { yup } from '../../src/contracts/validation';
import { parse } from '../http/validate';
import { HttpError, notFound } from '../http/errors';
import { createLook, deleteLook, discountLinkProduct, getLook, listLooks, updateLook } from '../services/looks/looks';
import { fileTooLarge, storeLookMedia } from '../services/looks/media';

const BASE = `${API_PREFIX}/productLooks`;

const lookId = (raw: string): number => {
  if (!/^\d{1,12}$/.test(raw)) throw notFound('Looks.errors.notFound');
  return Number(raw);
};

const discountQuerySchema = yup.object({ productId: yup.string().trim().max(200).required() });

/** Looks CRUD (SPEC §7), every query scoped by the shop of the session token. */
export default async function looksRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  app.get(BASE, async (req) => {
    const query = parse(lookListQuerySchema, req.query);
    return listLooks(db, config, req.shop.id, query);
  });

  // Static paths before /:id (Fastify prefers static segments anyway).
  app.get(`${BASE}/discountDefaults`, async (req) => {
    const { productId } = parse(discountQuerySchema, req.query);
    return { mainProduct: await discountLinkProduct(db, req.shop.id, productId) };
  });

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

  app.get<{ Params: { id: string } }>(`${BASE}/:id`, async (req) => getLook(db, config, req.shop.id, lookId(req.params.id)));

  app.post(BASE, async (req, reply) => {
    const values = parse(lookFormSchema, req.body, { stripUnknown: true }) as LookFormValues;
    reply.status(201);
    return createLook(db, config, req.shop.id, values);
  });

  app.patch<{ Params: { id: string } }>(`${BASE}/:id`, async (req) => {
    const id = lookId(req.params.id);
    const values = parse(lookFormSchema, req.body, { stripUnknown: true }) as LookFormValues;
    return updateLook(db, config, req.shop.id, id, values);
  });

  app.delete<{ Params: { id: string } }>(`${BASE}/:id`, async (req, reply) => {
    await deleteLook(db, req.shop.id, lookId(req.params.id));
    return reply.status(204).send();
  });
}
