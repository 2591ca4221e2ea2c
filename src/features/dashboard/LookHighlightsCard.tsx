import { Banner, BlockStack, Card, InlineStack, Link, SkeletonBodyText, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useMoney } from '../../components/SummaryCard';
import { useAppliedDateRange } from '../../components/DateRangePicker/useAppliedDateRange';
import { bestAndWorst, useGetFunnelQuery, type FunnelRow } from '../analytics';

/** The dashboard's best and worst look of the applied period (the analytics range), from the storefront funnel. */
export function LookHighlightsCard({ currency, timeZone }: { currency: string; timeZone: string }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const money = useMoney(currency);
  const range = useAppliedDateRange(timeZone);
  const funnel = useGetFunnelQuery(
    { since: range.period.since, until: range.period.until },
    { refetchOnMountOrArgChange: 60 },
  );
  const ranked = funnel.data ? bestAndWorst(funnel.data.looks) : null;

  const look = (label: string, row: FunnelRow, testId: string) => (
    <BlockStack gap="050">
      <Text as="h3" variant="headingSm" tone="subdued">
        {label}
      </Text>
      <div data-testid={testId}>
        <Link url={`/looks/edit/${row.lookId}`}>{row.title}</Link>
      </div>
      <Text as="p" variant="bodySm" tone="subdued">
        {t('Dashboard.funnel.figures', {
          impressions: row.impressions,
          percentage:
            row.conversion === null
              ? '—'
              : intl.formatNumber(row.conversion, { style: 'percent', maximumFractionDigits: 1 }),
          revenue: money(row.revenue),
        })}
      </Text>
    </BlockStack>
  );

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="baseline" gap="200">
          <Text as="h2" variant="headingMd">
            {t('Dashboard.funnel.title')}
          </Text>
          <Text as="span" variant="bodySm" tone="subdued">
            {range.alias === 'custom'
              ? t('DateRange.customTitle', { since: range.period.since, until: range.period.until })
              : t(`DateRange.presets.${range.alias}`)}
          </Text>
        </InlineStack>
        {funnel.isError && !funnel.isFetching ? (
          <Banner
            tone="critical"
            action={{ content: t('General.actions.retry'), onAction: () => void funnel.refetch() }}
          >
            {t('Dashboard.funnel.loadError')}
          </Banner>
        ) : !funnel.data ? (
          <SkeletonBodyText lines={4} />
        ) : ranked ? (
          <BlockStack gap="300">
            {look(t('Dashboard.funnel.best'), ranked.best, 'best-look')}
            {ranked.worst && look(t('Dashboard.funnel.worst'), ranked.worst, 'worst-look')}
          </BlockStack>
        ) : (
          <Text as="p" tone="subdued">
            {t('Dashboard.funnel.empty')}
          </Text>
        )}
        <Link url="/analytics">{t('Dashboard.funnel.viewAll')}</Link>
      </BlockStack>
    </Card>
  );
}
