/**
 * Hosts of Shopify's image CDN, which resizes an image to the `width` query
 * parameter (as Hydrogen's image loader asks it). A product image there is
 * often 2048 px and hundreds of KB; a 40 px thumbnail needs a few KB.
 */
const SHOPIFY_IMAGE_CDN_HOSTS = new Set([
  'cdn.shopify.com',
  'cdn.shopifycdn.net',
  'shopify-assets.shopifycdn.com',
  'shopify-assets.shopifycdn.net',
]);

/** The app's own files (server/routes/files.ts), served at a width too: their path, relative or on the app's origin. */
const APP_FILES = /^\/files\/[^?#]+\.(jpe?g|png|webp)$/i;

/**
 * `url` asking for an image `cssPixels` wide on a screen of twice the density
 * (sharp on phones and retina screens): on Shopify's CDN (its `width`) and for
 * the app's own files (`/files/…?width=`, the widths server/routes/fileWidths.ts
 * serves: the thumbnails'); anything else (another host, an icon, a bucket's
 * public URL) comes back unchanged.
 */
export function sizedImageUrl(url: string, cssPixels: number): string {
  const width = String(Math.round(cssPixels * 2));
  if (APP_FILES.test(url)) return `${url}?width=${width}`;
  if (!url.startsWith('https://') && !url.startsWith('http://')) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (APP_FILES.test(parsed.pathname) && !parsed.search) {
    parsed.searchParams.set('width', width);
    return parsed.toString();
  }
  if (parsed.protocol !== 'https:' || !SHOPIFY_IMAGE_CDN_HOSTS.has(parsed.hostname)) return url;
  parsed.searchParams.set('width', width);
  return parsed.toString();
}

/** Polaris Thumbnail's sizes, in CSS pixels. */
export const THUMBNAIL_PX = { small: 40, medium: 60, large: 80 } as const;
