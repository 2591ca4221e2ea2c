import type { ReactNode } from 'react';
import { Card, Page } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useShop } from '../../shop';
import { PaintedEmptyState } from '../../../components/PaintedEmptyState';

/** The gallery needs the shop's imageGalleryEnabled option (and, to generate, the AI generation flag). */
export function GalleryGate({ needsGeneration, children }: { needsGeneration?: boolean; children: ReactNode }) {
  const intl = useIntl();
  const { options } = useShop();
  const enabled = options.imageGalleryEnabled && (!needsGeneration || options.aiImageGenerationEnabled);
  if (enabled) return <>{children}</>;
  return (
    <Page title={intl.formatMessage({ id: 'Pages.gallery.title' })}>
      <Card>
        <PaintedEmptyState heading={intl.formatMessage({ id: 'Gallery.disabled.title' })}>
          <p>{intl.formatMessage({ id: 'Gallery.disabled.description' })}</p>
        </PaintedEmptyState>
      </Card>
    </Page>
  );
}
