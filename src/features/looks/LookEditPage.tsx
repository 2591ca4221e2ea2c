import { useEffect, useMemo, useRef, useState } from 'react';
import { BlockStack, Button, Card, Page, SkeletonBodyText, SkeletonPage, Text, Banner } from '@shopify/polaris';
import { ExternalIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { toFormValues, type LookFormValues } from '../../contracts/looks';
import { errorStatus } from '../../api/errors';
import { useHost } from '../../host/HostContext';
import { track } from '../../analytics/tracker';
import { useAppDispatch } from '../../app/hooks';
import { lookApi, useGetLookQuery, useUpdateLookMutation } from './lookApi';
import { LookForm, loadGeneratedImages } from './form/LookForm';
import { loadRelatedItemsList } from './form/RelatedItemsSection';
import { loadMarkerPlacement } from './form/MarkerSettingsSection';
import { loadDiscountDetails } from './form/DiscountSection';
import { UpgradeBanner } from './form/UpgradeBanner';
import { DeletedProductsBanner } from './form/DeletedProductsBanner';
import { SoldOutItemsBanner } from './form/SoldOutItemsBanner';
import { useLookSubmitErrors } from './useLookSubmit';
import { LooksEmptyState } from './list/LooksEmptyState';
import { ExperimentsCard, loadCreateExperimentForm } from '../experiments';

/** /looks/edit/:id: loads the look, PATCH on save, "View live" once a preview URL is known. */
/**
 * A saved look has related products (their list and their markers' placement),
 * maybe a discount, generated images to choose from, and an A/B test card: those chunks load with the page's
 * (routes.tsx), before it renders.
 */
export const preload = () =>
  Promise.all([
    loadRelatedItemsList(),
    loadCreateExperimentForm(),
    loadMarkerPlacement(),
    loadDiscountDetails(),
    loadGeneratedImages(),
  ]);

export default function LookEditPage() {
  const intl = useIntl();
  const host = useHost();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { id = '' } = useParams();
  // ?generation=<id>: the gallery's "Use on look" (that generated image becomes the look image, markers placed).
  const [search] = useSearchParams();
  const applyGenerationId = Number(search.get('generation')) || null;
  const { data, isLoading, isError, error, refetch } = useGetLookQuery(id);
  const [updateLook] = useUpdateLookMutation();
  const [upgradeRequired, setUpgradeRequired] = useState(false);
  const submitErrors = useLookSubmitErrors(() => setUpgradeRequired(true), 'Looks.notifications.updateError');
  const viewed = useRef<string | null>(null);

  useEffect(() => {
    if (data && viewed.current !== id) {
      viewed.current = id;
      track('look_viewed', { id: Number(id) });
    }
  }, [data, id]);

  const initialValues = useMemo(() => (data ? toFormValues(data.look) : undefined), [data]);
  const t = (key: string) => intl.formatMessage({ id: key });

  if (isLoading) {
    return (
      <SkeletonPage title={t('Looks.form.editTitle')} primaryAction backAction>
        <Card>
          <SkeletonBodyText lines={8} />
        </Card>
      </SkeletonPage>
    );
  }

  if (!data || !initialValues) {
    const missing = errorStatus(error) === 404;
    return (
      <Page title={t('Looks.form.editTitle')} backAction={{ content: t('Looks.form.back'), url: '/looks' }}>
        <Card>
          {missing ? (
            <LooksEmptyState
              heading={t('Looks.form.notFound.title')}
              action={{ content: t('Looks.form.back'), onAction: () => navigate('/looks') }}
            >
              <p>{t('Looks.form.notFound.description')}</p>
            </LooksEmptyState>
          ) : (
            <BlockStack gap="300" inlineAlign="start">
              <Text as="h2" variant="headingMd">
                {t('General.loadError.title')}
              </Text>
              {isError && <Banner tone="critical">{t('General.loadError.description')}</Banner>}
              <Button onClick={() => refetch()}>{t('General.actions.retry')}</Button>
            </BlockStack>
          )}
        </Card>
      </Page>
    );
  }

  const onSubmit = async (values: LookFormValues) => {
    try {
      const saved = await updateLook({ id, values }).unwrap();
      // The saved look becomes the form's initial values at once (not dirty any more).
      dispatch(lookApi.util.upsertQueryData('getLook', id, saved));
      track('look_updated', { id: Number(id), active: values.active, relatedItems: values.relatedItems.length });
      host.toast(t('Looks.notifications.updateSuccess'));
      setUpgradeRequired(false);
      return undefined;
    } catch (e) {
      return submitErrors(e);
    }
  };

  const previewUrl = data.previewUrl;
  return (
    <LookForm
      title={data.look.title || t('Looks.form.editTitle')}
      initialValues={initialValues}
      onSubmit={onSubmit}
      lookId={data.look.id}
      aside={<ExperimentsCard lookId={data.look.id} images={lookImages(data.look)} />}
      applyGenerationId={applyGenerationId}
      notices={
        <>
          <DeletedProductsBanner look={data.look} deletedProducts={data.deletedProducts} />
          <SoldOutItemsBanner look={data.look} soldOutProducts={data.soldOutProducts} />
          {upgradeRequired && <UpgradeBanner tone="critical" onDismiss={() => setUpgradeRequired(false)} />}
        </>
      }
      secondaryActions={
        previewUrl
          ? [
              {
                content: t('Looks.actions.viewLive'),
                icon: ExternalIcon,
                onAction: () => void window.open(previewUrl, '_blank', 'noopener,noreferrer'),
              },
            ]
          : undefined
      }
    />
  );
}

/** The images an A/B test variant of a look may show: its product's images and its media. */
function lookImages(look: LookFormValues): string[] {
  const main = look.mainProduct;
  return [
    ...new Set(
      [main.selectedMainImage ?? '', main.image, ...(main.productImages ?? []), ...look.media.map((m) => m.url)].filter(
        Boolean,
      ),
    ),
  ];
}
