import { useState } from 'react';
import { BlockStack, InlineStack, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { StatsSeriesPoint } from '../../contracts/analytics';
import { REVENUE_CHART_HEIGHT } from './revenueChartSize';
import { AreaChartSvg, useBoxWidth } from './AreaChartSvg';

interface Props {
  series: StatsSeriesPoint[];
  formatMoney(value: number): string;
}

export { niceScale, MIN_LABEL_SPACING, axisLabelIndices } from './chartScale';

/**
 * Generated revenue per day of the range: a small SVG area chart (no chart
 * library), lazy-loaded by the analytics page.
 */
export default function RevenueChart({ series, formatMoney }: Props) {
  const intl = useIntl();
  const [box, width] = useBoxWidth();
  const [hover, setHover] = useState<number | null>(null);
  const total = series.reduce((s, p) => s + p.generatedRevenue, 0);
  const shortDate = (day: string) =>
    intl.formatDate(`${day}T12:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const hovered = hover !== null ? series[hover] : null;

  return (
    <BlockStack gap="200">
      <InlineStack align="space-between" blockAlign="end">
        <Text as="p" variant="headingLg">
          {formatMoney(total)}
        </Text>
        <Text as="p" tone="subdued" variant="bodySm">
          {hovered
            ? `${intl.formatMessage({ id: 'General.labelValue' }, { label: shortDate(hovered.date), value: formatMoney(hovered.generatedRevenue) })} · ${intl.formatMessage({ id: 'Analytics.chart.orders' }, { count: hovered.orders })}`
            : '\u00a0'}
        </Text>
      </InlineStack>
      <div ref={box} style={{ width: '100%' }}>
        <AreaChartSvg
          width={width}
          height={REVENUE_CHART_HEIGHT}
          padLeft={64}
          dates={series.map((p) => p.date)}
          values={series.map((p) => p.generatedRevenue)}
          format={formatMoney}
          ariaLabel={intl.formatMessage(
            { id: 'Analytics.chart.label' },
            { total: formatMoney(total), days: series.length },
          )}
          testId="revenue-chart"
          hover={hover}
          onHover={setHover}
        />
      </div>
    </BlockStack>
  );
}
