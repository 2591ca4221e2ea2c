import { useMemo, useState } from 'react';
import {
  Badge,
  Banner,
  BlockStack,
  Box,
  Button,
  ButtonGroup,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Link,
  Select,
  SkeletonBodyText,
  Text,
} from '@shopify/polaris';
import { FormattedNumber, useIntl } from 'react-intl';
import type { FunnelReport } from '../../contracts/funnel';
import { useLgDown } from '../../components/narrowScreen';
import { useNarrowContainer } from '../../components/useNarrowContainer';
import {
  downloadText,
  funnelCsv,
  funnelRow,
  sortFunnelRows,
  type DeviceFilter,
  type FunnelRow,
  type FunnelSortKey,
} from './funnel';
import { FunnelChart } from './FunnelChart';

/** Below this card width the looks are a stacked list. */
export const FUNNEL_TABLE_MIN_WIDTH = 720;

const COLUMNS: FunnelSortKey[] = ['title', 'impressions', 'clicks', 'addToCarts', 'orders', 'conversion', 'revenue'];

interface Props {
  report?: FunnelReport;
  loading: boolean;
  error: boolean;
  onRetry(): void;
  since: string;
  until: string;
  formatMoney(value: number): string;
}

/** A share as a percentage (one decimal), or a dash when there is nothing to divide by. */
export function Rate({ value }: { value: number | null }) {
  return value === null ? <>—</> : <FormattedNumber value={value} style="percent" maximumFractionDigits={1} />;
}

/**
 * Issue 16 funnel per look: impressions → clicks → add-to-carts → orders with their rates and revenue,
 * for all devices or one, a chart over the range, sortable columns and a CSV export of the data.
 */
export function FunnelCard({ report, loading, error, onRetry, since, until, formatMoney }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const [device, setDevice] = useState<DeviceFilter>('all');
  const [sort, setSort] = useState<{ key: FunnelSortKey; direction: 'ascending' | 'descending' }>({
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
            <IndexTable
              resourceName={{ singular: t('Analytics.funnel.singular'), plural: t('Analytics.funnel.plural') }}
              itemCount={rows.length}
              selectable={false}
              loading={loading}
              sortable={COLUMNS.map(() => true)}
              sortColumnIndex={COLUMNS.indexOf(sort.key)}
              sortDirection={sort.direction}
              defaultSortDirection="descending"
              onSort={(index, direction) => setSort({ key: COLUMNS[index], direction })}
              emptyState={
                <EmptyState heading={t('Analytics.funnel.emptyTitle')} image="">
                  <p>{t('Analytics.funnel.emptyDescription')}</p>
                </EmptyState>
              }
              headings={[
                { title: heading('title') },
                { title: heading('impressions'), alignment: 'end' },
                { title: heading('clicks'), alignment: 'end' },
                { title: heading('addToCarts'), alignment: 'end' },
                { title: heading('orders'), alignment: 'end' },
                { title: heading('conversion'), alignment: 'end' },
                { title: heading('revenue'), alignment: 'end' },
              ]}
            >
              {rows.map((row, index) => (
                <IndexTable.Row id={String(row.lookId)} key={row.lookId} position={index}>
                  <IndexTable.Cell>
                    <LookTitle row={row} />
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" alignment="end" numeric>
                      <FormattedNumber value={row.impressions} />
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Step count={row.clicks} rate={row.clickRate} />
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Step count={row.addToCarts} rate={row.addToCartRate} />
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" alignment="end" numeric>
                      <FormattedNumber value={row.orders} />
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" alignment="end" numeric fontWeight="semibold">
                      <Rate value={row.conversion} />
                    </Text>
                  </IndexTable.Cell>
                  <IndexTable.Cell>
                    <Text as="span" alignment="end" numeric>
                      {formatMoney(row.revenue)}
                    </Text>
                  </IndexTable.Cell>
                </IndexTable.Row>
              ))}
            </IndexTable>
          )}
        </BlockStack>
      </Card>
    </div>
  );
}

function LookTitle({ row }: { row: FunnelRow }) {
  const intl = useIntl();
  return (
    <InlineStack gap="200" blockAlign="center" wrap>
      <Link url={`/looks/edit/${row.lookId}`} removeUnderline>
        {row.title}
      </Link>
      {row.usesGeneratedImage && <Badge tone="info">{intl.formatMessage({ id: 'Analytics.funnel.aiImage' })}</Badge>}
    </InlineStack>
  );
}

/** A step's count with its rate from the step before. */
function Step({ count, rate }: { count: number; rate: number | null }) {
  return (
    <BlockStack inlineAlign="end">
      <Text as="span" numeric>
        <FormattedNumber value={count} />
      </Text>
      <Text as="span" numeric tone="subdued" variant="bodySm">
        <Rate value={rate} />
      </Text>
    </BlockStack>
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
  sort: { key: FunnelSortKey; direction: 'ascending' | 'descending' };
  onSort(sort: { key: FunnelSortKey; direction: 'ascending' | 'descending' }): void;
  formatMoney(value: number): string;
  heading(key: FunnelSortKey): string;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  const options = COLUMNS.flatMap((key) =>
    (['descending', 'ascending'] as const).map((direction) => ({
      label: t(`Analytics.funnel.sort.${direction}`, { column: heading(key) }),
      value: `${key}:${direction}`,
    })),
  );
  const line = (label: string, value: React.ReactNode, strong = false) => (
    <InlineStack align="space-between" gap="200" wrap={false}>
      <Text as="span" tone="subdued">
        {label}
      </Text>
      <Text as="span" numeric fontWeight={strong ? 'semibold' : undefined}>
        {value}
      </Text>
    </InlineStack>
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
                  {line(heading('impressions'), <FormattedNumber value={row.impressions} />)}
                  {line(
                    heading('clicks'),
                    <>
                      <FormattedNumber value={row.clicks} /> · <Rate value={row.clickRate} />
                    </>,
                  )}
                  {line(
                    heading('addToCarts'),
                    <>
                      <FormattedNumber value={row.addToCarts} /> · <Rate value={row.addToCartRate} />
                    </>,
                  )}
                  {line(heading('orders'), <FormattedNumber value={row.orders} />)}
                  {line(heading('conversion'), <Rate value={row.conversion} />, true)}
                  {line(heading('revenue'), formatMoney(row.revenue), true)}
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
