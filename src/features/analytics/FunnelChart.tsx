import { useEffect, useRef, useState } from 'react';
import { BlockStack, InlineStack, Select, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { FunnelCounts, FunnelDay } from '../../contracts/funnel';
import { axisLabelIndices, niceScale } from './chartScale';

type Metric = keyof FunnelCounts;
const METRICS: Metric[] = ['impressions', 'clicks', 'addToCarts', 'orders', 'revenue'];
const HEIGHT = 180;
const PAD = { top: 12, right: 12, bottom: 28, left: 56 };

/** One funnel step per day of the range (all looks and devices), the step chosen in a select: a small SVG area chart. */
export function FunnelChart({ series, formatMoney }: { series: FunnelDay[]; formatMoney(value: number): string }) {
  const intl = useIntl();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(640);
  const [metric, setMetric] = useState<Metric>('impressions');
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

  const label = (m: Metric) => intl.formatMessage({ id: `Analytics.funnel.columns.${m}` });
  const format = (v: number) => (metric === 'revenue' ? formatMoney(v) : intl.formatNumber(v));
  const values = series.map((d) => d[metric]);
  const total = values.reduce((s, v) => s + v, 0);
  const { top, step } = niceScale(Math.max(0, ...values));
  const innerW = width - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (series.length <= 1 ? innerW / 2 : (i * innerW) / (series.length - 1));
  const y = (v: number) => PAD.top + innerH - (v / top) * innerH;
  const line = values.map((v, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const area = values.length ? `${line} L${x(values.length - 1).toFixed(1)},${y(0)} L${x(0).toFixed(1)},${y(0)} Z` : '';
  const labelled = new Set(axisLabelIndices(series.length, innerW));
  const shortDate = (day: string) => intl.formatDate(`${day}T12:00:00Z`, { month: 'short', day: 'numeric', timeZone: 'UTC' });

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
        <Text as="p" variant="headingLg">{format(total)}</Text>
      </InlineStack>
      <div ref={box} style={{ width: '100%' }}>
        <svg
          width={width}
          height={HEIGHT}
          role="img"
          aria-label={intl.formatMessage({ id: 'Analytics.funnel.chart.label' }, { metric: label(metric), total: format(total), days: series.length })}
          data-testid="funnel-chart"
        >
          {Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step).map((v) => (
            <g key={v}>
              <line x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} stroke="var(--p-color-border-secondary, #e3e3e3)" strokeDasharray={v ? '3 3' : undefined} />
              <text x={PAD.left - 8} y={y(v) + 4} textAnchor="end" fontSize="11" fill="var(--p-color-text-secondary, #616161)">
                {format(v).replace(/[.,]00(?=\D*$)/, '')}
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
            <rect key={p.date} x={x(i) - innerW / Math.max(1, series.length) / 2} y={PAD.top} width={innerW / Math.max(1, series.length)} height={innerH} fill="transparent">
              <title>{`${p.date}: ${format(p[metric])}`}</title>
            </rect>
          ))}
        </svg>
      </div>
    </BlockStack>
  );
}
