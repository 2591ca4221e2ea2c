import { useEffect, useRef, useState } from 'react';
import {
  BlockStack,
  Button,
  Card,
  InlineStack,
  Layout,
  Page,
  SkeletonBodyText,
  SkeletonPage,
  Text,
} from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { errorStatus } from '../../api/errors';
import { generationBody } from '../../contracts/gallery';
import { CreditBalanceCard } from '../credits';
import { useGetGenerationQuery, useUpdateGenerationMutation } from './galleryApi';
import { useGalleryLook } from './galleryLooks';
import { selectGenerationStream, stopGenerationStream } from './stream/generationStreamSlice';
import { openGenerationStream } from './stream/openGenerationStream';
import { GalleryGate } from './components/GalleryGate';
import { GenerationForm, type GenerationFormSubmit } from './components/GenerationForm';
import { GeneratedImageCard } from './components/GeneratedImageCard';
import { panelState, StatusPanel } from './components/StatusPanel';

/** /gallery/edit/:id: the generation, its live status (stream), image, and the form with the look locked. */
export default function GalleryEditPage() {
  return (
    <GalleryGate needsGeneration>
      <GalleryEdit />
    </GalleryGate>
  );
}

function GalleryEdit() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const { id = '' } = useParams();
  // currentData: never the previous generation's data while another id loads.
  const { currentData: data, isError, error, refetch } = useGetGenerationQuery(id, { refetchOnMountOrArgChange: true });
  const lookId = data?.productLook.id ?? null;
  const look = useGalleryLook(lookId);
  const stream = useAppSelector(selectGenerationStream);
  const [update, { isLoading: saving }] = useUpdateGenerationMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const opened = useRef<string | null>(null);

  // Opening the page: no image yet → the live stream (which starts the generation). Leaving closes it.
  useEffect(() => {
    if (!data || String(data.id) !== id || opened.current === id) return;
    opened.current = id;
    if (!data.generatedImageUrl) dispatch(openGenerationStream(id));
  }, [data, id, dispatch]);
  useEffect(() => () => void dispatch(stopGenerationStream()), [dispatch, id]);

  if (!data && !isError) {
    return (
      <SkeletonPage primaryAction backAction>
        <Card>
          <SkeletonBodyText lines={6} />
        </Card>
      </SkeletonPage>
    );
  }
  if (isError || !data) {
    const notFound = errorStatus(error) === 404;
    return (
      <Page title={t('Pages.galleryEdit.title')}>
        <Card>
          <BlockStack gap="300" inlineAlign="start">
            <Text as="h2" variant="headingMd">
              {t(notFound ? 'Gallery.edit.notFound' : 'Gallery.edit.loadError')}
            </Text>
            <InlineStack gap="200">
              {!notFound && (
                <Button variant="primary" onClick={() => void refetch()}>
                  {t('General.actions.retry')}
                </Button>
              )}
              <Button onClick={() => navigate('/gallery')}>{t('General.actions.back')}</Button>
            </InlineStack>
          </BlockStack>
        </Card>
      </Page>
    );
  }

  const mine = stream.generationId === id;
  const streaming = mine && (stream.connection === 'connecting' || stream.connection === 'connected');
  const status = (mine && stream.lastStatus) || data.status;
  const streamFailed = mine && (stream.outcome === 'error' || stream.outcome === 'timeout');
  const state = panelState(status, streaming, !!data.generatedImageUrl, streamFailed);
  const generating = state === 'inProgress' || state === 'starting';
  const failure = (streamFailed ? stream.errorMessage : null) || data.errorMessage;
  // A provider failure is stored as its translation key (Generation.failure.<kind>); older messages are plain text.
  const failureText = failure && intl.messages[failure] ? t(failure) : failure;

  const onSubmit = async ({ imageType, customPrompt }: GenerationFormSubmit) => {
    setFormError(null);
    try {
      await update({ id, data: generationBody({ imageType, customPrompt }) }).unwrap();
    } catch {
      setFormError(t('Generation.errors.updateFailed'));
      return;
    }
    dispatch(openGenerationStream(id));
  };

  return (
    <Page
      title={data.title || t('Pages.galleryEdit.title')}
      subtitle={t(`Gallery.type.${data.imageType}`)}
      backAction={{ content: t('Pages.gallery.title'), url: '/gallery' }}
    >
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <GeneratedImageCard
              generation={data}
              generating={generating}
              lookUrl={lookId && status === 'COMPLETED' ? `/looks/edit/${lookId}?generation=${data.id}` : undefined}
            />
            <GenerationForm
              key={data.id}
              look={
                lookId
                  ? { id: lookId, title: data.productLook.title, imageUrl: look.data?.imageUrl ?? null }
                  : { id: 0, title: data.productLook.title, imageUrl: null }
              }
              lookLocked
              initialImageType={data.imageType}
              initialPrompt={data.customPrompt}
              generating={generating}
              submitting={saving}
              submitLabel={t('Gallery.form.saveAndGenerate')}
              error={formError}
              onDismissError={() => setFormError(null)}
              onSubmit={onSubmit}
            />
          </BlockStack>
        </Layout.Section>
        <Layout.Section variant="oneThird">
          <BlockStack gap="400">
            <StatusPanel
              state={state}
              status={status}
              error={failureText}
              reconnecting={mine && stream.connection === 'connecting' && stream.reconnectAttempt > 0}
              lost={mine && stream.connection === 'error'}
              onReconnect={() => dispatch(openGenerationStream(id))}
            />
            <CreditBalanceCard />
          </BlockStack>
        </Layout.Section>
      </Layout>
    </Page>
  );
}
