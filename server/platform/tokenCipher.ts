import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { TokenKeyRing } from '../tokenKeys';

export type { TokenKey, TokenKeyRing } from '../tokenKeys';

/**
 * Admin API tokens at rest: AES-256-GCM with a random 96-bit IV per value and the shop id as
 * additional data, so an envelope copied to another shop's row does not decrypt.
 *
 * Keys form a ring (TOKEN_ENCRYPTION_KEYS, newest first): the newest encrypts, every key of the ring
 * decrypts, and a value read with an older key is re-encrypted with the newest on its next use
 * (accessTokens.ts). Envelope: `v2.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts); `v1.<iv>.<tag>.<ciphertext>`
 * (before key ids) is still read, with whichever key of the ring opens it.
 */
/** A value the ring cannot open (another key, another shop's row, tampered): never a reason to delete it. */
export class TokenDecryptError extends Error {}

const aad = (shopId: number, kind: 'access' | 'refresh') => Buffer.from(`shoppable-looks:${kind}:${shopId}`);

/** Encrypted with the ring's newest key. */
export function encryptToken(
  ring: TokenKeyRing,
  shopId: number,
  kind: 'access' | 'refresh',
  plaintext: string,
): string {
  const { id, key } = ring[0];
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(shopId, kind));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [
    'v2',
    id,
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

function open(
  key: Buffer,
  shopId: number,
  kind: 'access' | 'refresh',
  iv: string,
  tag: string,
  body: string,
): string | undefined {
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(shopId, kind));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}

/**
 * The plaintext and whether it was written with an older key than the ring's newest (`stale`: re-encrypt).
 * The key the envelope names is tried first, then the others (a key renamed in the ring still opens it).
 * Throws TokenDecryptError when no key of the ring opens it.
 */
export function openToken(
  ring: TokenKeyRing,
  shopId: number,
  kind: 'access' | 'refresh',
  envelope: string,
): { value: string; stale: boolean } {
  const parts = envelope.split('.');
  const [named, iv, tag, body] =
    parts[0] === 'v2' && parts.length === 5
      ? parts.slice(1)
      : parts[0] === 'v1' && parts.length === 4
        ? [undefined, ...parts.slice(1)]
        : [];
  if (!iv || !tag || body === undefined) throw new TokenDecryptError('Not an encrypted token');
  const ordered = [...ring.filter((k) => k.id === named), ...ring.filter((k) => k.id !== named)];
  for (const candidate of ordered) {
    const value = open(candidate.key, shopId, kind, iv, tag, body);
    if (value !== undefined) return { value, stale: candidate !== ring[0] || named !== ring[0].id };
  }
  throw new TokenDecryptError(
    `No key of the ring (${ring.map((k) => k.id).join(', ')}) opens this ${kind} token${named ? ` (written with key "${named}")` : ''}`,
  );
}

/** Throws TokenDecryptError when the envelope was tampered with, belongs to another shop or no key of the ring made it. */
export function decryptToken(ring: TokenKeyRing, shopId: number, kind: 'access' | 'refresh', envelope: string): string {
  return openToken(ring, shopId, kind, envelope).value;
}
