import {
  BlockStack,
  Box,
  Card,
  EmptyState,
  IndexTable,
  InlineStack,
  Link,
  Pagination,
  SkeletonBodyText,
  Text,
} from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { AnalyticsOrderRow, ShopOrdersPage } from '../../contracts/analytics';
import { useLgDown } from '../../components/narrowScreen';
import { useNarrowContainer } from '../../components/useNarrowContainer';

/** Below this card width the orders are a stacked list. */
export const ORDERS_TABLE_MIN_WIDTH = 620;

interface Props {
  page: number;
  data?: ShopOrdersPage;
  loading: boolean;
  formatMoney(value: number): string;
  timeZone: string;
  onPage(page: number): void;
}

/**
 * SPEC §2 orders table: identifier, order total, generated revenue, view product, view look, date;
 * 10 per page. A narrow card (phones, or a column beside the top lists) gets one stacked entry per
 * order (IndexTable's condensed mode), never a table that scrolls sideways.
 */
export function OrdersTable({ page, data, loading, formatMoney, timeZone, onPage }: Props) {
  const intl = useIntl();
  // The six columns need about 600 px: a narrower card (phone, or beside the top lists) stacks them.
  const lgDown = useLgDown();
  const { ref, narrow: condensed } = useNarrowContainer<HTMLDivElement>(ORDERS_TABLE_MIN_WIDTH, lgDown);
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const rows = data?.data ?? [];
  const details = data?.paginationDetails;
  const pages = details ? Math.max(1, Math.ceil(details.totalItems / 10)) : 1;

  return (
    <div ref={ref} data-testid="orders-table">
      <Card padding="0">
        <BlockStack>
          <Box padding="400">
            <BlockStack gap="100">
              <Text as="h2" variant="headingMd">
                {t('Analytics.orders.title')}
              </Text>
              <Text as="p" tone="subdued">
                {t('Analytics.orders.description')}
              </Text>
            </BlockStack>
          </Box>
          {loading && !data ? (
            <div style={{ padding: 'var(--p-space-400)' }}>
              <SkeletonBodyText lines={6} />
            </div>
          ) : (
            <IndexTable
              condensed={condensed}
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
              {rows.map((row, index) =>
                condensed ? (
                  <CompactOrderRow key={row.id} row={row} index={index} formatMoney={formatMoney} timeZone={timeZone} />
                ) : (
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
                ),
              )}
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
    </div>
  );
}

function ProductLink({ row }: { row: AnalyticsOrderRow }) {
  const intl = useIntl();
  return row.productStoreFrontLink ? (
    <Link url={row.productStoreFrontLink} external target="_blank">
      {intl.formatMessage({ id: 'Analytics.orders.viewProduct' })}
    </Link>
  ) : (
    <Text as="span" tone="subdued">
      —
    </Text>
  );
}

function LookLink({ row }: { row: AnalyticsOrderRow }) {
  const intl = useIntl();
  return row.productLookId ? (
    <Link url={`/looks/edit/${row.productLookId}`}>{intl.formatMessage({ id: 'Analytics.orders.viewLook' })}</Link>
  ) : (
    <Text as="span" tone="subdued">
      —
    </Text>
  );
}

/** Small screens: one stacked entry per order, its figures labelled. */
function CompactOrderRow({
  row,
  index,
  formatMoney,
  timeZone,
}: {
  row: AnalyticsOrderRow;
  index: number;
  formatMoney(value: number): string;
  timeZone: string;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <IndexTable.Row id={String(row.id)} position={index}>
      <Box padding="300" paddingInline="400" width="100%">
        <BlockStack gap="100">
          <InlineStack align="space-between" blockAlign="baseline" gap="200" wrap={false}>
            <Text as="span" fontWeight="semibold">
              {row.identifier}
            </Text>
            <Text as="span" tone="subdued" variant="bodySm">
              {intl.formatDate(row.orderDate, { timeZone, dateStyle: 'medium', timeStyle: 'short' })}
            </Text>
          </InlineStack>
          <InlineStack align="space-between" gap="200" wrap={false}>
            <Text as="span" tone="subdued">
              {t('Analytics.orders.orderTotal')}
            </Text>
            <Text as="span" numeric>
              {formatMoney(row.orderTotal)}
            </Text>
          </InlineStack>
          <InlineStack align="space-between" gap="200" wrap={false}>
            <Text as="span" tone="subdued">
              {t('Analytics.orders.generatedRevenue')}
            </Text>
            <Text as="span" numeric fontWeight="semibold">
              {formatMoney(row.generatedRevenue)}
            </Text>
          </InlineStack>
          <InlineStack gap="400">
            <ProductLink row={row} />
            <LookLink row={row} />
          </InlineStack>
        </BlockStack>
      </Box>
    </IndexTable.Row>
  );
}
