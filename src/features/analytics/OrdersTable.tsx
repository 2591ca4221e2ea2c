import { BlockStack, Card, EmptyState, IndexTable, InlineStack, Link, Pagination, SkeletonBodyText, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { ShopOrdersPage } from '../../contracts/analytics';

interface Props {
  page: number;
  data?: ShopOrdersPage;
  loading: boolean;
  formatMoney(value: number): string;
  timeZone: string;
  onPage(page: number): void;
}

/** SPEC §2 orders table: identifier, order total, generated revenue, view product, view look, date; 10 per page. */
export function OrdersTable({ page, data, loading, formatMoney, timeZone, onPage }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const rows = data?.data ?? [];
  const details = data?.paginationDetails;
  const pages = details ? Math.max(1, Math.ceil(details.totalItems / 10)) : 1;

  return (
    <Card padding="0">
      <BlockStack>
        <div style={{ padding: 'var(--p-space-400)' }}>
          <Text as="h2" variant="headingMd">{t('Analytics.orders.title')}</Text>
        </div>
        {loading && !data ? (
          <div style={{ padding: 'var(--p-space-400)' }}>
            <SkeletonBodyText lines={6} />
          </div>
        ) : (
          <IndexTable
            resourceName={{ singular: t('Analytics.orders.singular'), plural: t('Analytics.orders.plural') }}
            itemCount={rows.length}
            selectable={false}
            loading={loading}
            emptyState={<EmptyState heading={t('Analytics.orders.emptyTitle')} image=""><p>{t('Analytics.orders.emptyDescription')}</p></EmptyState>}
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
                  <Text as="span" fontWeight="semibold">{row.identifier}</Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>{formatMoney(row.orderTotal)}</Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  <Text as="span" alignment="end" numeric>{formatMoney(row.generatedRevenue)}</Text>
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {row.productStoreFrontLink ? (
                    <Link url={row.productStoreFrontLink} external target="_blank">{t('Analytics.orders.viewProduct')}</Link>
                  ) : (
                    <Text as="span" tone="subdued">—</Text>
                  )}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {row.productLookId ? <Link url={`/looks/edit/${row.productLookId}`}>{t('Analytics.orders.viewLook')}</Link> : <Text as="span" tone="subdued">—</Text>}
                </IndexTable.Cell>
                <IndexTable.Cell>
                  {intl.formatDate(row.orderDate, { timeZone, dateStyle: 'medium', timeStyle: 'short' })}
                </IndexTable.Cell>
              </IndexTable.Row>
            ))}
          </IndexTable>
        )}
        {details && details.totalItems > 0 && (
          <div style={{ padding: 'var(--p-space-300)' }}>
            <InlineStack align="center">
              <Pagination
                hasPrevious={details.previousPage !== null}
                hasNext={details.nextPage !== null}
                onPrevious={() => details.previousPage && onPage(details.previousPage)}
                onNext={() => details.nextPage && onPage(details.nextPage)}
                label={t('Analytics.orders.pageLabel', { page, pages, total: details.totalItems })}
                previousTooltip={t('Analytics.orders.previous')}
                nextTooltip={t('Analytics.orders.next')}
              />
            </InlineStack>
          </div>
        )}
      </BlockStack>
    </Card>
  );
}
