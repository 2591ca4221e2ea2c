import fs from 'node:fs/promises';
import path from 'node:path';

/** One product photo of a look, with the product it shows (markers are matched by product id). */
export interface LookProductImage {
  productId: string;
  image: string;
  /** The look's main product (its selected image); the others are related items. */
  main: boolean;
}

/** Images of a look, in order: main product (selected image first), then related items with an image. */
export interface LookImages {
  title: string;
  products: LookProductImage[];
}

const MAX_REMOTE_BYTES = 8 * 1024 * 1024;
const REMOTE_TIMEOUT_MS = 5000;

/**
 * Reads an image referenced by a look: a relative /files/… URL is read from
 * the files folder (never outside it), an http(s) URL is fetched with a
 * timeout and a size cap. Anything else is refused.
 */
export async function loadImage(filesDir: string, url: string, fetchImpl: typeof fetch = fetch, appUrl?: string): Promise<Buffer> {
  if (/^https?:\/\//i.test(url)) {
    // An absolute URL of this app's own files is read from disk, not fetched.
    const parsed = new URL(url);
    if (appUrl && parsed.origin === new URL(appUrl).origin && parsed.pathname.startsWith('/files/')) url = parsed.pathname;
    else return fetchRemote(url, fetchImpl);
  }
  const clean = url.split(/[?#]/)[0];
  if (!clean.startsWith('/files/')) throw new Error(`Unsupported image URL: ${url.slice(0, 100)}`);
  let relative: string;
  try {
    relative = decodeURIComponent(clean.slice('/files/'.length));
  } catch {
    throw new Error('Invalid image path');
  }
  const root = path.resolve(filesDir);
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) throw new Error('Image path outside the files folder');
  const real = await fs.realpath(file);
  const realRoot = await fs.realpath(root);
  if (!real.startsWith(realRoot + path.sep)) throw new Error('Image path outside the files folder');
  return fs.readFile(real);
}

async function fetchRemote(url: string, fetchImpl: typeof fetch): Promise<Buffer> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REMOTE_TIMEOUT_MS);
  try {
    const res = await fetchImpl(url, { signal: controller.signal, redirect: 'follow' });
    if (!res.ok || !res.body) throw new Error(`Image download failed (${res.status})`);
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (declared > MAX_REMOTE_BYTES) throw new Error('Image too large');
    const chunks: Buffer[] = [];
    let size = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_REMOTE_BYTES) {
        controller.abort();
        throw new Error('Image too large');
      }
      chunks.push(Buffer.from(value));
    }
    return Buffer.concat(chunks);
  } finally {
    clearTimeout(timer);
  }
}
