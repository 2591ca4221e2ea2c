import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { normalizeHostName } from '../networkConfig';
import { localeFromAcceptLanguage, translate } from '../i18n';

/** True when the request's Host (any port) is one of the allowed host names. */
export function isAllowedHost(host: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (!host) return false;
  const name = normalizeHostName(host);
  return name !== undefined && allowed.has(name);
}

/**
 * DNS-rebinding defence: a page on another site whose name was re-pointed at
 * this machine still sends its own name as Host. Every request whose Host is
 * not an allowed name (config.allowedHosts) gets 421 and reaches no route.
 */
export const hostCheck = fp(async (app: FastifyInstance) => {
  const allowed = new Set(app.deps.config.allowedHosts);
  app.addHook('onRequest', async (request, reply) => {
    if (isAllowedHost(request.host, allowed)) return;
    const locale = localeFromAcceptLanguage(request.headers['accept-language']) ?? 'en';
    return reply
      .status(421)
      .header('Cache-Control', 'no-store')
      .send({ message: translate(locale, 'http.hostNotAllowed'), code: 'host_not_allowed' });
  });
});
