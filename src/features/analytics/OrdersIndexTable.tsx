import { EmptyState, IndexTable, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { AnalyticsOrderRow } from '../../contracts/analytics';
import { LookLink, ProductLink } from './orderLinks';

/**
 * The orders as a table, for a card wide enough for its six columns: Polaris' IndexTable, in a chunk
 * of its own with the funnel's table (loadAnalyticsTables): a phone's first load does not carry it.
 */
export default function OrdersIndexTable({
  rows,
  loading,
  formatMoney,
  timeZone,
}: {
  rows: AnalyticsOrderRow[];
  loading: boolean;
  formatMoney(value: number): string;
  timeZone: string;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <IndexTable
      resourceName={{ singular: t('Analytics.orders.singular'), plural: t('Analytics.orders.plural') }}
      itemCount={rows.length}
      selectable={false}
      loading={loading}
      emptyState={
        <EmptyState heading={t('Analytics.orders.emptyTitle')} image="">
          <p>{t('Analytics.orders.emptyDescription')}</p>
        </EmptyState>
      }
      headings={[
        { title: t('Analytics.orders.identifier') },
        { title: t('Analytics.orders.orderTotal'), alignment: 'end' },
        { title: t('Analytics.orders.generatedRevenue'), alignment: 'end' },
        { title: t('Analytics.orders.product') },
        { title: t('Analytics.orders.look') },
        { title: t('Analytics.orders.date') },
      ]}
    >
      {rows.map((row, index) => (
        <IndexTable.Row id={String(row.id)} key={row.id} position={index}>
          <IndexTable.Cell>
            <Text as="span" fontWeight="semibold">
              {row.identifier}
            </Text>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <Text as="span" alignment="end" numeric>
              {formatMoney(row.orderTotal)}
            </Text>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <Text as="span" alignment="end" numeric>
              {formatMoney(row.generatedRevenue)}
            </Text>
          </IndexTable.Cell>
          <IndexTable.Cell>
            <ProductLink row={row} />
          </IndexTable.Cell>
          <IndexTable.Cell>
            <LookLink row={row} />
          </IndexTable.Cell>
          <IndexTable.Cell>
            {intl.formatDate(row.orderDate, { timeZone, dateStyle: 'medium', timeStyle: 'short' })}
          </IndexTable.Cell>
        </IndexTable.Row>
      ))}
    </IndexTable>
  );
}
