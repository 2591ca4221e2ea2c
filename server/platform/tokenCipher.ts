import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Admin API tokens at rest: AES-256-GCM with a random 96-bit IV per value and the shop id as
 * additional data, so an envelope copied to another shop's row does not decrypt.
 *
 * Keys form a ring (TOKEN_ENCRYPTION_KEYS, newest first): the newest encrypts, every key of the ring
 * decrypts, and a value read with an older key is re-encrypted with the newest on its next use
 * (accessTokens.ts). Envelope: `v2.<key id>.<iv>.<tag>.<ciphertext>` (base64url parts); `v1.<iv>.<tag>.<ciphertext>`
 * (before key ids) is still read, with whichever key of the ring opens it.
 */
export interface TokenKey {
  /** Names the key in the envelopes it writes (letters, digits, `_` and `-`, up to 32). */
  id: string;
  key: Buffer;
}

/** Newest first; never empty. */
export type TokenKeyRing = readonly TokenKey[];

/** The id of the one-key ring TOKEN_ENCRYPTION_KEY stands for. */
export const SINGLE_KEY_ID = 'default';

const KEY_ID = /^[A-Za-z0-9_-]{1,32}$/;

/** A value the ring cannot open (another key, another shop's row, tampered): never a reason to delete it. */
export class TokenDecryptError extends Error {}

const aad = (shopId: number, kind: 'access' | 'refresh') => Buffer.from(`shoppable-looks:${kind}:${shopId}`);

/** 32 bytes as 64 hex digits or base64 (`openssl rand -base64 32`). */
export function parseTokenKey(name: string, raw: string): Buffer {
  const value = raw.trim();
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error(`${name} must be 32 bytes (64 hex digits or base64)`);
  return key;
}

/**
 * TOKEN_ENCRYPTION_KEYS=`<id>:<key>,<id>:<key>…` newest first, or TOKEN_ENCRYPTION_KEY=<key> (a ring
 * of one key, id `default`). Both set: TOKEN_ENCRYPTION_KEYS wins. Neither: undefined.
 */
export function parseTokenKeyRing(env: { TOKEN_ENCRYPTION_KEYS?: string; TOKEN_ENCRYPTION_KEY?: string }): TokenKeyRing | undefined {
  const ring = env.TOKEN_ENCRYPTION_KEYS?.trim();
  if (ring) {
    const keys = ring.split(',').map((entry, i) => {
      const at = entry.indexOf(':');
      const id = entry.slice(0, at).trim();
      if (at < 0 || !KEY_ID.test(id)) throw new Error(`TOKEN_ENCRYPTION_KEYS entry ${i + 1} must be <id>:<key> with an id of letters, digits, _ or - (up to 32)`);
      return { id, key: parseTokenKey(`TOKEN_ENCRYPTION_KEYS key "${id}"`, entry.slice(at + 1)) };
    });
    const ids = new Set(keys.map((k) => k.id));
    if (ids.size !== keys.length) throw new Error('TOKEN_ENCRYPTION_KEYS names a key id twice');
    return keys;
  }
  const single = env.TOKEN_ENCRYPTION_KEY?.trim();
  return single ? [{ id: SINGLE_KEY_ID, key: parseTokenKey('TOKEN_ENCRYPTION_KEY', single) }] : undefined;
}

/** A ring of one key derived from a secret (standalone and tests: demo tokens only). */
export function derivedTokenKeyRing(secret: string): TokenKeyRing {
  return [{ id: SINGLE_KEY_ID, key: createHash('sha256').update(`shoppable-looks access tokens:${secret}`).digest() }];
}

/** Encrypted with the ring's newest key. */
export function encryptToken(ring: TokenKeyRing, shopId: number, kind: 'access' | 'refresh', plaintext: string): string {
  const { id, key } = ring[0];
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(shopId, kind));
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v2', id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

function open(key: Buffer, shopId: number, kind: 'access' | 'refresh', iv: string, tag: string, body: string): string | undefined {
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
export function openToken(ring: TokenKeyRing, shopId: number, kind: 'access' | 'refresh', envelope: string): { value: string; stale: boolean } {
  const parts = envelope.split('.');
  const [named, iv, tag, body] = parts[0] === 'v2' && parts.length === 5 ? parts.slice(1) : parts[0] === 'v1' && parts.length === 4 ? [undefined, ...parts.slice(1)] : [];
  if (!iv || !tag || body === undefined) throw new TokenDecryptError('Not an encrypted token');
  const ordered = [...ring.filter((k) => k.id === named), ...ring.filter((k) => k.id !== named)];
  for (const candidate of ordered) {
    const value = open(candidate.key, shopId, kind, iv, tag, body);
    if (value !== undefined) return { value, stale: candidate !== ring[0] || named !== ring[0].id };
  }
  throw new TokenDecryptError(`No key of the ring (${ring.map((k) => k.id).join(', ')}) opens this ${kind} token${named ? ` (written with key "${named}")` : ''}`);
}

/** Throws TokenDecryptError when the envelope was tampered with, belongs to another shop or no key of the ring made it. */
export function decryptToken(ring: TokenKeyRing, shopId: number, kind: 'access' | 'refresh', envelope: string): string {
  return openToken(ring, shopId, kind, envelope).value;
}
