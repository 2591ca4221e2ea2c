import { BlockStack } from '@shopify/polaris';
import { ValueLineSkeleton } from '../../components/SummaryCard';
import { REVENUE_CHART_HEIGHT } from './revenueChartSize';

/**
 * What shows while the stats or the chart's chunk load: the chart's own boxes (total line, plot of
 * REVENUE_CHART_HEIGHT) with skeleton fills, so the cards below do not move when the chart arrives.
 */
export function RevenueChartSkeleton() {
  return (
    <BlockStack gap="200">
      <ValueLineSkeleton variant="headingLg" testId="revenue-chart-skeleton" />
      <div style={{ width: '100%' }}>
        <svg width="100%" height={REVENUE_CHART_HEIGHT} aria-hidden focusable="false">
          <rect x="0" y="0" width="100%" height="100%" rx="8" fill="var(--p-color-bg-fill-tertiary, #e3e3e3)" />
        </svg>
      </div>
    </BlockStack>
  );
}
