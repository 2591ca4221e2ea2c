import { InlineStack, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { Stats } from '../../contracts/analytics';

/**
 * The range's attributed revenue as ordered (gross), what refunds and cancellations took back, and
 * what stays (net, the figure of the chart and the funnel). Nothing before the stats arrive.
 */
export function RevenueBreakdown({ stats, formatMoney }: { stats?: Stats; formatMoney: (value: number) => string }) {
  const intl = useIntl();
  if (stats?.generatedRevenue === undefined) return null;
  const gross = stats.grossRevenue ?? stats.generatedRevenue;
  const refunded = stats.refundedRevenue ?? 0;
  const figures = [
    ['Analytics.revenue.gross', gross],
    ['Analytics.revenue.refunded', refunded],
    ['Analytics.revenue.net', stats.generatedRevenue],
  ] as const;
  return (
    <InlineStack gap="400" wrap>
      {figures.map(([id, value]) => (
        <Text key={id} as="p" variant="bodyMd" fontWeight={id === 'Analytics.revenue.net' ? 'semibold' : 'regular'}>
          {intl.formatMessage({ id }, { amount: formatMoney(value) })}
        </Text>
      ))}
    </InlineStack>
  );
}
