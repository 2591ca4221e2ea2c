import type { ImgHTMLAttributes } from 'react';
import { Image, Thumbnail } from '@shopify/polaris';
import { ImageIcon } from '@shopify/polaris-icons';
import { sizedImageUrl, THUMBNAIL_PX } from './sizedImageUrl';

type Size = keyof typeof THUMBNAIL_PX;

/** Polaris Thumbnail's own class names for its frame (the size, the rounded corners, the inset border). */
const FRAME_CLASS: Record<Size, string> = {
  small: 'Polaris-Thumbnail Polaris-Thumbnail--sizeSmall',
  medium: 'Polaris-Thumbnail Polaris-Thumbnail--sizeMedium',
  large: 'Polaris-Thumbnail Polaris-Thumbnail--sizeLarge',
};

/**
 * The image's fetch after the first paint and its decoding off it. Polaris types Image's props as
 * React.HTMLProps, which has no `loading`; Image passes every other prop on to its `<img>`.
 */
const AFTER_THE_PAINT: Pick<ImgHTMLAttributes<HTMLImageElement>, 'loading' | 'decoding'> = {
  loading: 'lazy',
  decoding: 'async',
};

/**
 * A product's image as a Polaris Thumbnail, asked of Shopify's image CDN at the
 * thumbnail's size (sizedImageUrl); the image icon (Polaris Thumbnail itself)
 * when there is none.
 *
 * An image is Polaris' `Image` inside Thumbnail's frame — the same markup
 * Thumbnail renders (ProductThumbnail.test.tsx holds the two side by side) —
 * because Thumbnail gives its `<img>` only `src` and `alt`, and a thumbnail must
 * not compete with the first paint: on a server-rendered list (/looks) the
 * photos were fetched at once beside the stylesheets the paint waits for, on a
 * slow line (issue 26). `loading="lazy"` fetches them once the page is laid
 * out, `decoding="async"` keeps their decoding off the paint. The frame has
 * its size before the image arrives (Thumbnail's square box, the image
 * positioned inside it): nothing moves when it does.
 */
export function ProductThumbnail({ image, size }: { image: string | null | undefined; size: Size }) {
  if (!image) return <Thumbnail source={ImageIcon} alt="" size={size} />;
  const url = sizedImageUrl(image, THUMBNAIL_PX[size]);
  return (
    <span className={FRAME_CLASS[size]}>
      <Image source={url} alt="" {...AFTER_THE_PAINT} {...(ON_SERVER ? paintSource(url) : {})} />
    </span>
  );
}

/**
 * Rendered on the server, the image's address waits in `data-paint-src` until the page has painted:
 * server/ssr/paintFirst.ts's loader sets `src` then, with the app's scripts. A thumbnail in view is
 * fetched at the first layout, before the first paint, and shared the slow line with the stylesheet
 * that paint waits for (`loading="lazy"` does not wait for an image in view). Hydration keeps the
 * `src` the loader set (React does not rewrite attributes it finds); in the browser it is `src` at once.
 */
const ON_SERVER = typeof document === 'undefined';
const paintSource = (url: string) => ({ src: undefined, 'data-paint-src': url });
