import { useEffect, useRef } from 'react';
import { Banner, BlockStack, Button, Card, InlineStack, Text, Thumbnail } from '@shopify/polaris';
import { useForm, useFormState } from 'react-final-form';
import { useIntl } from 'react-intl';
import type { FormApi } from 'final-form';
import type { ImageGeneration } from '../../../contracts/gallery';
import { placeMarkers } from '../../../contracts/hotspots';
import { DEFAULT_MARKER_POSITION, type LookFormValues } from '../../../contracts/looks';
import { usableGenerations, useGetLookGenerationsQuery } from '../lookGenerationsApi';

/** What choosing an image did to the markers (shown as a note). */
export interface MarkerNote {
  placed: number;
  spread: number;
}

/** Makes the generated image the look image and places the markers of the items it shows. */
export function applyGeneration(form: FormApi<LookFormValues>, generation: ImageGeneration): MarkerNote {
  const current = form.getState().values;
  const result = placeMarkers(current.relatedItems ?? [], generation.itemPositions, DEFAULT_MARKER_POSITION);
  form.batch(() => {
    form.change('mainProduct', { ...current.mainProduct, selectedMainImage: generation.generatedImageUrl });
    if (result.placed) form.change('relatedItems', result.items);
  });
  return { placed: result.placed, spread: result.spread };
}

/**
 * The gallery's "Use on look" (?generation=<id>): chooses that image once the look's list has it.
 * Rendered last in the form: React runs its effect after the effects of every field mounted in the
 * same commit, so none of them misses the change (a field subscribes in its effect).
 */
export function ApplyGenerationOnOpen({
  lookId,
  generationId,
  onApplied,
}: {
  lookId: number;
  generationId: number;
  onApplied(note: MarkerNote): void;
}) {
  const form = useForm<LookFormValues>();
  const { data } = useGetLookGenerationsQuery(lookId);
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || !data) return;
    const generation = usableGenerations(data).find((g) => g.id === generationId);
    if (!generation) return;
    applied.current = true;
    onApplied(applyGeneration(form, generation));
  }, [data, generationId, form, onApplied]);
  return null;
}

/**
 * The look's generated images (from the gallery) as a choice of the look image. Choosing one makes
 * it the look image and places the markers of the items it shows where the generator put them; the
 * note says how many, and the merchant can drag them.
 */
export function GeneratedImagePicker({
  lookId,
  note,
  onNote,
}: {
  lookId: number;
  note: MarkerNote | null;
  onNote(note: MarkerNote | null): void;
}) {
  const intl = useIntl();
  const form = useForm<LookFormValues>();
  const { values } = useFormState<LookFormValues>({ subscription: { values: true } });
  const { data, isError, isFetching, refetch } = useGetLookGenerationsQuery(lookId);
  const images = usableGenerations(data);

  const t = (id: string, v?: Record<string, string | number>) => intl.formatMessage({ id }, v);
  if (!images.length && !isError) return null;
  const current = values.mainProduct?.selectedMainImage;
  return (
    <Card>
      <BlockStack gap="300">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {t('Looks.generatedImages.title')}
          </Text>
          <Text as="p" tone="subdued">
            {t('Looks.generatedImages.description')}
          </Text>
        </BlockStack>
        {isError && (
          <Banner
            tone="warning"
            action={{ content: t('General.actions.retry'), onAction: () => void refetch(), loading: isFetching }}
          >
            {t('Looks.generatedImages.loadError')}
          </Banner>
        )}
        {note && (
          <Banner tone={note.placed ? 'success' : 'info'} onDismiss={() => onNote(null)}>
            <p data-testid="markers-placed-note">
              {note.placed
                ? [
                    t('Looks.generatedImages.placed', { count: note.placed }),
                    note.spread ? t('Looks.generatedImages.spread', { count: note.spread }) : '',
                  ]
                    .filter(Boolean)
                    .join(' ')
                : t('Looks.generatedImages.noPositions')}
            </p>
          </Banner>
        )}
        <InlineStack gap="300" wrap>
          {images.map((g) => {
            const inUse = current === g.generatedImageUrl;
            // The accessible name starts with the visible text (WCAG 2.5.3): "In use #12" / "Use this image #12".
            const label = t(inUse ? 'Looks.generatedImages.inUse' : 'Looks.generatedImages.use');
            return (
              <BlockStack key={g.id} gap="200" inlineAlign="center">
                <Thumbnail
                  source={g.generatedImageUrl!}
                  alt={t('Looks.generatedImages.alt', { id: g.id })}
                  size="large"
                />
                <Button
                  size="slim"
                  pressed={inUse}
                  accessibilityLabel={`${label} #${g.id}`}
                  onClick={() => onNote(applyGeneration(form, g))}
                >
                  {label}
                </Button>
              </BlockStack>
            );
          })}
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
