import { useState, type ReactNode } from 'react';
import { Banner, BlockStack, Layout, Page, type PageProps } from '@shopify/polaris';
import { Form, FormSpy } from 'react-final-form';
import type { FormApi, SubmissionErrors } from 'final-form';
import { useIntl } from 'react-intl';
import { FormSaveBar, lazyValidate } from '../../../components/form';
import { LoadErrorPage } from '../../../components/LoadErrorPage/LoadErrorPage';
import { HydrationBoundary } from '../../../components/HydrationBoundary';
import { lazyOnce } from '../../../components/lazyOnce';
import type { LookFormValues } from '../../../contracts/looks';
import { useGetLayoutQuery } from '../../layout';
import { RegisterFields } from './RegisterFields';
import { MainProductSection } from './MainProductSection';
import { RelatedItemsSection } from './RelatedItemsSection';
import { MarkerSettingsSection } from './MarkerSettingsSection';
import { MediaSection } from './MediaSection';
import type { MarkerNote } from './GeneratedImagePicker';
import { DiscountSection } from './DiscountSection';
import { FeaturedSection } from './FeaturedSection';
import { TagsSection } from './TagsSection';
import { StatusSection } from './StatusSection';

/**
 * A saved look's generated images (the gallery's) as a choice of its image, and the gallery's "Use on
 * look": a chunk of their own that the edit page preloads (LookEditPage's `preload`); a new look has none.
 */
const generatedImages = () => import(/* webpackChunkName: "generated-images" */ './GeneratedImagePicker');
const picker = lazyOnce(() => generatedImages().then((m) => ({ default: m.GeneratedImagePicker })));
const applyOnOpen = lazyOnce(() => generatedImages().then((m) => ({ default: m.ApplyGenerationOnOpen })));
export const loadGeneratedImages = () => Promise.all([picker.load(), applyOnOpen.load()]);

// yup and the look schema load when the form is first used, not with the page (lazyValidate).
const validate = lazyValidate(() =>
  import(/* webpackChunkName: "look-form-validate" */ './validateLookForm').then((m) => m.validateLookForm),
);
const sameValues = (a?: object, b?: object) => JSON.stringify(a) === JSON.stringify(b);

export interface LookFormProps {
  title: string;
  initialValues: LookFormValues;
  onSubmit(values: LookFormValues, form: FormApi<LookFormValues>): Promise<SubmissionErrors | void>;
  /** Banners above the form (upgrade notice, preselect error…). */
  notices?: ReactNode;
  /** Shown below the look's status, featured and tags cards (the edit page's A/B tests). */
  aside?: ReactNode;
  secondaryActions?: PageProps['secondaryActions'];
  /** The create page can be saved while pristine (an empty submit shows the errors). */
  savableWhenPristine?: boolean;
  /** A stored look: its generated images are offered as the look image. */
  lookId?: number;
  /** A generated image to use at once (the gallery's "Use on look"). */
  applyGenerationId?: number | null;
}

/** The look form (SPEC §2): every section, save bar, discard, leave confirmation. */
export function LookForm({
  title,
  initialValues,
  onSubmit,
  notices,
  aside,
  secondaryActions,
  savableWhenPristine,
  lookId,
  applyGenerationId,
}: LookFormProps) {
  const intl = useIntl();
  // Marker settings show only for the 'shoppable' template. The form does not wait for the layout,
  // but a failed layout call is a load error: the form without its marker settings would mislead.
  const { shoppable, layoutFailed, refetch } = useGetLayoutQuery(undefined, {
    selectFromResult: ({ data, isError }) => ({
      shoppable: data?.definedTemplate === 'shoppable',
      layoutFailed: isError,
    }),
  });
  const [markerNote, setMarkerNote] = useState<MarkerNote | null>(null);
  const back = { content: intl.formatMessage({ id: 'Looks.form.back' }), url: '/looks' };
  if (layoutFailed) return <LoadErrorPage title={title} backAction={back} onRetry={() => void refetch()} />;
  return (
    <Form<LookFormValues>
      onSubmit={onSubmit}
      initialValues={initialValues}
      initialValuesEqual={sameValues}
      validate={validate}
      subscription={{ submitting: true, pristine: true }}
    >
      {({ handleSubmit, submitting, pristine }) => (
        <form onSubmit={handleSubmit} noValidate>
          <RegisterFields />
          <FormSaveBar />
          <Page
            title={title}
            backAction={back}
            primaryAction={{
              id: 'look-save',
              content: intl.formatMessage({ id: 'General.actions.save' }),
              onAction: () => void handleSubmit(),
              loading: submitting,
              disabled: pristine && !savableWhenPristine,
            }}
            secondaryActions={secondaryActions}
          >
            <BlockStack gap="400">
              {notices}
              <FormSpy subscription={{ submitFailed: true, hasValidationErrors: true, dirtySinceLastSubmit: true }}>
                {({ submitFailed, hasValidationErrors }) =>
                  submitFailed && hasValidationErrors ? (
                    <Banner tone="critical">
                      <p data-testid="form-error-banner">{intl.formatMessage({ id: 'Looks.form.errorBanner' })}</p>
                    </Banner>
                  ) : null
                }
              </FormSpy>
              {/* Hydrated in passes of their own (HydrationBoundary): the sections, then the lower and side ones. */}
              <HydrationBoundary>
                <Layout>
                  <Layout.Section>
                    <BlockStack gap="400">
                      <MainProductSection />
                      {lookId ? (
                        <picker.Slot lookId={lookId} note={markerNote} onNote={setMarkerNote} fallback={null} />
                      ) : null}
                      <RelatedItemsSection />
                      {shoppable && <MarkerSettingsSection />}
                      <HydrationBoundary>
                        <MediaSection />
                        <DiscountSection />
                      </HydrationBoundary>
                    </BlockStack>
                  </Layout.Section>
                  <Layout.Section variant="oneThird">
                    <HydrationBoundary>
                      <BlockStack gap="400">
                        <StatusSection />
                        <FeaturedSection />
                        <TagsSection />
                        {aside}
                      </BlockStack>
                    </HydrationBoundary>
                  </Layout.Section>
                </Layout>
              </HydrationBoundary>
            </BlockStack>
          </Page>
          {lookId && applyGenerationId ? (
            <applyOnOpen.Slot
              lookId={lookId}
              generationId={applyGenerationId}
              onApplied={setMarkerNote}
              fallback={null}
            />
          ) : null}
        </form>
      )}
    </Form>
  );
}
