import { useState } from 'react';
import { Banner, BlockStack, Button, Card, DropZone, InlineStack, Spinner, Text, Thumbnail } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import type { LookMainProduct, LookMedia } from '../../../contracts/looks';
import { useUploadLookMediaMutation } from '../lookApi';

export type UploadState = 'idle' | 'uploading' | 'error';

const isImage = (file: File) => file.type.startsWith('image/');

/**
 * Look image: one image file at a time; states idle, uploading, error. An uploaded photo can become
 * the look image (the storefront's image with the markers), where the hotspot editor looks for the
 * look's products in it.
 */
export function MediaSection() {
  const intl = useIntl();
  const { input } = useField<LookMedia[]>('media');
  const { input: main } = useField<LookMainProduct>('mainProduct');
  const media = input.value || [];
  const [upload] = useUploadLookMediaMutation();
  const [state, setState] = useState<UploadState>('idle');
  const [rejected, setRejected] = useState(false);
  const t = (id: string) => intl.formatMessage({ id });

  const onDrop = async (_all: File[], accepted: File[], rejectedFiles: File[]) => {
    const file = accepted[0];
    setRejected(!file || rejectedFiles.length > 0 || accepted.length > 1);
    if (!file || !isImage(file)) return;
    setState('uploading');
    try {
      const result = await upload(file).unwrap();
      input.onChange([{ id: result.productLookMediaId, url: result.url }]);
      setState('idle');
      setRejected(false);
    } catch {
      setState('error');
    }
  };

  return (
    <Card>
      <BlockStack gap="300">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {t('Looks.media.title')}
          </Text>
          <Text as="p" tone="subdued">
            {t('Looks.media.description')}
          </Text>
        </BlockStack>
        {state === 'error' && (
          <Banner tone="critical" onDismiss={() => setState('idle')}>
            <span data-testid="upload-error">{t('Looks.media.error')}</span>
          </Banner>
        )}
        {rejected && state !== 'error' && (
          <Banner tone="warning" onDismiss={() => setRejected(false)}>
            {t('Looks.media.onlyImages')}
          </Banner>
        )}
        {media.map((item) => (
          <InlineStack key={item.id} gap="300" blockAlign="center">
            <Thumbnail source={item.url} alt={t('Looks.media.alt')} size="large" />
            {main.value?.itemId ? (
              <Button
                pressed={main.value.selectedMainImage === item.url}
                onClick={() => main.onChange({ ...main.value, selectedMainImage: item.url })}
              >
                {t(
                  main.value.selectedMainImage === item.url ? 'Looks.media.isLookImage' : 'Looks.media.useAsLookImage',
                )}
              </Button>
            ) : null}
            <Button
              variant="tertiary"
              tone="critical"
              onClick={() => input.onChange(media.filter((m) => m.id !== item.id))}
            >
              {t('Looks.media.remove')}
            </Button>
          </InlineStack>
        ))}
        <DropZone
          accept="image/*"
          type="image"
          allowMultiple={false}
          disabled={state === 'uploading'}
          onDrop={onDrop}
          label={t('Looks.media.title')}
          labelHidden
        >
          {state === 'uploading' ? (
            <div
              style={{
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                gap: 8,
                height: '100%',
                padding: 16,
              }}
            >
              <Spinner size="small" accessibilityLabel={t('Looks.media.uploading')} />
              <Text as="span">{t('Looks.media.uploading')}</Text>
            </div>
          ) : (
            <DropZone.FileUpload actionTitle={t('Looks.media.drop')} actionHint={t('Looks.media.dropHint')} />
          )}
        </DropZone>
      </BlockStack>
    </Card>
  );
}
