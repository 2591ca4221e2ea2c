import { BlockStack, Box, Card, InlineStack, Pagination, SkeletonBodyText, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { AnalyticsOrderRow, ShopOrdersPage } from '../../contracts/analytics';
import { useLgDown } from '../../components/narrowScreen';
import { useNarrowContainer } from '../../components/useNarrowContainer';
import { lazyOnce } from '../../components/lazyOnce';
import { LabelledValue } from '../../components/LabelledValue';
import { LookLink, ProductLink } from './orderLinks';

/** Below this card width the orders are a stacked list. */
export const ORDERS_TABLE_MIN_WIDTH = 620;

/** The wide layout's table (Polaris IndexTable): with the funnel's, a chunk the page preloads on a wide screen. */
const ordersTable = lazyOnce(() => import(/* webpackChunkName: "analytics-tables" */ './OrdersIndexTable'));
export const loadOrdersTable = ordersTable.load;

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
 * order, never a table that scrolls sideways.
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
          ) : condensed ? (
            <CompactOrderList rows={rows} formatMoney={formatMoney} timeZone={timeZone} />
          ) : (
            <ordersTable.Slot
              rows={rows}
              loading={loading}
              formatMoney={formatMoney}
              timeZone={timeZone}
              fallback={
                <div style={{ padding: 'var(--p-space-400)' }}>
                  <SkeletonBodyText lines={6} />
                </div>
              }
            />
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

/** Small screens: one stacked entry per order, its figures labelled (a list, not a table that scrolls sideways). */
function CompactOrderList({
  rows,
  formatMoney,
  timeZone,
}: {
  rows: AnalyticsOrderRow[];
  formatMoney(value: number): string;
  timeZone: string;
}) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  if (!rows.length)
    return (
      <Box padding="400">
        <BlockStack gap="100">
          <Text as="p" fontWeight="semibold">
            {t('Analytics.orders.emptyTitle')}
          </Text>
          <Text as="p" tone="subdued">
            {t('Analytics.orders.emptyDescription')}
          </Text>
        </BlockStack>
      </Box>
    );
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="orders-list">
      {rows.map((row) => (
        <li key={row.id} style={{ borderTop: '1px solid var(--p-color-border-secondary, #ebebeb)' }}>
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
              <LabelledValue label={t('Analytics.orders.orderTotal')} value={formatMoney(row.orderTotal)} />
              <LabelledValue
                label={t('Analytics.orders.generatedRevenue')}
                value={formatMoney(row.generatedRevenue)}
                strong
              />
              <InlineStack gap="400">
                <ProductLink row={row} />
                <LookLink row={row} />
              </InlineStack>
            </BlockStack>
          </Box>
        </li>
      ))}
    </ul>
  );
}
