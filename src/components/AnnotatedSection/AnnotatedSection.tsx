import type { ReactNode } from 'react';
import { Layout } from '@shopify/polaris';
import './annotatedSection.css';

interface Props {
  title: ReactNode;
  description?: ReactNode;
  id?: string;
  children?: ReactNode;
}

/**
 * Polaris's Layout.AnnotatedSection with the page's side padding on phones: below the sm breakpoint
 * Polaris cards run edge to edge and the annotation (heading and description) would sit flush
 * against the screen's edge; here it lines up with the cards' content instead.
 */
export function AnnotatedSection({ title, description, id, children }: Props) {
  return (
    <div className="sl-AnnotatedSection" data-testid="annotated-section">
      <Layout.AnnotatedSection id={id} title={title} description={description}>
        {children}
      </Layout.AnnotatedSection>
    </div>
  );
}
