import { EmptyState, IndexTable, Text } from '@shopify/polaris';
import { FormattedNumber, useIntl } from 'react-intl';
import { FUNNEL_COLUMNS, type FunnelRow, type FunnelSort, type FunnelSortKey } from './funnel';
import { LookTitle, Rate, Step } from './funnelCells';

/**
 * The funnel per look as a sortable table, for a card wide enough for it: Polaris' IndexTable, in a
 * chunk of its own with the orders table (loadAnalyticsTables): a phone's first load does not carry it.
 */
export default function FunnelTable({
  rows,
  loading,
  sort,
  onSort,
  formatMoney,
  heading,
}: {
  rows: FunnelRow[];
  loading: boolean;
  sort: FunnelSort;
  onSort(sort: FunnelSort): void;
  formatMoney(value: number): string;
  heading(key: FunnelSortKey): string;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <IndexTable
      resourceName={{ singular: t('Analytics.funnel.singular'), plural: t('Analytics.funnel.plural') }}
      itemCount={rows.length}
      selectable={false}
      loading={loading}
      sortable={FUNNEL_COLUMNS.map(() => true)}
      sortColumnIndex={FUNNEL_COLUMNS.indexOf(sort.key)}
      sortDirection={sort.direction}
      defaultSortDirection="descending"
      onSort={(index, direction) => onSort({ key: FUNNEL_COLUMNS[index], direction })}
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
          <NumberCell value={row.impressions} />
          <IndexTable.Cell>
            <Step count={row.clicks} rate={row.clickRate} />
          </IndexTable.Cell>
          <IndexTable.Cell>
            <Step count={row.addToCarts} rate={row.addToCartRate} />
          </IndexTable.Cell>
          <NumberCell value={row.orders} />
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
  );
}

/** A count, right-aligned. */
function NumberCell({ value }: { value: number }) {
  return (
    <IndexTable.Cell>
      <Text as="span" alignment="end" numeric>
        <FormattedNumber value={value} />
      </Text>
    </IndexTable.Cell>
  );
}
