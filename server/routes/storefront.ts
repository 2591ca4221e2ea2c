import type { FastifyInstance, FastifyRequest } from 'fastify';
import { yup } from '../../src/contracts/validation';
import { DEMO_SHOP_DOMAIN } from '../config';
import { getLayout, parseLayout, updateLayout } from '../services/looks/layout';
import { getBooster, updateBooster } from '../services/storefront/booster';
import { createCollection, deleteCollection } from '../services/storefront/collections';
import { renderLayoutPreview, renderStorefrontProduct } from '../services/storefront/storefront';
import { findShopByDomain } from '../services/shop/shops';
import { widgetCsp } from '../widget/page';
import { notFound } from '../http/errors';
import { pathId, pathParams, queryOrNotFound, type YupTypeProvider } from '../http/validate';
import { adminRoute } from '../http/adminRoute';

/** Absolute origin of this request (relative catalog image URLs resolve against it). */
export function requestOrigin(req: FastifyRequest, fallback: string): string {
  const host = req.headers.host;
  if (!host || !/^[a-z0-9.:[\]-]+$/i.test(host)) return fallback;
  return `${req.protocol}://${host}`;
}

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/** The input of the demo storefront page (the admin routes' input is in the route table, src/contracts/adminRoutes.schema.ts). */
const schemas = {
  /** The demo storefront page: a bad handle, shop or look is no page (404). */
  productParams: pathParams({ handle: yup.string().max(255).required() }),
  productQuery: queryOrNotFound({
    shop: yup.string().max(255).matches(SHOP_DOMAIN).optional(),
    look: pathId().optional(),
    /** `blocks=none`: the page without any look (the storefront cost script's baseline). */
    blocks: yup.string().oneOf(['none']).optional(),
  }),
};

/** Layout, layout preview, booster, collections and the demo storefront page. */
export default async function storefrontRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db, config } = app.deps;

  adminRoute(app, 'GET /layout', async (req) => getLayout(db, req.shop.id));
  adminRoute(app, 'PATCH /layout', async (req) => updateLayout(db, req.shop, req.body));

  adminRoute(app, 'POST /layout/preview', async (req, reply) => {
    const layout = parseLayout(await getLayout(db, req.shop.id), req.body);
    const body = await renderLayoutPreview(db, req.shop, layout, requestOrigin(req, config.appUrl));
    return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);
  });

  adminRoute(app, 'GET /booster', async (req) => getBooster(db, req.shop));
  adminRoute(app, 'PATCH /booster', async (req) => updateBooster(db, req.shop, req.body));

  adminRoute(app, 'POST /productLookCollections', async (req, reply) =>
    reply.status(201).send(await createCollection(db, req.shop, req.body)),
  );
  adminRoute(app, 'DELETE /productLookCollections/:id', async (req, reply) => {
    await deleteCollection(db, req.shop, req.params.id);
    return reply.status(204).send();
  });

  /**
   * Demo storefront (standalone mode): /storefront/products/<handle>[?shop=…][&look=<id>][&blocks=none].
   * Public; the shop is the demo shop unless `shop` names another one.
   */
  app.get(
    '/storefront/products/:handle',
    { schema: { params: schemas.productParams, querystring: schemas.productQuery } },
    async (req, reply) => {
      if (config.appMode !== 'standalone') throw notFound();
      const shop = await findShopByDomain(db, req.query.shop ?? DEMO_SHOP_DOMAIN);
      if (!shop) throw notFound();
      const page = await renderStorefrontProduct(
        db,
        shop,
        req.params.handle,
        requestOrigin(req, config.appUrl),
        req.query.look,
        req.query.blocks === 'none',
      );
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
