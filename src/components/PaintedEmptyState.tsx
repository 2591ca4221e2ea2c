import { EmptyState, type EmptyStateProps } from '@shopify/polaris';

/**
 * Polaris EmptyState as it is from the first paint: its image, if any, an
 * inline one that never loads (a data: URL). Polaris shows an EmptyState's
 * image only once React has seen it load (after hydration on a page rendered
 * on the server), behind a 226 px round placeholder until then — which stays
 * without an image and moves the page when it goes. The wrapper's class
 * (app/global.css) shows the image at once, at its own size, and never the
 * placeholder.
 */
export function PaintedEmptyState({ image = '', ...props }: Omit<EmptyStateProps, 'image'> & { image?: string }) {
  return (
    <div className="sl-PaintedEmptyState">
      <EmptyState {...props} image={image} />
    </div>
  );
}
