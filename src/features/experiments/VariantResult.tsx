import { Badge, BlockStack, InlineStack, Text } from '@shopify/polaris';
import { FormattedNumber, useIntl } from 'react-intl';
import type { ExperimentVariant } from '../../contracts/experiments';

const pct = (value: number) => <FormattedNumber value={value} style="percent" maximumFractionDigits={1} />;

/** One variant's split, funnel, conversion with its 95 % credible interval and P(beats the control). */
export function VariantResult({ variant, controlName }: { variant: ExperimentVariant; controlName: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const pctText = (value: number) => intl.formatNumber(value, { style: 'percent', maximumFractionDigits: 1 });
  return (
    <BlockStack gap="100">
      <InlineStack gap="200" blockAlign="center" wrap>
        <Text as="h4" variant="headingSm">
          {variant.name}
        </Text>
        {variant.isControl && <Badge>{t('Experiments.variant.control')}</Badge>}
        <Text as="span" tone="subdued">
          {t('Experiments.variant.split', { split: variant.split })}
        </Text>
      </InlineStack>
      {!variant.isControl && (variant.template !== null || variant.imageUrl) && (
        <Text as="p">
          {[
            variant.template !== null &&
              t('Experiments.variant.layout', { template: t(`Layout.templates.${variant.template || 'popup'}`) }),
            variant.imageUrl && t('Experiments.variant.image'),
          ]
            .filter(Boolean)
            .join(' · ')}
        </Text>
      )}
      <Text as="p" tone="subdued">
        {t('Experiments.variant.counts', { impressions: variant.impressions, conversions: variant.conversions })}
      </Text>
      <div data-testid={`variant-${variant.id}-rate`}>
        <Text as="p">
          {t('General.labelValue', {
            label: t('Experiments.variant.conversion'),
            value: variant.conversionRate === null ? '—' : pctText(variant.conversionRate),
          })}{' '}
          <Text as="span" tone="subdued">
            ({t('Experiments.variant.interval')} {pct(variant.credibleInterval.low)}–
            {pct(variant.credibleInterval.high)})
          </Text>
        </Text>
      </div>
      {!variant.isControl && (
        <div data-testid={`variant-${variant.id}-probability`}>
          <Text as="p" fontWeight="semibold">
            {t('General.labelValue', {
              label: t('Experiments.variant.probability', { control: controlName }),
              value:
                variant.probabilityToBeatControl === null
                  ? t('Experiments.result.tooEarlyShort')
                  : pctText(variant.probabilityToBeatControl),
            })}
          </Text>
        </div>
      )}
    </BlockStack>
  );
}
