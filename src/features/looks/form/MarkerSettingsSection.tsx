import { BlockStack, Card, SkeletonBodyText, Text } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import { FormHexColorField } from '../../../components/HexColorField';
import { lazyOnce } from '../../../components/lazyOnce';
import type { LookRelatedItem } from '../../../contracts/looks';

/**
 * The markers' editor and sliders, loaded once the look has a related item (a new look's first load
 * does not carry them); the edit page preloads them with its chunk (LookEditPage's `preload`).
 */
const placement = lazyOnce(() => import(/* webpackChunkName: "marker-placement" */ './MarkerPlacement'));
export const loadMarkerPlacement = placement.load;

/** Marker settings (only for the 'shoppable' template): colour without alpha, X/Y per related item 0–100 step 1. */
export function MarkerSettingsSection() {
  const intl = useIntl();
  const { input } = useField<LookRelatedItem[]>('relatedItems');
  const items = input.value || [];
  const t = (id: string) => intl.formatMessage({ id });

  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {t('Looks.marker.title')}
          </Text>
          <Text as="p" tone="subdued">
            {t('Looks.marker.description')}
          </Text>
        </BlockStack>
        <FormHexColorField name="markerColor" label={t('Looks.marker.color')} />
        {items.length === 0 ? (
          <Text as="p" tone="subdued">
            {t('Looks.marker.empty')}
          </Text>
        ) : (
          <placement.Slot fallback={<SkeletonBodyText lines={4} />} />
        )}
      </BlockStack>
    </Card>
  );
}
