import type { EmptyStateProps } from '@shopify/polaris';
import { PaintedEmptyState } from '../../../components/PaintedEmptyState';
import { EMPTY_LOOKS_ILLUSTRATION } from './emptyIllustration';

/** The looks' empty state with their illustration, visible from the first paint (a new shop's /looks). */
export function LooksEmptyState(props: Omit<EmptyStateProps, 'image'>) {
  return <PaintedEmptyState {...props} image={EMPTY_LOOKS_ILLUSTRATION} />;
}
