import { useMemo, useState } from 'react';
import {
  Banner,
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  Card,
  InlineStack,
  Select,
  SkeletonBodyText,
  Text,
} from '@shopify/polaris';
import { FormattedNumber, useIntl } from 'react-intl';
import type { FunnelReport } from '../../contracts/funnel';
import { useLgDown } from '../../components/narrowScreen';
import { useNarrowContainer } from '../../components/useNarrowContainer';
import { lazyOnce } from '../../components/lazyOnce';
import { LabelledValue } from '../../components/LabelledValue';
import {
  downloadText,
  funnelCsv,
  funnelRow,
  sortFunnelRows,
  FUNNEL_COLUMNS,
  type DeviceFilter,
  type FunnelRow,
  type FunnelSort,
  type FunnelSortKey,
} from './funnel';
import { FunnelChart } from './FunnelChart';
import { LookTitle, Rate } from './funnelCells';

export { Rate } from './funnelCells';

/** Below this card width the looks are a stacked list. */
export const FUNNEL_TABLE_MIN_WIDTH = 720;

/** The wide layout's table (Polaris IndexTable): with the orders table, a chunk the page preloads on a wide screen. */
const funnelTable = lazyOnce(() => import(/* webpackChunkName: "analytics-tables" */ './FunnelTable'));
export const loadFunnelTable = funnelTable.load;

interface Props {
  report?: FunnelReport;
  loading: boolean;
  error: boolean;
  onRetry(): void;
  since: string;
  until: string;
  formatMoney(value: number): string;
}

/**
 * Issue 16 funnel per look: impressions → clicks → add-to-carts → orders with their rates and revenue,
 * for all devices or one, a chart over the range, sortable columns and a CSV export of the data.
 */
export function FunnelCard({ report, loading, error, onRetry, since, until, formatMoney }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [device, setDevice] = useState<DeviceFilter>('all');
  const [sort, setSort] = useState<FunnelSort>({
    key: 'revenue',
    direction: 'descending',
  });
  const lgDown = useLgDown();
  const { ref, narrow } = useNarrowContainer<HTMLDivElement>(FUNNEL_TABLE_MIN_WIDTH, lgDown);
  const rows = useMemo(
    () =>
      sortFunnelRows(
        (report?.looks ?? []).map((l) => funnelRow(l, device)),
        sort.key,
        sort.direction,
        intl.locale,
      ),
    [report, device, sort, intl.locale],
  );
  const heading = (key: FunnelSortKey) => t(`Analytics.funnel.columns.${key}`);
  const devices: DeviceFilter[] = ['all', 'mobile', 'desktop'];

  const exportCsv = () => {
    if (!report) return;
    const csv = funnelCsv(report.looks, {
      look: heading('title'),
      lookId: t('Analytics.funnel.csv.lookId'),
      device: t('Analytics.funnel.csv.device'),
      devices: {
        all: t('Analytics.funnel.device.all'),
        mobile: t('Analytics.funnel.device.mobile'),
        desktop: t('Analytics.funnel.device.desktop'),
      },
      impressions: heading('impressions'),
      clicks: heading('clicks'),
      addToCarts: heading('addToCarts'),
      orders: heading('orders'),
      revenue: heading('revenue'),
      clickRate: t('Analytics.funnel.csv.clickRate'),
      addToCartRate: t('Analytics.funnel.csv.addToCartRate'),
      conversion: heading('conversion'),
    });
    downloadText(`look-funnel-${since}-${until}.csv`, csv);
  };

  return (
    <div ref={ref} data-testid="funnel-card">
      <Card padding="0">
        <BlockStack>
          <Box padding="400">
            <BlockStack gap="300">
              <BlockStack gap="100">
                <Text as="h2" variant="headingMd">
                  {t('Analytics.funnel.title')}
                </Text>
                <Text as="p" tone="subdued">
                  {t('Analytics.funnel.description')}
                </Text>
              </BlockStack>
              <InlineStack align="space-between" blockAlign="center" gap="200">
                <div role="group" aria-label={t('Analytics.funnel.device.label')}>
                  <ButtonGroup variant="segmented">
                    {devices.map((d) => (
                      <Button key={d} pressed={device === d} onClick={() => setDevice(d)}>
                        {t(`Analytics.funnel.device.${d}`)}
                      </Button>
                    ))}
                  </ButtonGroup>
                </div>
                <Button onClick={exportCsv} disabled={!report?.looks.length}>
                  {t('Analytics.funnel.export')}
                </Button>
              </InlineStack>
              {error && !loading ? (
                <Banner tone="critical" action={{ content: t('General.actions.retry'), onAction: onRetry }}>
                  {t('Analytics.funnel.loadError')}
                </Banner>
              ) : report ? (
                <FunnelChart series={report.series} formatMoney={formatMoney} />
              ) : (
                <SkeletonBodyText lines={4} />
              )}
            </BlockStack>
          </Box>
          {loading && !report ? (
            <Box padding="400">
              <SkeletonBodyText lines={6} />
            </Box>
          ) : error && !report ? null : narrow ? (
            <CompactList rows={rows} sort={sort} onSort={setSort} formatMoney={formatMoney} heading={heading} />
          ) : (
            <funnelTable.Slot
              rows={rows}
              loading={loading}
              sort={sort}
              onSort={setSort}
              formatMoney={formatMoney}
              heading={heading}
              fallback={
                <Box padding="400">
                  <SkeletonBodyText lines={6} />
                </Box>
              }
            />
          )}
        </BlockStack>
      </Card>
    </div>
  );
}

/** Small screens: one stacked entry per look, its figures labelled; sorting through a select. */
function CompactList({
  rows,
  sort,
  onSort,
  formatMoney,
  heading,
}: {
  rows: FunnelRow[];
  sort: FunnelSort;
  onSort(sort: FunnelSort): void;
  formatMoney(value: number): string;
  heading(key: FunnelSortKey): string;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const options = FUNNEL_COLUMNS.flatMap((key) =>
    (['descending', 'ascending'] as const).map((direction) => ({
      label: t(`Analytics.funnel.sort.${direction}`, { column: heading(key) }),
      value: `${key}:${direction}`,
    })),
  );
  return (
    <BlockStack>
      <Box paddingInline="400" paddingBlockEnd="300">
        <Select
          label={t('Analytics.funnel.sort.label')}
          options={options}
          value={`${sort.key}:${sort.direction}`}
          onChange={(value) => {
            const [key, direction] = value.split(':') as [FunnelSortKey, 'ascending' | 'descending'];
            onSort({ key, direction });
          }}
        />
      </Box>
      {rows.length ? (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="funnel-list">
          {rows.map((row) => (
            <li key={row.lookId} style={{ borderTop: '1px solid var(--p-color-border-secondary, #ebebeb)' }}>
              <Box padding="300" paddingInline="400">
                <BlockStack gap="100">
                  <LookTitle row={row} />
                  <LabelledValue label={heading('impressions')} value={<FormattedNumber value={row.impressions} />} />
                  <LabelledValue
                    label={heading('clicks')}
                    value={
                      <>
                        <FormattedNumber value={row.clicks} /> · <Rate value={row.clickRate} />
                      </>
                    }
                  />
                  <LabelledValue
                    label={heading('addToCarts')}
                    value={
                      <>
                        <FormattedNumber value={row.addToCarts} /> · <Rate value={row.addToCartRate} />
                      </>
                    }
                  />
                  <LabelledValue label={heading('orders')} value={<FormattedNumber value={row.orders} />} />
                  <LabelledValue label={heading('conversion')} value={<Rate value={row.conversion} />} strong />
                  <LabelledValue label={heading('revenue')} value={formatMoney(row.revenue)} strong />
                </BlockStack>
              </Box>
            </li>
          ))}
        </ul>
      ) : (
        <Box padding="400">
          <BlockStack gap="100">
            <Text as="p" fontWeight="semibold">
              {t('Analytics.funnel.emptyTitle')}
            </Text>
            <Text as="p" tone="subdued">
              {t('Analytics.funnel.emptyDescription')}
            </Text>
          </BlockStack>
        </Box>
      )}
    </BlockStack>
  );
}
