import { Banner, BlockStack, Card, Link, SkeletonBodyText, Text } from '@shopify/polaris';
import { LabelledValue } from '../../components/LabelledValue';
import { FormattedNumber, useIntl } from 'react-intl';
import type { FunnelReport } from '../../contracts/funnel';

/**
 * The return on AI credits: what looks showing a generated image brought in the range, beside the
 * credits used. Its figures come with the funnel report: when that failed, the card says so (never "none").
 */
export function GeneratedImagesCard({
  report,
  loading,
  error = false,
  onRetry,
  formatMoney,
}: {
  report?: FunnelReport;
  loading: boolean;
  error?: boolean;
  onRetry?(): void;
  formatMoney(value: number): string;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const g = report?.generatedImages;
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('Analytics.generated.title')}
        </Text>
        {loading && !g ? (
          <SkeletonBodyText lines={3} />
        ) : error && !loading ? (
          <Banner tone="critical" action={onRetry && { content: t('General.actions.retry'), onAction: onRetry }}>
            <p data-testid="generated-images-error">{t('Analytics.generated.loadError')}</p>
          </Banner>
        ) : !g || g.looks === 0 ? (
          <BlockStack gap="200">
            <Text as="p" tone="subdued">
              {t('Analytics.generated.empty')}
            </Text>
            <Link url="/gallery">{t('Analytics.generated.openGallery')}</Link>
          </BlockStack>
        ) : (
          <BlockStack gap="200">
            <div data-testid="generated-images">
              <Text as="p" variant="headingLg">
                {formatMoney(g.revenue)}
              </Text>
            </div>
            <Text as="p" tone="subdued">
              {t('Analytics.generated.summary', { looks: g.looks, orders: g.orders })}
            </Text>
            <LabelledValue
              label={t('Analytics.generated.creditsUsed')}
              value={<FormattedNumber value={g.creditsUsed} />}
            />
            {g.creditsUsed > 0 && (
              <LabelledValue
                label={t('Analytics.generated.perCredit')}
                value={formatMoney(g.revenue / g.creditsUsed)}
                strong
              />
            )}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
