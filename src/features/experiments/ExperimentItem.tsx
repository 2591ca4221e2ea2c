import { useState } from 'react';
import { Badge, Banner, BlockStack, Box, Button, Divider, InlineStack, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import {
  DECISION_PROBABILITY,
  MIN_IMPRESSIONS_PER_VARIANT,
  MIN_TOTAL_CONVERSIONS,
  type Experiment,
} from '../../contracts/experiments';
import { apiErrorMessage } from './apiErrorMessage';
import { parseSplit, SplitField, SPLIT_RANGE } from './SplitField';
import { useApplyExperimentVariantMutation, useUpdateExperimentMutation } from './experimentsApi';
import { VariantResult } from './VariantResult';
import { leadingVariant } from './winner';

const TONES = { draft: 'info', running: 'success', stopped: undefined } as const;

/** One A/B test: status, results per variant, the too-early state, and its actions (split, start, stop, apply the winner). */
export function ExperimentItem({ experiment, showLook }: { experiment: Experiment; showLook: boolean }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [update, updating] = useUpdateExperimentMutation();
  const [apply, applying] = useApplyExperimentVariantMutation();
  const challenger = experiment.variants.find((v) => !v.isControl);
  const control = experiment.variants.find((v) => v.isControl);
  const [split, setSplit] = useState(String(challenger?.split ?? 50));
  const [splitError, setSplitError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const leader = leadingVariant(experiment);
  const run = (p: Promise<unknown>) => {
    setError(null);
    p.catch((e: unknown) => setError(apiErrorMessage(e, t('Experiments.errors.generic'))));
  };
  const saveSplit = () => {
    const share = parseSplit(split);
    if (share === null) setSplitError(t('Experiments.form.splitRange', SPLIT_RANGE));
    else run(update({ id: experiment.id, body: { split: share } }).unwrap());
  };
  const applied = experiment.variants.find((v) => v.id === experiment.appliedVariantId);

  return (
    <BlockStack gap="300">
      <InlineStack gap="200" blockAlign="center" wrap>
        <Text as="h3" variant="headingSm">
          {showLook ? experiment.lookTitle : t('Experiments.item.title', { id: experiment.id })}
        </Text>
        <Badge tone={TONES[experiment.status]}>{t(`Experiments.status.${experiment.status}`)}</Badge>
      </InlineStack>
      {!experiment.lookActive && experiment.status !== 'stopped' && (
        <Banner tone="warning" title={t(`Experiments.lookDraft.${experiment.status}.title`)}>
          {t('Experiments.lookDraft.description', { look: experiment.lookTitle })}
        </Banner>
      )}
      {experiment.sampleTooSmall && experiment.status !== 'draft' && (
        <Banner tone="warning" title={t('Experiments.result.tooEarly')}>
          {t('Experiments.result.tooEarlyRule', {
            impressions: MIN_IMPRESSIONS_PER_VARIANT,
            conversions: MIN_TOTAL_CONVERSIONS,
          })}
        </Banner>
      )}
      {experiment.variants.map((v) => (
        <VariantResult key={v.id} variant={v} controlName={control?.name ?? 'A'} />
      ))}
      {leader && !applied && (
        <Text as="p" fontWeight="semibold" tone={leader.decided ? 'success' : undefined}>
          {leader.decided
            ? t('Experiments.result.winner', {
                name: leader.variant.name,
                probability: intl.formatNumber(leader.probability, { style: 'percent', maximumFractionDigits: 1 }),
              })
            : t('Experiments.result.noClearWinner', {
                name: leader.variant.name,
                probability: intl.formatNumber(leader.probability, { style: 'percent', maximumFractionDigits: 1 }),
                threshold: intl.formatNumber(DECISION_PROBABILITY, { style: 'percent' }),
              })}
        </Text>
      )}
      {applied && <Text as="p">{t('Experiments.item.applied', { name: applied.name })}</Text>}
      {error && (
        <Banner tone="critical" onDismiss={() => setError(null)}>
          {error}
        </Banner>
      )}
      <InlineStack gap="200" blockAlign="end" wrap>
        {experiment.status === 'draft' && (
          <>
            <Box maxWidth="160px">
              <SplitField
                name={challenger?.name ?? 'B'}
                value={split}
                onChange={(value) => {
                  setSplit(value);
                  setSplitError(undefined);
                }}
                error={splitError}
              />
            </Box>
            <Button onClick={saveSplit} loading={updating.isLoading}>
              {t('Experiments.actions.saveSplit')}
            </Button>
            <Button
              variant="primary"
              onClick={() => run(update({ id: experiment.id, body: { status: 'running' } }).unwrap())}
              loading={updating.isLoading}
            >
              {t('Experiments.actions.start')}
            </Button>
          </>
        )}
        {experiment.status === 'running' && (
          <Button
            onClick={() => run(update({ id: experiment.id, body: { status: 'stopped' } }).unwrap())}
            loading={updating.isLoading}
          >
            {t('Experiments.actions.stop')}
          </Button>
        )}
        {experiment.status !== 'draft' && !applied && (
          <Button
            variant={leader?.decided ? 'primary' : undefined}
            disabled={!leader}
            loading={applying.isLoading}
            onClick={() =>
              leader &&
              run(apply({ id: experiment.id, variantId: leader.variant.id, lookId: experiment.lookId }).unwrap())
            }
          >
            {!leader
              ? t('Experiments.actions.applyWinnerDisabled')
              : leader.decided
                ? t('Experiments.actions.applyWinner', { name: leader.variant.name })
                : t('Experiments.actions.applyLeader', { name: leader.variant.name })}
          </Button>
        )}
      </InlineStack>
      <Divider />
    </BlockStack>
  );
}
