/**
 * Keys of the app's files. A key is a relative path of segments made of letters, digits, `.`, `_`
 * and `-`, none starting with a dot (so no `.`/`..` and no hidden temporary files), at most 512
 * characters: the same string is safe as a path under the local directory, an S3 key and a URL path.
 *
 * A shop's files live under `shops/<shop id>/<kind>/…`, so erasing a shop is one delete by prefix.
 * `catalog/…` holds the demo store's drawn product photos: app assets, shared, not shop data.
 */

export type ShopFileKind = 'uploads' | 'generated';

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

/** Prefixes readable by every shop (the demo catalog's photos). */
export const SHARED_PREFIXES = ['catalog/'] as const;

/** True for a well-formed key (see above). */
export function isValidKey(key: string): boolean {
  if (!key || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

/** Throws on a malformed key: the backends never touch one. */
export function assertKey(key: string): string {
  if (!isValidKey(key)) throw new Error(`Invalid file key: ${JSON.stringify(key.slice(0, 100))}`);
  return key;
}

/** `shops/<id>/`: everything of the shop, and nothing else. */
export function shopPrefix(shopId: number): string {
  if (!Number.isSafeInteger(shopId) || shopId <= 0) throw new Error(`Invalid shop id: ${shopId}`);
  return `shops/${shopId}/`;
}

/** `shops/<id>/<kind>/<name>` (name: one segment). */
export function shopFileKey(shopId: number, kind: ShopFileKind, name: string): string {
  return assertKey(`${shopPrefix(shopId)}${kind}/${name}`);
}

/** A prefix ends with `/` and is a key without it. */
export function assertPrefix(prefix: string): string {
  if (!prefix.endsWith('/') || !isValidKey(prefix.slice(0, -1)))
    throw new Error(`Invalid file prefix: ${JSON.stringify(prefix.slice(0, 100))}`);
  return prefix;
}

/**
 * Before server/storage, files were kept as `<kind>/<shop id>/<name>` (uploads, generated). Old
 * references (in the database until migration 0024 rewrote them, in metafields already written,
 * in caches) name them so: they map to today's key.
 */
const LEGACY = /^(uploads|generated)\/([1-9][0-9]{0,17})\/(.+)$/;

export function currentKey(key: string): string {
  const legacy = LEGACY.exec(key);
  return legacy ? `shops/${legacy[2]}/${legacy[1]}/${legacy[3]}` : key;
}

/** May this shop read the key (its own files and the shared ones; never another shop's)? */
export function shopMayRead(shopId: number, key: string): boolean {
  return key.startsWith(shopPrefix(shopId)) || SHARED_PREFIXES.some((p) => key.startsWith(p));
}
