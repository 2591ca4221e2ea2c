import sharp from 'sharp';
import type { FileStorage } from '../storage';

/**
 * The widths (px) a stored image is also served at (`/files/<key>?width=N`): the admin's thumbnails,
 * 40, 60 and 80 CSS px at twice the density (src/components/sizedImageUrl.ts), as Shopify's image CDN
 * serves a product image at the width asked. A list of looks showed each photo whole (the demo
 * catalog's are 600 px) in a 40 px thumbnail. Only these widths: each is made once and stored.
 */
export const FILE_WIDTHS: readonly number[] = [80, 120, 160];

/** The image types resized (sharp writes each back in its own format); others are served as they are. */
const RESIZABLE = /\.(jpe?g|png|webp)$/i;

/** The stored key of `key` at `width`: beside it (`a/b.w80.jpg`), so a prefix's deletion takes it along. */
export function widthKey(key: string, width: number): string {
  const dot = key.lastIndexOf('.');
  return `${key.slice(0, dot)}.w${width}${key.slice(dot)}`;
}

/**
 * The key to serve for `key` at `width`: the stored variant, made now from the original when there is
 * none yet (two instances making it at once write the same bytes); the original's key for a type that
 * is not resized; null when there is no original.
 */
export async function fileAtWidth(storage: FileStorage, key: string, width: number): Promise<string | null> {
  if (!RESIZABLE.test(key)) return key;
  const variant = widthKey(key, width);
  if (await storage.stat(variant)) return variant;
  const original = await storage.read(key);
  if (!original) return null;
  const resized = await sharp(original)
    .resize({ width, height: width, fit: 'inside', withoutEnlargement: true })
    .toBuffer();
  await storage.put(variant, resized);
  return variant;
}
