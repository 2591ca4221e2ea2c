/** A token this close to its expiry is not handed out any more (the server allows 5 s of clock skew). */
const EXPIRY_MARGIN_MS = 5_000;

/** The `exp` claim (seconds) of a JWT, read without verifying it (the server verifies). */
export function tokenExpiry(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : undefined;
  } catch {
    return undefined;
  }
}

export class LaunchTokenExpiredError extends Error {
  constructor() {
    super('The session token of the admin URL expired; open the app again from Shopify admin');
    this.name = 'LaunchTokenExpiredError';
  }
}

/**
 * Session tokens when App Bridge is missing inside Shopify admin: the admin loads the app with
 * `?id_token=` (a session token valid for a minute); it is used while it is valid.
 */
export function launchTokenSource(search: string, now: () => number = () => Date.now()): () => Promise<string> {
  const token = new URLSearchParams(search).get('id_token') ?? '';
  const exp = tokenExpiry(token);
  return () =>
    exp !== undefined && exp * 1000 - EXPIRY_MARGIN_MS > now()
      ? Promise.resolve(token)
      : Promise.reject(new LaunchTokenExpiredError());
}
