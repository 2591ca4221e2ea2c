import type { Config } from '../config';
import { currentKey, isValidKey } from './keys';

/** The path the app serves a key at (the form references are stored in). */
export const FILES_PATH = '/files/';

/**
 * A key from the part of a URL path after `/files/` (percent-decoded, legacy layout mapped);
 * null when it is no well-formed key. What a client sends is never more than this: the key is
 * checked again by the backends, and reads for a shop by shopMayRead.
 */
export function keyFromPath(rest: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest.split(/[?#]/)[0]);
  } catch {
    return null;
  }
  const key = currentKey(decoded);
  return isValidKey(key) ? key : null;
}

/**
 * References to the app's files and their URLs. The database keeps `/files/<key>` (or, for
 * uploads, `${APP_URL}/files/<key>`, as the admin shows it); storefronts and metafields get
 * `${FILES_PUBLIC_URL}/<key>`, a CDN or bucket address that no instance has to serve.
 */
export class FileUrls {
  private readonly appFiles: string;
  private readonly publicBase: string;

  constructor(config: Pick<Config, 'appUrl' | 'files'>) {
    this.appFiles = `${config.appUrl}${FILES_PATH}`;
    this.publicBase = `${config.files.publicUrl}/`;
  }

  /** `/files/<key>`: the stored form. */
  path(key: string): string {
    return `${FILES_PATH}${key}`;
  }

  /** `${APP_URL}/files/<key>`: served by any instance. */
  appUrl(key: string): string {
    return `${this.appFiles}${key}`;
  }

  /** `${FILES_PUBLIC_URL}/<key>` (default: the app's URL). */
  publicUrl(key: string): string {
    return `${this.publicBase}${key}`;
  }

  /**
   * The key a reference names — `/files/<key>`, `${APP_URL}/files/<key>` or `${FILES_PUBLIC_URL}/<key>`
   * (query and fragment dropped) — or null for anything else (another site's image, a malformed key).
   */
  keyOf(ref: string): string | null {
    for (const base of [FILES_PATH, this.appFiles, this.publicBase]) {
      if (ref.startsWith(base)) return keyFromPath(ref.slice(base.length));
    }
    return null;
  }

  /** Does the reference point at the app's files (well-formed key or not)? */
  isFileRef(ref: string): boolean {
    return [FILES_PATH, this.appFiles, this.publicBase].some((base) => ref.startsWith(base));
  }

  /** A stored image reference as a storefront loads it: the app's files at the public base, anything else unchanged. */
  publicRef(ref: string): string;
  publicRef(ref: string | null): string | null;
  publicRef(ref: string | null): string | null {
    if (!ref) return ref;
    const key = this.keyOf(ref);
    return key ? this.publicUrl(key) : ref;
  }
}
