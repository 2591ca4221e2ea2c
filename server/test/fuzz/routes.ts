import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

export interface RegisteredRoute {
  method: string;
  url: string;
  schema?: RouteOptions['schema'];
}

/**
 * Collects every route of the Fastify apps built while `build` runs: an
 * onRoute hook is added the moment an instance is created (Fastify's
 * `fastify.initialization` diagnostics channel), so routes added later to any
 * feature are covered without listing them anywhere.
 */
export async function collectRoutes<T>(build: () => Promise<T>): Promise<{ result: T; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = [];
  const onInit = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat())
        routes.push({ method, url: route.url ?? route.path, schema: route.schema });
    });
  };
  diagnostics.subscribe('fastify.initialization', onInit);
  try {
    return { result: await build(), routes };
  } finally {
    diagnostics.unsubscribe('fastify.initialization', onInit);
  }
}

/** Path parameter names of a route URL (`:id`, and `*` for wildcards). */
export function paramNames(url: string): string[] {
  return url
    .split('/')
    .filter((s) => s.startsWith(':') || s === '*')
    .map((s) => (s === '*' ? '*' : s.slice(1)));
}

/** Percent-encodes any string for a URL, lone surrogates included (as their WTF-8 bytes, which no decoder accepts as UTF-8). */
export function encodeAny(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    const next = value.charCodeAt(i + 1);
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(value.slice(i, i + 2));
      i++;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    } else {
      out += encodeURIComponent(value[i]);
    }
  }
  return out;
}

/** The URL of a route with its parameters filled in (a wildcard keeps its slashes). */
export function fillUrl(url: string, params: Record<string, string>): string {
  return url
    .split('/')
    .map((s) => {
      if (s === '*') return (params['*'] ?? '').split('/').map(encodeAny).join('/');
      return s.startsWith(':') ? encodeAny(params[s.slice(1)] ?? '') : s;
    })
    .join('/');
}

/** A query string from keys and values (arrays repeat the key, as browsers and Fastify's parser do). */
export function queryString(query: Record<string, string | string[]>): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    for (const v of [value].flat()) parts.push(`${encodeAny(key)}=${encodeAny(v)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
