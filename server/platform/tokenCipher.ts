import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Admin API tokens at rest: AES-256-GCM with a random 96-bit IV per value and the shop id as
 * additional data, so an envelope copied to another shop's row does not decrypt.
 * Envelope: `v1.<iv>.<tag>.<ciphertext>` (base64url parts).
 */
const VERSION = 'v1';

const aad = (shopId: number, kind: 'access' | 'refresh') => Buffer.from(`shoppable-looks:${kind}:${shopId}`);

export function encryptToken(key: Buffer, shopId: number, kind: 'access' | 'refresh', plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(shopId, kind));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** Throws when the envelope was tampered with, belongs to another shop or was made with another key. */
export function decryptToken(key: Buffer, shopId: number, kind: 'access' | 'refresh', envelope: string): string {
  const [version, iv, tag, body] = envelope.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not an encrypted token');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(aad(shopId, kind));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
