import type { Readable } from 'node:stream';

/** What a backend knows of a stored file. */
export interface FileInfo {
  key: string;
  size: number;
  contentType: string;
  /** A quoted entity tag (strong for S3, `W/"size-mtime"` for the local directory). */
  etag: string;
  lastModified: Date;
}

/** A file being read: its info and its bytes as a stream (the caller consumes or destroys it). */
export interface OpenedFile extends FileInfo {
  body: Readable;
}

/**
 * The one way the app writes, reads and deletes its files (uploads, generated images, the demo
 * catalog's photos). Two backends: the local directory (localDirectory.ts) and an S3-compatible
 * bucket (s3Bucket.ts); server/storage/storage.contract.test.ts holds both to the same contract.
 * Every method checks its key (keys.ts) and throws on a malformed one.
 */
export interface FileStorage {
  readonly backend: 'local' | 's3';
  /**
   * Stores the bytes under the key, replacing a file already there; readers see the old or the new
   * file, never a part. The content type follows the key's extension (contentTypeOf).
   */
  put(key: string, data: Buffer): Promise<void>;
  /** Opens the file; null when there is none. `ifNoneMatch` equal to its etag answers `notModified` without the bytes. */
  open(
    key: string,
    options?: { ifNoneMatch?: string },
  ): Promise<OpenedFile | { notModified: true; info: FileInfo } | null>;
  /** The whole file; null when there is none. */
  read(key: string): Promise<Buffer | null>;
  /** The file's info; null when there is none. */
  stat(key: string): Promise<FileInfo | null>;
  /** Deletes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Keys under the prefix (ending with `/`), in no particular order. */
  list(prefix: string): AsyncIterable<string>;
  /** Deletes every file under the prefix (ending with `/`) and answers how many went; idempotent. */
  deletePrefix(prefix: string): Promise<number>;
}

/** Cache-Control of a stored file: keys are never reused for other bytes (uuids, generation runs). */
export const FILE_CACHE_CONTROL = 'public, max-age=604800, immutable';

/**
 * The content types the app stores and serves. A small table rather than a MIME library: the app
 * writes only these (re-encoded images, see services/looks/media.ts), and anything else is served
 * as bytes, never as something a browser would run.
 */
const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  txt: 'text/plain; charset=utf-8',
};
const SERVED_TYPES = new Set(Object.values(TYPES));

/** The content type of a key by its extension (application/octet-stream for anything else). */
export function contentTypeOf(key: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase();
  return (ext && TYPES[ext]) || 'application/octet-stream';
}

/** A stored content type as it may be served: one of the table's, else bytes. */
export function servedContentType(stored: string | undefined): string {
  return stored && SERVED_TYPES.has(stored) ? stored : 'application/octet-stream';
}

/** Does an If-None-Match header (`*`, or a list of tags) match the etag (weak comparison, RFC 9110 §13.1.2)? */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header || !etag) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

export const isNotModified = (
  opened: Awaited<ReturnType<FileStorage['open']>>,
): opened is { notModified: true; info: FileInfo } => !!opened && 'notModified' in opened;
