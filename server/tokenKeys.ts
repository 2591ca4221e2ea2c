import { createHash } from 'node:crypto';

/**
 * The keys that encrypt Admin API tokens at rest (server/platform/tokenCipher.ts), read from the
 * environment by server/config.ts. A shared leaf of the server: it imports no room, so the config
 * (which every room reads) does not reach up into server/platform.
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
export function parseTokenKeyRing(env: {
  TOKEN_ENCRYPTION_KEYS?: string;
  TOKEN_ENCRYPTION_KEY?: string;
}): TokenKeyRing | undefined {
  const ring = env.TOKEN_ENCRYPTION_KEYS?.trim();
  if (ring) {
    const keys = ring.split(',').map((entry, i) => {
      const at = entry.indexOf(':');
      const id = entry.slice(0, at).trim();
      if (at < 0 || !KEY_ID.test(id))
        throw new Error(
          `TOKEN_ENCRYPTION_KEYS entry ${i + 1} must be <id>:<key> with an id of letters, digits, _ or - (up to 32)`,
        );
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
