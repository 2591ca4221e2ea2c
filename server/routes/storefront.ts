import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../src/contracts/api';
import { DEMO_SHOP_DOMAIN } from '../config';
import { getLayout, parseLayout, updateLayout } from '../services/looks/layout';
import { getBooster, updateBooster } from '../services/storefront/booster';
import { createCollection, deleteCollection } from '../services/storefront/collections';
import { renderLayoutPreview, renderStorefrontProduct } from '../services/storefront/storefront';
import { findShopByDomain } from '../services/shop/shops';
import { widgetCsp } from '../widget/page';
import { notFound } from '../http/errors';

/** Absolute origin of this request (relative catalog image URLs resolve against it). */
export function requestOrigin(req: FastifyRequest, fallback: string): string {
  const host = req.headers.host;
  if (!host || !/^[a-z0-9.:[\]-]+$/i.test(host)) return fallback;
  return `${req.protocol}://${host}`;
}

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** Layout, layout preview, booster, collections and the demo storefront page. */
export default async function storefrontRoutes(app: FastifyInstance) {
  const { db, config } = app.deps;

  app.get(`${API_PREFIX}/layout`, async (req) => getLayout(db, req.shop.id));
  app.patch(`${API_PREFIX}/layout`, async (req) => updateLayout(db, req.shop, req.body));

  app.post(`${API_PREFIX}/layout/preview`, async (req, reply) => {
    const layout = parseLayout(await getLayout(db, req.shop.id), req.body);
    const body = await renderLayoutPreview(db, req.shop, layout, requestOrigin(req, config.appUrl));
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);
  });

  app.get(`${API_PREFIX}/booster`, async (req) => getBooster(db, req.shop));
  app.patch(`${API_PREFIX}/booster`, async (req) => updateBooster(db, req.shop, req.body));

  app.post(`${API_PREFIX}/productLookCollections`, async (req, reply) =>
    reply.status(201).send(await createCollection(db, req.shop, req.body)),
  );
  app.delete<{ Params: { id: string } }>(`${API_PREFIX}/productLookCollections/:id`, async (req, reply) => {
    const id = Number(req.params.id);
    if (!Number.isInteger(id) || id <= 0) throw notFound('Booster.errors.collectionNotFound');
    await deleteCollection(db, req.shop, id);
    return reply.status(204).send();
  });

  /**
   * Demo storefront (standalone mode): /storefront/products/<handle>[?shop=…][&look=<id>].
   * Public; the shop is the demo shop unless `shop` names another one.
   */
  app.get<{ Params: { handle: string }; Querystring: { shop?: string; look?: string } }>(
    '/storefront/products/:handle',
    async (req, reply) => {
      if (config.appMode !== 'standalone') throw notFound();
      const domain = req.query.shop ?? DEMO_SHOP_DOMAIN;
      if (!SHOP_DOMAIN.test(domain)) throw notFound();
      const shop = await findShopByDomain(db, domain);
      if (!shop) throw notFound();
      const lookId = req.query.look === undefined ? undefined : Number(req.query.look);
      if (lookId !== undefined && (!Number.isInteger(lookId) || lookId <= 0)) throw notFound();
      const page = await renderStorefrontProduct(db, shop, req.params.handle, requestOrigin(req, config.appUrl), lookId);
      if (!page) throw notFound();
      return reply
        .header('Content-Security-Policy', `${widgetCsp(page.nonce)}; frame-ancestors 'self'`)
        .header('Cache-Control', 'no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .type('text/html; charset=utf-8')
        .send(page.html);
    },
  );
}
