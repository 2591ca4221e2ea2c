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

/** Clock skew allowed on exp/nbf, as shopify-api's decodeSessionToken allows. */
export const SESSION_TOKEN_CLOCK_TOLERANCE_SECONDS = 10;

/** The platform issues tokens valid for a minute; anything longer than this is refused. */
export const MAX_TOKEN_LIFETIME_SECONDS = 5 * 60;

/**
 * The shop of a `dest` claim, which must be exactly the shop's origin
 * `https://<name>.myshopify.com`: no path, port, userinfo, query, fragment,
 * trailing slash or case games. Undefined for anything else.
 */
export function shopFromDest(dest: unknown): string | undefined {
  if (typeof dest !== 'string') return undefined;
  return /^https:\/\/([a-z0-9][a-z0-9-]*\.myshopify\.com)$/.exec(dest)?.[1];
}

/**
 * Verifies a session token as the platform issues them: HS256 only, audience =
 * API key, exp/nbf with 10 s leeway (the library's JWT_PERMITTED_CLOCK_TOLERANCE), iat present and a lifetime
 * (exp - iat) of at most 5 minutes, shop taken from `dest` (exactly
 * https://<shop>.myshopify.com), `iss` (when present) its /admin. Throws on anything else.
 */
export async function verifySessionToken(token: string, apiKey: string, apiSecret: string): Promise<VerifiedSession> {
  const { payload } = await jwtVerify(token, new TextEncoder().encode(apiSecret), {
    algorithms: ['HS256'],
    audience: apiKey,
    clockTolerance: SESSION_TOKEN_CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ['exp', 'nbf', 'iat', 'dest'],
  });
  const { exp, iat } = payload;
  if (typeof exp !== 'number' || typeof iat !== 'number' || exp - iat > MAX_TOKEN_LIFETIME_SECONDS) {
    throw new Error('Token lifetime too long');
  }
  const host = shopFromDest(payload.dest);
  if (!host) throw new Error('Invalid dest claim');
  if (payload.iss !== undefined && payload.iss !== `https://${host}/admin`) throw new Error('iss does not match dest');
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
