import { Banner, BlockStack, Box, Button, Card, ChoiceList, InlineStack, Text, TextField } from '@shopify/polaris';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { CUSTOM_PROMPT_MAX, IMAGE_TYPES, type ImageType } from '../../../contracts/gallery';
import type { GalleryLook } from '../galleryLooks';
import { LookSearch } from './LookSearch';
import { ProductThumbnail } from '../../../components/ProductThumbnail';

export interface GenerationFormSubmit {
  look: GalleryLook;
  imageType: ImageType;
  customPrompt: string;
}

interface Props {
  /** Preselected (new) or locked (edit) look. */
  look: GalleryLook | null;
  lookLocked?: boolean;
  initialImageType?: ImageType;
  initialPrompt?: string | null;
  generating: boolean;
  submitting: boolean;
  submitLabel: string;
  /** Banner above the form (preselect failure, API errors). */
  error?: string | null;
  onDismissError?(): void;
  onSubmit(values: GenerationFormSubmit): void;
}

/**
 * The generation form (new and edit): look (searched, or locked on edit),
 * image type flat_lay|model, optional custom prompt. Generate needs a look
 * and is disabled while a generation runs.
 */
export function GenerationForm({
  look: initialLook,
  lookLocked,
  initialImageType = 'flat_lay',
  initialPrompt,
  generating,
  submitting,
  submitLabel,
  error,
  onDismissError,
  onSubmit,
}: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [look, setLook] = useState<GalleryLook | null>(initialLook);
  const [imageType, setImageType] = useState<ImageType>(initialImageType);
  const [customPrompt, setCustomPrompt] = useState(initialPrompt ?? '');
  const [tried, setTried] = useState(false);
  const current = lookLocked ? initialLook : look;
  // Picking a look replaces the search by the look (focus goes to its Change button), Change brings
  // the search back (focus goes to it): the keyboard never falls back to the top of the page.
  const lookBox = useRef<HTMLDivElement>(null);
  const picked = useRef(false);
  useEffect(() => {
    if (!picked.current) return;
    picked.current = false;
    lookBox.current?.querySelector<HTMLElement>('button, input')?.focus();
  }, [look]);
  const pickLook = (next: GalleryLook | null) => {
    picked.current = true;
    setLook(next);
  };
  const canGenerate = !!current && !generating && !submitting;

  const submit = () => {
    setTried(true);
    if (!current || generating) return;
    onSubmit({ look: current, imageType, customPrompt });
  };

  return (
    <Card>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <BlockStack gap="400">
          <Text as="h2" variant="headingMd">
            {t('Gallery.form.title')}
          </Text>
          {error && (
            <Banner tone="critical" onDismiss={onDismissError}>
              {error}
            </Banner>
          )}
          <div ref={lookBox}>
            {current ? (
              <BlockStack gap="100">
                <Text as="span" variant="bodyMd">
                  {t('Gallery.form.look')}
                </Text>
                <Box padding="200" borderWidth="025" borderColor="border" borderRadius="200">
                  <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
                    <InlineStack gap="300" blockAlign="center" wrap={false}>
                      <ProductThumbnail image={current.imageUrl} size="small" />
                      <Text as="span" fontWeight="semibold" id="selected-look">
                        {current.title}
                      </Text>
                    </InlineStack>
                    {lookLocked ? (
                      <Text as="span" tone="subdued">
                        {t('Gallery.form.lookLocked')}
                      </Text>
                    ) : (
                      <Button
                        variant="plain"
                        onClick={() => pickLook(null)}
                        disabled={generating}
                        accessibilityLabel={t('Gallery.form.changeLookLabel', { title: current.title })}
                      >
                        {t('Gallery.form.changeLook')}
                      </Button>
                    )}
                  </InlineStack>
                </Box>
              </BlockStack>
            ) : (
              <LookSearch onSelect={pickLook} error={tried && !current ? t('Gallery.form.lookRequired') : undefined} />
            )}
          </div>
          <ChoiceList
            title={t('Gallery.form.imageType')}
            choices={IMAGE_TYPES.map((type) => ({
              label: t(`Gallery.type.${type}`),
              value: type,
              helpText: t(`Gallery.typeHelp.${type}`),
            }))}
            selected={[imageType]}
            onChange={([value]) => setImageType(value as ImageType)}
            disabled={generating}
          />
          <TextField
            label={t('Gallery.form.customPrompt')}
            helpText={t('Gallery.form.customPromptHelp')}
            value={customPrompt}
            onChange={setCustomPrompt}
            multiline={3}
            maxLength={CUSTOM_PROMPT_MAX}
            showCharacterCount
            autoComplete="off"
            disabled={generating}
          />
          <InlineStack align="end">
            <Button variant="primary" submit loading={submitting} disabled={!canGenerate}>
              {submitLabel}
            </Button>
          </InlineStack>
        </BlockStack>
      </form>
    </Card>
  );
}
