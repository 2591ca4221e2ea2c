import { BlockStack, InlineGrid, Text } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import { HotspotEditor } from './HotspotEditor';
import { NamedRangeSlider } from './NamedRangeSlider';
import { MARKER_TITLE_TRUNCATE, truncate, type LookRelatedItem } from '../../../contracts/looks';

/**
 * Where each related item's marker sits: dragged on the main image (HotspotEditor, with its
 * suggestions) or set by X/Y sliders, 0–100 step 1. A chunk of its own (MarkerSettingsSection):
 * a new look has no related items at first, so its first load carries neither the editor nor
 * Polaris' RangeSlider.
 */
export default function MarkerPlacement() {
  const intl = useIntl();
  const { input } = useField<LookRelatedItem[]>('relatedItems');
  const items = input.value || [];
  const t = (id: string) => intl.formatMessage({ id });
  const setMarker = (index: number, key: 'markerX' | 'markerY', value: number) =>
    input.onChange(items.map((item, i) => (i === index ? { ...item, [key]: Math.round(value) } : item)));

  return (
    <>
      <HotspotEditor />
      {items.map((item, index) => (
        <BlockStack gap="200" key={item.itemId}>
          <Text as="h3" variant="headingSm">
            {truncate(item.title, MARKER_TITLE_TRUNCATE)}
          </Text>
          <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
            {(['markerX', 'markerY'] as const).map((axis) => (
              <NamedRangeSlider
                key={axis}
                label={t(axis === 'markerX' ? 'Looks.marker.x' : 'Looks.marker.y')}
                accessibilityLabel={intl.formatMessage(
                  { id: 'Looks.marker.sliderName' },
                  {
                    axis: t(axis === 'markerX' ? 'Looks.marker.x' : 'Looks.marker.y'),
                    number: index + 1,
                    title: item.title,
                  },
                )}
                min={0}
                max={100}
                step={1}
                value={item[axis]}
                output
                onChange={(value) => setMarker(index, axis, Number(value))}
              />
            ))}
          </InlineGrid>
        </BlockStack>
      ))}
    </>
  );
}
