import net from 'node:net';

/**
 * The network side of the configuration: where the server listens (HOST), which
 * Host names it answers for (DNS-rebinding defence) and which proxies it trusts
 * for X-Forwarded-* (TRUST_PROXY). Invalid values stop the start with a clear error.
 */

/** Listens on loopback unless HOST names another interface. */
export const DEFAULT_HOST = '127.0.0.1';

/** Host names every instance answers for (any port), besides APP_URL's and ALLOWED_HOSTS. */
export const LOOPBACK_HOST_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/** Fastify's trustProxy: off, a hop count, or the addresses/CIDRs of trusted proxies. */
export type TrustProxy = false | number | string[];

/** True when HOST keeps the server on this machine (loopback only). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1') return true;
  if (net.isIPv4(h)) return h.startsWith('127.');
  return /^::ffff:127\./.test(h);
}

/** The start-log warning when HOST opens the server to other machines. */
export function exposedHostWarning(config: { host: string; appMode: string; allowedHosts: string[] }): string {
  const standalone =
    config.appMode === 'standalone'
      ? '; in standalone mode whoever reaches it under one of them gets the admin and its session tokens without a login'
      : '';
  return (
    `HOST=${config.host}: listening beyond this machine's loopback interface. ` +
    `Requests must name an allowed host (${config.allowedHosts.join(', ')})${standalone}.`
  );
}

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** `example.com`, `10.0.0.5`, `[fd00::1]` (ports are dropped: every port is allowed). Undefined when invalid. */
export function normalizeHostName(value: string): string | undefined {
  let h = value.trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    if (end < 0) return undefined;
    const rest = h.slice(end + 1);
    if (rest && !/^:\d{1,5}$/.test(rest)) return undefined;
    const ip = h.slice(1, end);
    return net.isIPv6(ip) ? `[${ip}]` : undefined;
  }
  if (net.isIPv6(h)) return `[${h}]`;
  const colon = h.indexOf(':');
  if (colon >= 0) {
    if (!/^\d{1,5}$/.test(h.slice(colon + 1))) return undefined;
    h = h.slice(0, colon);
  }
  return net.isIPv4(h) || HOST_NAME.test(h) ? h : undefined;
}

/** localhost, 127.0.0.1, [::1], the host of APP_URL and the ALLOWED_HOSTS list (comma separated). */
export function parseAllowedHosts(appUrl: string, list: string | undefined): string[] {
  const hosts = new Set(LOOPBACK_HOST_NAMES);
  let appHost: string;
  try {
    appHost = new URL(appUrl).hostname.toLowerCase();
  } catch {
    throw new Error(`APP_URL: "${appUrl}" is not a URL`);
  }
  hosts.add(appHost);
  for (const entry of (list ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const host = normalizeHostName(entry);
    if (!host) throw new Error(`ALLOWED_HOSTS: "${entry}" is not a host name or IP address`);
    hosts.add(host);
  }
  return [...hosts];
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [ip, bits, ...rest] = entry.split('/');
  if (rest.length) return false;
  const family = net.isIP(ip);
  if (!family) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset/empty/0/false → no proxy is trusted (X-Forwarded-For is
 * ignored); a whole number → that many proxy hops; otherwise a comma list of
 * addresses, CIDRs or `loopback`/`linklocal`/`uniquelocal`.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const raw = (value ?? '').trim();
  if (!raw || raw === '0' || raw.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(raw)) return Number(raw);
  if (raw.toLowerCase() === 'true') {
    throw new Error(
      'TRUST_PROXY=true would let any client choose its own address; give the hop count or the proxy addresses',
    );
  }
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (bad.length) throw new Error(`TRUST_PROXY: "${bad.join('", "')}" is not an address, CIDR or hop count`);
  return entries;
}

/**
 * Fastify's trustProxy for a TRUST_PROXY value. Fastify fails closed on a bare
 * number, so a hop count becomes "the nearest n hops are proxies" (as Express
 * reads it): the peer and the n-1 addresses it forwarded for.
 */
export function fastifyTrustProxy(tp: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp === 'number') return (_address, hop) => hop < tp;
  return tp;
}
