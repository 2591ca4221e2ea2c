import { EmptyState, type EmptyStateProps } from '@shopify/polaris';
import { EMPTY_LOOKS_ILLUSTRATION } from './emptyIllustration';

/**
 * Polaris EmptyState with the looks illustration, an inline SVG that never
 * loads. Polaris shows an EmptyState's image only once React has seen it load
 * (after hydration), behind a round placeholder of another height until then:
 * a page rendered on the server — a new shop's empty /looks — showed the
 * placeholder for seconds and then moved. The wrapper's class (global.css)
 * shows the illustration at once, at its own size.
 */
export function LooksEmptyState(props: Omit<EmptyStateProps, 'image'>) {
  return (
    <div className="sl-InlineIllustration">
      <EmptyState {...props} image={EMPTY_LOOKS_ILLUSTRATION} />
    </div>
  );
}
