import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppMode } from '../config';

/** The platform admin that frames embedded apps. */
export const ADMIN_ORIGIN = 'https://admin.shopify.com';

export interface SecurityHeadersOptions {
  /**
   * APP_MODE=shopify: the proven shop of a launch request (the SPA document
   * opened with `?shop=…&id_token=…` or a signed query), or undefined.
   */
  launchShop?: (request: FastifyRequest) => Promise<string | undefined>;
  /** Routes whose answers hold a shop's data (behind the session token): never cached. */
  privateRoute: (request: FastifyRequest) => boolean;
}

/** `frame-ancestors` sources: standalone `'self'`; inside the platform the verified shop and the admin, else `'none'`. */
export function frameAncestors(config: { appMode: AppMode }, shop: string | undefined): string {
  if (config.appMode !== 'shopify') return "'self'";
  return shop ? `https://${shop} ${ADMIN_ORIGIN}` : "'none'";
}

const isHtml = (type: unknown) => /^\s*text\/html/i.test(String(type ?? ''));
const isScript = (type: unknown) => /^\s*(text|application)\/(javascript|ecmascript)\b/i.test(String(type ?? ''));
const isStylesheet = (type: unknown) => /^\s*text\/css\b/i.test(String(type ?? ''));
const isJson = (type: unknown) => /^\s*application\/json\b/i.test(String(type ?? ''));
/** The build's data files (the pages' messages, scripts/build/messageAssets.ts): fetched like its scripts. */
const isBuildData = (url: string, type: unknown) => url.startsWith('/assets/') && isJson(type);

/**
 * helmet's headers that only a document reads: its policy (a script's own CSP would bind it only as
 * a worker, and the app starts none), its browsing context group and agent cluster, the legacy
 * switches of a page (DNS prefetch, IE's download prompt, Flash's cross-domain policies, the XSS
 * auditor), and HSTS, which the browser takes from the document of the same host before any of its
 * scripts or styles is requested. A script, a stylesheet or a build's JSON file carries none of them: each script request
 * of a first load paid ~0.35 KB for them (Lighthouse counts headers). What matters for such a file
 * stays: X-Content-Type-Options nosniff, Cross-Origin-Resource-Policy, the cache headers.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/** Adds our frame-ancestors to a page's own policy when it has none (a page's stricter choice stays). */
export function withFrameAncestors(policy: string, sources: string): string {
  if (/(^|;)\s*frame-ancestors\b/i.test(policy)) return policy;
  const own = policy.replace(/[;\s]+$/, '');
  return own ? `${own}; frame-ancestors ${sources}` : `frame-ancestors ${sources}`;
}

/**
 * Security headers through @fastify/helmet on every response: X-Content-Type-Options
 * nosniff, a Content-Security-Policy whose frame-ancestors names who may frame us, and
 * helmet's other defaults (no X-Frame-Options: frame-ancestors replaces it, and
 * resources stay loadable cross-origin for the storefront widget). Pages that set
 * their own policy keep it, with frame-ancestors merged in. Scripts and stylesheets keep only the
 * headers such a file uses (DOCUMENT_ONLY_HEADERS go; a stylesheet keeps Referrer-Policy, which
 * governs the requests of its `url()`s). Private answers are never cached.
 */
export const securityHeaders = fp(async (app: FastifyInstance, opts: SecurityHeadersOptions) => {
  const { config } = app.deps;
  const launchShops = new WeakMap<IncomingMessage, string>();
  const sourcesFor = (req: IncomingMessage) => frameAncestors(config, launchShops.get(req));

  const { launchShop } = opts;
  if (config.appMode === 'shopify' && launchShop) {
    app.addHook('onRequest', async (request) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const shop = await launchShop(request);
      if (shop) launchShops.set(request.raw, shop);
    });
  }

  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        // Only who may frame us and two safe limits: the SPA's own sources stay as they are.
        defaultSrc: fastifyHelmet.contentSecurityPolicy.dangerouslyDisableDefaultSrc,
        frameAncestors: [(req) => sourcesFor(req)],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
      },
    },
    frameguard: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (isHtml(type)) {
      const policy = String(reply.getHeader('content-security-policy') ?? '');
      reply.header('Content-Security-Policy', withFrameAncestors(policy, sourcesFor(request.raw)));
    } else if (isScript(type) || isStylesheet(type) || isBuildData(request.url, type)) {
      // helmet wrote them on the raw response (onRequest); a route may have set one through the reply.
      // Referrer-Policy binds the requests a stylesheet's url()s make; the app's scripts are classic
      // scripts (webpack's chunks, the storefront's looks.js), whose requests follow their document's.
      // Nor does a JSON file request anything.
      const drop = isStylesheet(type) ? DOCUMENT_ONLY_HEADERS : [...DOCUMENT_ONLY_HEADERS, 'referrer-policy'];
      for (const name of drop) {
        reply.removeHeader(name);
        reply.raw.removeHeader(name);
      }
    }
    if (opts.privateRoute(request) && !/\bno-store\b/.test(String(reply.getHeader('cache-control') ?? ''))) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
});
