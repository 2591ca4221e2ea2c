import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { yup } from '../../src/contracts/validation';
import { pathId, pathParams, type YupTypeProvider } from '../http/validate';
import { rememberVerifiedProxyPath, verifyAppProxy } from '../auth/appProxy';
import { fileUrls } from '../storage';
import {
  collectionProxyPage,
  galleryProxyPage,
  lookProxyPage,
  type ProxyPageContext,
} from '../services/storefront/proxyPages';

export const PROXY_PREFIX = '/api/proxy';

const schemas = {
  lookParams: pathParams({ id: pathId() }, 'Looks.errors.notFound'),
  /** `12` or `12-summer-looks`, as the booster's collection links have it. */
  collectionParams: pathParams(
    {
      id: yup
        .string()
        .max(80)
        .matches(/^\d{1,10}(-[a-z0-9-]*)?$/)
        .required(),
    },
    'Booster.errors.collectionNotFound',
  ),
};

/**
 * The storefront pages behind the app proxy (https://{shop}/apps/looks/… is forwarded, signed, to
 * /api/proxy/…): `application/liquid`, so the platform shows them inside the shop's theme. The
 * signature is checked before anything else (onRequest); the shop comes from the signed parameters.
 */
export default async function proxyRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db, config } = app.deps;
  const files = fileUrls(config);
  const context = (req: FastifyRequest): ProxyPageContext => ({
    pathPrefix: req.appProxy.pathPrefix,
    appUrl: config.appUrl,
    files,
  });
  const send = (reply: FastifyReply, html: string) =>
    reply.header('Content-Type', 'application/liquid; charset=utf-8').header('Cache-Control', 'no-store').send(html);

  for (const url of [PROXY_PREFIX, `${PROXY_PREFIX}/`]) {
    app.get(url, { onRequest: verifyAppProxy, onSend: rememberVerifiedProxyPath }, async (req, reply) =>
      send(reply, await galleryProxyPage(db, req.shop, context(req))),
    );
  }
  app.get(
    `${PROXY_PREFIX}/looks/:id`,
    { onRequest: verifyAppProxy, onSend: rememberVerifiedProxyPath, schema: { params: schemas.lookParams } },
    async (req, reply) => send(reply, await lookProxyPage(db, req.shop, req.params.id, context(req))),
  );
  app.get(
    `${PROXY_PREFIX}/collections/:id`,
    { onRequest: verifyAppProxy, onSend: rememberVerifiedProxyPath, schema: { params: schemas.collectionParams } },
    async (req, reply) => send(reply, await collectionProxyPage(db, req.shop, req.params.id, context(req))),
  );
}
