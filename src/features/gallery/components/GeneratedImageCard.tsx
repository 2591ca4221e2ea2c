import { BlockStack, Box, Button, ButtonGroup, Card, Icon, InlineStack, Spinner, Text } from '@shopify/polaris';
import { ImageIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import type { ImageGeneration } from '../../../contracts/gallery';
import { DownloadButton } from './DownloadButton';

/** The card's image area while there is no image: its content centred in a column. */
const centredColumn = (gap: number) =>
  ({
    minHeight: 260,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexDirection: 'column',
    gap,
  }) as const;

/**
 * The generated image with its download button; a spinner while generating. `lookUrl`: "Use on
 * look" opens the look form with this image chosen (its markers placed where the image shows the items).
 */
export function GeneratedImageCard({
  generation,
  generating,
  lookUrl,
}: {
  generation: ImageGeneration;
  generating: boolean;
  lookUrl?: string;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t('Gallery.image.title')}
          </Text>
          {!generating && (
            <ButtonGroup>
              {lookUrl && generation.generatedImageUrl && <Button url={lookUrl}>{t('Gallery.image.useOnLook')}</Button>}
              <DownloadButton generation={generation} variant="primary" />
            </ButtonGroup>
          )}
        </InlineStack>
        <Box background="bg-surface-secondary" borderRadius="200" minHeight="260px" padding="200">
          {generating ? (
            <div style={centredColumn(12)}>
              <Spinner accessibilityLabel={t('Generation.panel.inProgress')} />
              <Text as="p" tone="subdued">
                {t('Gallery.image.generating')}
              </Text>
            </div>
          ) : generation.generatedImageUrl ? (
            <img
              src={generation.generatedImageUrl}
              alt={`${generation.title} – ${t(`Gallery.type.${generation.imageType}`)}`}
              style={{ display: 'block', width: '100%', maxHeight: 640, objectFit: 'contain', borderRadius: 8 }}
              data-testid="generated-image"
            />
          ) : (
            <div style={centredColumn(8)}>
              <Icon source={ImageIcon} tone="subdued" />
              <Text as="p" tone="subdued">
                {t('Gallery.image.none')}
              </Text>
            </div>
          )}
        </Box>
      </BlockStack>
    </Card>
  );
}
