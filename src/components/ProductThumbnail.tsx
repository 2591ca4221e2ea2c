import { Thumbnail } from '@shopify/polaris';
import { ImageIcon } from '@shopify/polaris-icons';
import { sizedImageUrl, THUMBNAIL_PX } from './sizedImageUrl';

/**
 * A product's image as a Polaris Thumbnail, asked of Shopify's image CDN at the
 * thumbnail's size (sizedImageUrl); the image icon when there is none.
 */
export function ProductThumbnail({
  image,
  size,
}: {
  image: string | null | undefined;
  size: keyof typeof THUMBNAIL_PX;
}) {
  return <Thumbnail source={image ? sizedImageUrl(image, THUMBNAIL_PX[size]) : ImageIcon} alt="" size={size} />;
}
