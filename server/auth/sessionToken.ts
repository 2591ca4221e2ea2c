import { jwtVerify, SignJWT } from 'jose';

/** Claims of a platform session token (an HS256 JWT signed with the app secret). */
export interface SessionClaims {
  iss: string;
  dest: string;
  aud: string;
  sub?: string;
  exp: number;
  nbf: number;
  iat: number;
  jti?: string;
  sid?: string;
}

export interface VerifiedSession {
  shopDomain: string;
  userId?: string;
}

const SHOP_DOMAIN = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;

/**
 * Verifies a session token as the platform issues them: HS256 only, audience =
 * API key, exp/nbf with at most 5 s leeway, shop taken from `dest`.
 * Throws on anything else.
 */
export async function verifySessionToken(token: string, apiKey: string, apiSecret: string): Promise<VerifiedSession> {
  const { payload } = await jwtVerify(token, new TextEncoder().encode(apiSecret), {
    algorithms: ['HS256'],
    audience: apiKey,
    clockTolerance: 5,
    requiredClaims: ['exp', 'nbf', 'dest'],
  });
  const dest = String(payload.dest ?? '');
  let host: string;
  try {
    const url = new URL(dest);
    if (url.protocol !== 'https:') throw new Error('dest must be https');
    host = url.hostname;
  } catch {
    throw new Error('Invalid dest claim');
  }
  if (!SHOP_DOMAIN.test(host)) throw new Error('Invalid shop domain');
  if (payload.iss && !String(payload.iss).startsWith(`https://${host}`)) throw new Error('iss does not match dest');
  return { shopDomain: host, userId: payload.sub };
}

/** Issues a token the way the platform does (used by the standalone host and by tests). */
export async function signSessionToken(
  shopDomain: string,
  apiKey: string,
  apiSecret: string,
  opts: { ttlSeconds?: number; now?: number } = {},
): Promise<string> {
  const now = Math.floor((opts.now ?? Date.now()) / 1000);
  return new SignJWT({ dest: `https://${shopDomain}` })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(`https://${shopDomain}/admin`)
    .setAudience(apiKey)
    .setSubject('1')
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + (opts.ttlSeconds ?? 60))
    .setJti(crypto.randomUUID())
    .sign(new TextEncoder().encode(apiSecret));
}
