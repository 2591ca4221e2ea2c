import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { unauthorized } from '../http/errors';
import { verifySessionToken } from './sessionToken';
import { installedShop, RETRY_INVALID_SESSION_HEADER } from './tokenExchange';
import { findShopByDomain, provisionShop, type ShopRow } from '../services/shop/shops';
import { localeFromAcceptLanguage } from '../i18n';
import { INTERFACE_LOCALE_HEADER, isLocale } from '../../src/contracts/api';

declare module 'fastify' {
  interface FastifyRequest {
    /** The shop of the verified session token; every query is scoped by it. */
    shop: ShopRow;
    locale: string;
  }
  interface FastifyContextConfig {
    /** Routes under the API prefix that need no session token. */
    public?: boolean;
  }
}

/** API routes behind the session token: everything under /admin/api/ except routes marked `public`. */
export const requiresSession = (request: FastifyRequest): boolean =>
  request.url.startsWith('/admin/api/') && !request.routeOptions.config?.public;

/**
 * Verifies the bearer session token of every API call and loads its shop.
 * Standalone mode provisions a shop on its first valid token; shopify mode
 * exchanges the session token for the shop's access token when it has none.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const { config, db } = app.deps;
  app.decorateRequest('shop', null as unknown as ShopRow);
  app.decorateRequest('locale', 'en');

  app.addHook('onRequest', async (request: FastifyRequest) => {
    // The screen's language when the admin names one (its URL's `?locale=`), else the shop's.
    const named = request.headers[INTERFACE_LOCALE_HEADER.toLowerCase()];
    const interfaceLocale = isLocale(named) ? named : undefined;
    request.locale = interfaceLocale ?? localeFromAcceptLanguage(request.headers['accept-language']) ?? 'en';
    if (!requiresSession(request)) return;
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw unauthorized('auth.missingToken');
    let shopDomain: string;
    try {
      ({ shopDomain } = await verifySessionToken(match[1], config.apiKey, config.apiSecret));
    } catch {
      // As shopify-app-js answers a session token it rejects: App Bridge fetches a fresh token and retries once.
      throw unauthorized('auth.invalidToken', { [RETRY_INVALID_SESSION_HEADER]: '1' });
    }
    let shop: ShopRow;
    if (config.appMode === 'shopify') {
      shop = await installedShop(app.platform, shopDomain, match[1], request.log);
    } else {
      const found = await findShopByDomain(db, shopDomain);
      shop = found?.installedAt ? found : await provisionShop(db, shopDomain, { origin: 'standalone' });
    }
    request.shop = shop;
    request.locale = interfaceLocale ?? shop.locale;
  });
});
