import { useState } from 'react';
import { Banner, BlockStack, Layout, Page } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { generationBody } from '../../contracts/gallery';
import { CreditBalanceCard, CreditPackagesCard, PurchaseReturn } from '../credits';
import { useCreateGenerationMutation } from './galleryApi';
import { useGalleryLook } from './galleryLooks';
import { GalleryGate } from './components/GalleryGate';
import { GenerationForm, type GenerationFormSubmit } from './components/GenerationForm';
import { HowItWorksCard, PreviewPlaceholder, TipsCard } from './components/GalleryInfoCards';
import { generationErrorText } from './generationErrors';

/** /gallery/new: credits, the generation form, packages and the purchase return. */
export default function GalleryNewPage() {
  return (
    <GalleryGate needsGeneration>
      <GalleryNew />
    </GalleryGate>
  );
}

function GalleryNew() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const preselectId = Number(params.get('productLookId'));
  const hasPreselect = Number.isSafeInteger(preselectId) && preselectId > 0;
  const preselect = useGalleryLook(hasPreselect ? preselectId : null);
  const [create, { isLoading }] = useCreateGenerationMutation();
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async ({ look, imageType, customPrompt }: GenerationFormSubmit) => {
    setError(null);
    try {
      const { imageGenerationId } = await create({
        productLookId: look.id,
        ...generationBody({ imageType, customPrompt }),
      }).unwrap();
      navigate(`/gallery/edit/${imageGenerationId}`);
    } catch (e) {
      setError(generationErrorText(intl, e));
    }
  };

  const waitingForPreselect = hasPreselect && preselect.isLoading;

  return (
    <Page title={t('Pages.galleryNew.title')} backAction={{ content: t('Pages.gallery.title'), url: '/gallery' }}>
      <BlockStack gap="400">
        <PurchaseReturn />
        {hasPreselect && preselect.isError && <Banner tone="warning">{t('Gallery.form.preselectFailed')}</Banner>}
        <Layout>
          <Layout.Section>
            <BlockStack gap="400">
              {!waitingForPreselect && (
                <GenerationForm
                  key={preselect.data?.id ?? 'none'}
                  look={preselect.data ?? null}
                  generating={false}
                  submitting={isLoading}
                  submitLabel={t('Gallery.form.generate')}
                  error={error}
                  onDismissError={() => setError(null)}
                  onSubmit={onSubmit}
                />
              )}
              <PreviewPlaceholder />
            </BlockStack>
          </Layout.Section>
          <Layout.Section variant="oneThird">
            <BlockStack gap="400">
              <CreditBalanceCard />
              <CreditPackagesCard />
              <HowItWorksCard />
              <TipsCard />
            </BlockStack>
          </Layout.Section>
        </Layout>
      </BlockStack>
    </Page>
  );
}
