import { useState } from 'react';
import { BlockStack, InlineStack, Select, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { FunnelCounts, FunnelDay } from '../../contracts/funnel';
import { AreaChartSvg, useBoxWidth } from './AreaChartSvg';

type Metric = keyof FunnelCounts;
const METRICS: Metric[] = ['impressions', 'clicks', 'addToCarts', 'orders', 'revenue'];

/** One funnel step per day of the range (all looks and devices), the step chosen in a select: a small SVG area chart. */
export function FunnelChart({ series, formatMoney }: { series: FunnelDay[]; formatMoney(value: number): string }) {
  const intl = useIntl();
  const [box, width] = useBoxWidth();
  const [metric, setMetric] = useState<Metric>('impressions');
  const label = (m: Metric) => intl.formatMessage({ id: `Analytics.funnel.columns.${m}` });
  const format = (v: number) => (metric === 'revenue' ? formatMoney(v) : intl.formatNumber(v));
  const values = series.map((d) => d[metric]);
  const total = values.reduce((s, v) => s + v, 0);

  return (
    <BlockStack gap="200">
      <InlineStack align="space-between" blockAlign="end" gap="200">
        <Select
          label={intl.formatMessage({ id: 'Analytics.funnel.chart.metric' })}
          labelInline
          options={METRICS.map((m) => ({ label: label(m), value: m }))}
          value={metric}
          onChange={(v) => setMetric(v as Metric)}
        />
        <Text as="p" variant="headingLg">
          {format(total)}
        </Text>
      </InlineStack>
      <div ref={box} style={{ width: '100%' }}>
        <AreaChartSvg
          width={width}
          height={180}
          padLeft={56}
          dates={series.map((d) => d.date)}
          values={values}
          format={format}
          ariaLabel={intl.formatMessage(
            { id: 'Analytics.funnel.chart.label' },
            { metric: label(metric), total: format(total), days: series.length },
          )}
          testId="funnel-chart"
        />
      </div>
    </BlockStack>
  );
}
