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

/**
 * `url` asking for an image `cssPixels` wide on a screen of twice the density
 * (sharp on phones and retina screens): on Shopify's CDN only, and never for
 * anything that is not an absolute https URL (the app's own files, an icon) —
 * those come back unchanged.
 */
export function sizedImageUrl(url: string, cssPixels: number): string {
  if (!url.startsWith('https://')) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (!SHOPIFY_IMAGE_CDN_HOSTS.has(parsed.hostname)) return url;
  parsed.searchParams.set('width', String(Math.round(cssPixels * 2)));
  return parsed.toString();
}

/** Polaris Thumbnail's sizes, in CSS pixels. */
export const THUMBNAIL_PX = { small: 40, medium: 60, large: 80 } as const;
