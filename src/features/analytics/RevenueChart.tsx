import { useEffect, useRef, useState } from 'react';
import { BlockStack, InlineStack, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { StatsSeriesPoint } from '../../contracts/analytics';
import { REVENUE_CHART_HEIGHT } from './revenueChartSize';
import { axisLabelIndices, niceScale } from './chartScale';

interface Props {
  series: StatsSeriesPoint[];
  formatMoney(value: number): string;
}

const HEIGHT = REVENUE_CHART_HEIGHT;
const PAD = { top: 12, right: 12, bottom: 28, left: 64 };

export { niceScale, MIN_LABEL_SPACING, axisLabelIndices } from './chartScale';

/**
 * Generated revenue per day of the range: a small SVG area chart (no chart
 * library), lazy-loaded by the analytics page.
 */
export default function RevenueChart({ series, formatMoney }: Props) {
  const intl = useIntl();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  const [hover, setHover] = useState<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const update = () => setWidth(Math.max(240, el.clientWidth));
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(update);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const total = series.reduce((s, p) => s + p.generatedRevenue, 0);
  const { top, step } = niceScale(Math.max(0, ...series.map((p) => p.generatedRevenue)));
  const innerW = width - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (series.length <= 1 ? innerW / 2 : (i * innerW) / (series.length - 1));
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
  const line = series.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.generatedRevenue).toFixed(1)}`).join(' ');
  const area = series.length ? `${line} L${x(series.length - 1).toFixed(1)},${y(0)} L${x(0).toFixed(1)},${y(0)} Z` : '';
  const labelled = new Set(axisLabelIndices(series.length, innerW));
  const shortDate = (day: string) => intl.formatDate(`${day}T12:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const hovered = hover !== null ? series[hover] : null;

  return (
    <BlockStack gap="200">
      <InlineStack align="space-between" blockAlign="end">
        <Text as="p" variant="headingLg">{formatMoney(total)}</Text>
        <Text as="p" tone="subdued" variant="bodySm">
          {hovered ? `${shortDate(hovered.date)}: ${formatMoney(hovered.generatedRevenue)} · ${intl.formatMessage({ id: 'Analytics.chart.orders' }, { count: hovered.orders })}` : '\u00a0'}
        </Text>
      </InlineStack>
      <div ref={box} style={{ width: '100%' }}>
        <svg
          width={width}
          height={HEIGHT}
          role="img"
          aria-label={intl.formatMessage({ id: 'Analytics.chart.label' }, { total: formatMoney(total), days: series.length })}
          onMouseLeave={() => setHover(null)}
          data-testid="revenue-chart"
        >
          {Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step).map((v) => (
            <g key={v}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} stroke="var(--p-color-border-secondary, #e3e3e3)" strokeDasharray={v ? '3 3' : undefined} />
              <text x={PAD.left - 8} y={y(v) + 4} textAnchor="end" fontSize="11" fill="var(--p-color-text-secondary, #616161)">
                {formatMoney(v).replace(/[.,]00(?=\D*$)/, '')}
              </text>
            </g>
          ))}
          {series.map((p, i) =>
            labelled.has(i) ? (
              <text
                key={p.date}
                x={x(i)}
                y={HEIGHT - 8}
                textAnchor={i === series.length - 1 && series.length > 1 ? 'end' : i === 0 && series.length > 1 ? 'start' : 'middle'}
                fontSize="11"
                fill="var(--p-color-text-secondary, #616161)"
              >
                {shortDate(p.date)}
              </text>
            ) : null,
          )}
          {area && <path d={area} fill="var(--p-color-bg-fill-info, #e0f0ff)" opacity={0.7} />}
          {line && <path d={line} fill="none" stroke="var(--p-color-bg-fill-brand, #303030)" strokeWidth={2} strokeLinejoin="round" />}
          {series.map((p, i) => (
            <rect
              key={p.date}
              x={x(i) - innerW / Math.max(1, series.length) / 2}
              y={PAD.top}
              width={innerW / Math.max(1, series.length)}
              height={innerH}
              fill="transparent"
              onMouseEnter={() => setHover(i)}
            >
              <title>{`${p.date}: ${formatMoney(p.generatedRevenue)}`}</title>
            </rect>
          ))}
          {hovered && hover !== null && (
            <circle cx={x(hover)} cy={y(hovered.generatedRevenue)} r={4} fill="var(--p-color-bg-fill-brand, #303030)" />
          )}
        </svg>
      </div>
    </BlockStack>
  );
}
