import { Banner, BlockStack, Layout, Page } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { StatCards, useQueryErrorToast } from '../../components/SummaryCard';
import { useShop } from '../shop';
import { analyticsApi, appliedPeriodForPrefetch, useGetStatsQuery } from '../analytics';
import { onboardingApi, selectIsOnboardingHidden, showOnboarding, useGetOnboardingQuery } from '../onboarding';
import type { AppStore } from '../../app/store';
import { prefetchQuery } from '../../api/prefetchQuery';
import { ExtensionCheckCard } from './ExtensionCheckCard';
import { SetupGuide } from './SetupGuide';
import { DashboardBanner } from './DashboardBanner';
import { GetInTouchCard } from './GetInTouchCard';
import { DocumentationBlock } from './DocumentationBlock';
import { FeatureAnnouncementCard } from './FeatureAnnouncementCard';
import { LookHighlightsCard } from './LookHighlightsCard';
import { SoldOutLooksCard } from './SoldOutLooksCard';

/**
 * The dashboard's calls, started on boot with the shop call (routes.tsx): the totals, and the setup
 * guide unless the merchant hid it (known only once the persisted flag is read back; else the page asks).
 */
export function prefetch(store: AppStore): Promise<unknown> {
  const state = store.getState();
  const flagRead = (state.onboarding as { _persist?: { rehydrated?: boolean } })._persist?.rehydrated === true;
  return Promise.all([
    prefetchQuery(store, (dispatch) => dispatch(analyticsApi.endpoints.getStats.initiate({ lite: true }))),
    flagRead && !selectIsOnboardingHidden(state)
      ? prefetchQuery(store, (dispatch) => dispatch(onboardingApi.endpoints.getOnboarding.initiate()))
      : undefined,
    // The best and worst look of the applied range (LookHighlightsCard, with its arguments).
    appliedPeriodForPrefetch(store).then((period) =>
      period
        ? prefetchQuery(store, (dispatch) => dispatch(analyticsApi.endpoints.getFunnel.initiate(period)))
        : undefined,
    ),
  ]);
}

/** Dashboard (/): what the looks earn, the setup guide and help (SPEC §2). */
export default function DashboardPage() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const shop = useShop();
  const dispatch = useAppDispatch();
  const hidden = useAppSelector(selectIsOnboardingHidden);
  const stats = useGetStatsQuery({ lite: true });
  // SPEC §4: once hidden, the guide is not queried at all.
  const onboarding = useGetOnboardingQuery(undefined, { skip: hidden });
  useQueryErrorToast(stats.isError || onboarding.isError);

  return (
    <Page
      title={t('Pages.dashboard.title')}
      secondaryActions={hidden ? [{ content: t('Onboarding.show'), onAction: () => dispatch(showOnboarding()) }] : []}
    >
      <BlockStack gap="500">
        <DashboardBanner shop={shop} />
        {stats.isError && !stats.isFetching ? (
          <Banner
            tone="critical"
            title={t('Dashboard.stats.loadError')}
            action={{ content: t('General.actions.retry'), onAction: () => void stats.refetch() }}
          >
            {t('General.loadError.description')}
          </Banner>
        ) : (
          <StatCards stats={stats.data} loading={stats.isLoading} currency={shop.currency} />
        )}
        <Layout>
          <Layout.Section>
            <BlockStack gap="500">
              {!hidden && (
                <SetupGuide
                  onboarding={onboarding.data}
                  loading={onboarding.isLoading}
                  error={onboarding.isError}
                  onRetry={() => void onboarding.refetch()}
                />
              )}
              <FeatureAnnouncementCard />
              <DocumentationBlock />
            </BlockStack>
          </Layout.Section>
          <Layout.Section variant="oneThird">
            <BlockStack gap="500">
              <LookHighlightsCard currency={shop.currency} timeZone={shop.timezone} />
              <SoldOutLooksCard />
              <ExtensionCheckCard scriptTagSupported={shop.scriptTagSupported} />
              <GetInTouchCard />
            </BlockStack>
          </Layout.Section>
        </Layout>
      </BlockStack>
    </Page>
  );
}
