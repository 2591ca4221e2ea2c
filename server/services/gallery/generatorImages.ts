import type { ShopFileReader } from '../../storage';

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
 * Reads an image referenced by a look: the app's own files (`/files/…`, at the app's or the public
 * URL) through the storage, within the shop's files (server/storage); another http(s) URL is
 * fetched with a timeout and a size cap. Anything else is refused.
 */
export async function loadImage(
  files: ShopFileReader,
  shopId: number,
  url: string,
  fetchImpl: typeof fetch = fetch,
): Promise<Buffer> {
  const own = await files(shopId, url);
  if (own) return own;
  if (/^https?:\/\//i.test(url)) return fetchRemote(url, fetchImpl);
  throw new Error(`Unsupported image URL: ${url.slice(0, 100)}`);
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
