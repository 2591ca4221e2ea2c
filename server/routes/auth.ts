import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import {
  authorizeUrl,
  completeInstall,
  STATE_COOKIE,
  stateCookieOptions,
  embeddedAppUrl,
  exchangeCode,
  isShopDomain,
  signState,
  verifyQueryHmac,
  verifyState,
} from '../auth/oauth';
import { badRequest, unauthorized } from '../http/errors';
import { yup } from '../../src/contracts/validation';
import type { YupTypeProvider } from '../http/validate';

/** The input of the OAuth routes, declared once: query values are single strings (the HMAC covers them all). */
const schemas = {
  authQuery: yup.object({ shop: yup.string().max(255).default('') }),
  callbackQuery: yup.object().test(
    'text',
    (p) => ({ key: 'validation.typeError', values: { path: p.path || 'query', type: 'string' } }),
    (query) => Object.values(query ?? {}).every((value) => typeof value === 'string' && value.length <= 2048),
  ),
};

/**
 * The OAuth fallback (APP_MODE=shopify only) for the app opened outside the admin
 * (/api/auth?shop=…); inside the admin the token exchange installs. Standalone mode has
 * no platform to install from.
 */
export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { config, db } = app.deps;
  if (config.appMode !== 'shopify') return;
  // The state also travels in a cookie of the browser that asked (as shopify-api's OAuth begin does):
  // a callback URL opened in another browser, or forged into one, finds no matching cookie.
  await app.register(fastifyCookie);

  app.get('/api/auth', { schema: { querystring: schemas.authQuery } }, async (req, reply) => {
    const shop = req.query.shop.toLowerCase();
    if (!isShopDomain(shop)) throw badRequest('auth.invalidShop', 'invalid_shop');
    reply.header('Cache-Control', 'no-store');
    const state = signState(shop, config.apiSecret, app.deps.now().getTime());
    reply.setCookie(STATE_COOKIE, state, stateCookieOptions(config));
    return reply.redirect(authorizeUrl(config, shop, state), 302);
  });

  app.get('/api/auth/callback', { schema: { querystring: schemas.callbackQuery } }, async (req, reply) => {
    const query = req.query as Record<string, string>;
    const shop = String(query.shop ?? '');
    if (!isShopDomain(shop)) throw badRequest('auth.invalidShop', 'invalid_shop');
    if (!verifyQueryHmac(query, config.apiSecret, app.deps.now().getTime())) throw unauthorized('auth.invalidHmac');
    const cookieState = req.cookies[STATE_COOKIE];
    reply.clearCookie(STATE_COOKIE, { path: stateCookieOptions(config).path });
    if (
      !cookieState ||
      cookieState !== query.state ||
      !verifyState(query.state, shop, config.apiSecret, app.deps.now().getTime())
    ) {
      throw unauthorized('auth.invalidState');
    }
    if (!query.code) throw badRequest('auth.missingCode', 'missing_code');
    let token;
    try {
      token = await exchangeCode(config, shop, query.code, app.deps.now());
    } catch (error) {
      req.log.warn({ err: error, shop }, 'OAuth code exchange failed');
      throw unauthorized('auth.exchangeFailed');
    }
    // The catalog, bundle discounts and metafields are written anew after a (re)install: recorded with the token.
    await completeInstall(db, config, shop, token, app.deps.now(), (trx, row) =>
      app.platform.lifecycle.installed(trx, row),
    );
    req.log.info({ shop }, 'app installed');
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(embeddedAppUrl(shop, config.shopifyApp.handle), 302);
  });
}
