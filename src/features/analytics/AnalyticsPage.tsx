import { memo, useDeferredValue, useEffect, useState } from 'react';
import { Banner, BlockStack, Box, Card, InlineGrid, InlineStack, Layout, Page, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { StatCards, useMoney, useQueryErrorToast } from '../../components/SummaryCard';
import { DateRangePicker, useAppliedDateRange, type Period } from '../../components/DateRangePicker';
import { track } from '../../analytics/tracker';
import { useShop } from '../shop';
import { analyticsApi, useGetFunnelQuery, useGetShopOrdersQuery, useGetStatsQuery } from './analyticsApi';
import { prefetchQuery } from '../../api/prefetchQuery';
import { appliedPeriodForPrefetch } from './prefetchPeriod';
import type { AppStore } from '../../app/store';
import { FunnelCard, loadFunnelTable } from './FunnelCard';
import { TopLooksCard } from './TopLooksCard';
// On the first screen, and 1 KB: in the page's chunk (as a chunk of its own it cost a request of its own).
import RevenueChart from './RevenueChart';
import { RevenueChartSkeleton } from './RevenueChartSkeleton';
import { RevenueBreakdown } from './RevenueBreakdown';
import { ReconciliationNote } from './ReconciliationNote';
import { HydrationBoundary } from '../../components/HydrationBoundary';
import { OrdersTable, loadOrdersTable } from './OrdersTable';
import { firstRenderNarrow } from '../../components/firstRenderNarrow';
import { ExperimentsCard } from '../experiments';
import { GeneratedImagesCard } from './GeneratedImagesCard';

/** The two top-looks cards beside the orders table: which stat each lists, its messages, its test id. */
const TOP_LOOKS_CARDS = [
  {
    key: 'topProductsAddToCart',
    title: 'Analytics.topAddToCart.title',
    empty: 'Analytics.topAddToCart.empty',
    testId: 'top-add-to-cart',
  },
  {
    key: 'topSellers',
    title: 'Analytics.topSellers.title',
    empty: 'Analytics.topSellers.empty',
    testId: 'top-sellers',
  },
] as const;

/**
 * The funnel's and the orders' tables (Polaris IndexTable) are for a wide screen, a chunk of their own
 * loaded with the page's (routes.tsx) when the first render is wide; a phone's shows both as stacked
 * lists and loads the chunk only if its card grows wide enough later (a turned tablet).
 */
export const preload = (): Promise<unknown> =>
  firstRenderNarrow() ? Promise.resolve() : Promise.all([loadFunnelTable(), loadOrdersTable()]);

/**
 * The range's totals, first orders page and funnel, asked on boot (routes.tsx) once the shop's
 * time zone is known (the range's days are the shop's): with exactly the page's arguments.
 */
export async function prefetch(store: AppStore): Promise<unknown> {
  const period = await appliedPeriodForPrefetch(store);
  if (!period) return undefined;
  const { since: fromDate, until: toDate } = period;
  return Promise.all([
    prefetchQuery(store, (dispatch) => dispatch(analyticsApi.endpoints.getStats.initiate({ fromDate, toDate }))),
    prefetchQuery(store, (dispatch) =>
      dispatch(analyticsApi.endpoints.getShopOrders.initiate({ page: 1, fromDate, toDate })),
    ),
    prefetchQuery(store, (dispatch) =>
      dispatch(analyticsApi.endpoints.getFunnel.initiate({ since: fromDate, until: toDate })),
    ),
  ]);
}

/** Analytics (/analytics): the range's cards, orders, top looks and revenue chart (SPEC §2). */
export default function AnalyticsPage() {
  const shop = useShop();
  const range = useAppliedDateRange(shop.timezone);
  // Apply paints the picker's own change first (the popover closes, the button names the new range: the
  // picker reads the store itself); the report of the new range renders after that paint, in a render
  // React can interrupt — the whole page and its queries were the click's next paint (issue 26, INP).
  const period = useDeferredValue(range.period);
  return <AnalyticsReport period={period} />;
}

/** The page for a range; memo: a render of the page for the same (deferred) range stops here. */
const AnalyticsReport = memo(function AnalyticsReport({ period }: { period: Period }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const shop = useShop();
  const money = useMoney(shop.currency);
  const { since: fromDate, until: toDate } = period;
  // The orders page belongs to its range: a new range starts at its first page (in the same render,
  // so the new range never asks for the page the old one was on).
  const [shownPage, setShownPage] = useState({ page: 1, fromDate, toDate });
  const page = shownPage.fromDate === fromDate && shownPage.toDate === toDate ? shownPage.page : 1;
  const setPage = (next: number) => setShownPage({ page: next, fromDate, toDate });

  useEffect(() => {
    track('analytics_viewed');
  }, []);

  const stats = useGetStatsQuery({ fromDate, toDate });
  const orders = useGetShopOrdersQuery({ page, fromDate, toDate });
  // Storefront events keep coming: a range asked again after a minute is asked anew.
  const funnel = useGetFunnelQuery({ since: fromDate, until: toDate }, { refetchOnMountOrArgChange: 60 });
  const failed = (stats.isError && !stats.isFetching) || (orders.isError && !orders.isFetching);
  useQueryErrorToast(stats.isError || orders.isError);

  // The funnel report feeds two cards (the funnel, the return on credits): the same state and retry.
  const funnelReport = {
    report: funnel.data,
    loading: funnel.isFetching,
    error: funnel.isError,
    onRetry: () => void funnel.refetch(),
    formatMoney: money,
  };

  const retry = () => {
    if (stats.isError) void stats.refetch();
    if (orders.isError) void orders.refetch();
    if (funnel.isError) void funnel.refetch();
  };

  return (
    <Page title={t('Pages.analytics.title')} subtitle={t('Analytics.subtitle')}>
      <BlockStack gap="500">
        <Box paddingInline={{ xs: '400', sm: '0' }}>
          <InlineStack align="space-between" blockAlign="center" gap="200">
            <DateRangePicker timeZone={shop.timezone} />
            <BlockStack gap="050">
              <Text as="span" tone="subdued" variant="bodySm">
                {intl.formatMessage({ id: 'Analytics.timezoneNote' }, { timezone: shop.timezone })}
              </Text>
              <Text as="span" tone="subdued" variant="bodySm">
                {intl.formatMessage({ id: 'Analytics.currencyNote' }, { currency: shop.currency })}
              </Text>
              <ReconciliationNote timeZone={shop.timezone} />
            </BlockStack>
          </InlineStack>
        </Box>
        {failed ? (
          <Card>
            <BlockStack gap="300">
              <Text as="h2" variant="headingMd">
                {t('General.loadError.title')}
              </Text>
              <Banner tone="critical" action={{ content: t('General.actions.retry'), onAction: retry }}>
                {t('Analytics.loadError')}
              </Banner>
            </BlockStack>
          </Card>
        ) : (
          <>
            <StatCards stats={stats.data} loading={stats.isFetching && !stats.data} currency={shop.currency} />
            <Card>
              <BlockStack gap="300">
                <BlockStack gap="100">
                  <Text as="h2" variant="headingMd">
                    {t('Analytics.chart.title')}
                  </Text>
                  <Text as="p" tone="subdued">
                    {t('Analytics.chart.description')}
                  </Text>
                </BlockStack>
                <RevenueBreakdown stats={stats.data} formatMoney={money} />
                {stats.data?.series ? (
                  <RevenueChart series={stats.data.series} formatMoney={money} />
                ) : (
                  <RevenueChartSkeleton />
                )}
              </BlockStack>
            </Card>
            {/* Hydrated in passes of their own (HydrationBoundary): the funnel, then the orders table. */}
            <HydrationBoundary>
              <FunnelCard {...funnelReport} since={fromDate} until={toDate} />
              <ExperimentsCard />
            </HydrationBoundary>
            <HydrationBoundary>
              <Layout>
                <Layout.Section>
                  <OrdersTable
                    page={page}
                    data={orders.data}
                    loading={orders.isFetching}
                    formatMoney={money}
                    timeZone={shop.timezone}
                    onPage={setPage}
                  />
                </Layout.Section>
                <Layout.Section variant="oneThird">
                  <InlineGrid columns={1} gap="500">
                    {TOP_LOOKS_CARDS.map(({ key, title, empty, testId }) => (
                      <TopLooksCard
                        key={key}
                        title={t(title)}
                        looks={stats.data?.[key]}
                        loading={stats.isFetching}
                        emptyText={t(empty)}
                        testId={testId}
                      />
                    ))}
                    <GeneratedImagesCard {...funnelReport} />
                  </InlineGrid>
                </Layout.Section>
              </Layout>
            </HydrationBoundary>
          </>
        )}
      </BlockStack>
    </Page>
  );
});
