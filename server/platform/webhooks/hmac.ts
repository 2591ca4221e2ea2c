import { createHmac, timingSafeEqual } from 'node:crypto';

/** Base64 HMAC-SHA256 of the raw body with the app secret, as the platform signs webhooks. */
export function signWebhook(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

/**
 * Constant-time check of the X-Shopify-Hmac-Sha256 header against the RAW body.
 * The header must be exactly the canonical base64 digest (no lenient decoding).
 */
export function verifyWebhookHmac(rawBody: Buffer, header: string | undefined, secret: string): boolean {
  if (!header || typeof header !== 'string' || !secret) return false;
  const expected = Buffer.from(signWebhook(rawBody, secret), 'utf8');
  const given = Buffer.from(header, 'utf8');
  // timingSafeEqual needs equal lengths: compare against itself so a wrong length costs the same time.
  if (given.length !== expected.length) {
    timingSafeEqual(expected, expected);
    return false;
  }
  return timingSafeEqual(given, expected);
}
