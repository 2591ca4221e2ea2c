import { useEffect, useRef, useState } from 'react';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  InlineGrid,
  InlineStack,
  Layout,
  Page,
  SkeletonBodyText,
  SkeletonPage,
  Text,
} from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router-dom';
import { useHost } from '../../host/HostContext';
import { track } from '../../analytics/tracker';
import { BILLING, isPlanPeriod, type PlanPeriod } from '../../contracts/billing';
import { isLocale } from '../../contracts/api';
import { billingApi, useGetBillingPlansQuery, useSelectPlanMutation } from './billingApi';
import type { AppStore } from '../../app/store';
import { prefetchQuery } from '../../api/prefetchQuery';
import { interfaceLocaleForPrefetch } from '../shop';
import { canApplyCode, defaultPeriod, discountCodeToSend } from './pricing';
import { MISSING_PLAN_ERROR_ID, planSelectErrorId } from './planErrors';
import { useDiscountCode } from './useDiscountCode';
import { PeriodToggle } from './PeriodToggle';
import { PlanCard } from './PlanCard';
import { TrustBanner } from './TrustBanner';
import { PlansFaq } from './PlansFaq';
import { lazyOnce } from '../../components/lazyOnce';
import { HydrationBoundary } from '../../components/HydrationBoundary';

/** The discount code's dialog: a chunk of its own, loaded once the merchant opens it (the first screen has none). */
const discountCodeModal = lazyOnce(() => import(/* webpackChunkName: "discount-code-modal" */ './DiscountCodeModal'));

/**
 * The plans in the page's language, asked on boot with the shop call (routes.tsx): rendered on the
 * server with them, the first screen paints from the HTML instead of a skeleton.
 */
export async function prefetch(store: AppStore): Promise<unknown> {
  const locale = await interfaceLocaleForPrefetch(store);
  return locale
    ? prefetchQuery(store, (dispatch) => dispatch(billingApi.endpoints.getBillingPlans.initiate({ locale })))
    : undefined;
}

/** Plans: period toggle, free and paid plan cards, discount code, trust banner, FAQ (SPEC §2). */
export default function PlansPage() {
  const intl = useIntl();
  const host = useHost();
  const location = useLocation();
  const navigate = useNavigate();
  const locale = isLocale(intl.locale) ? intl.locale : 'en';
  const { data, isLoading, isError, refetch } = useGetBillingPlansQuery(
    { locale },
    { refetchOnMountOrArgChange: BILLING.plansStaleSeconds },
  );
  const [selectPlan, { isLoading: selecting }] = useSelectPlanMutation();
  const discount = useDiscountCode(location.search);
  const [period, setPeriod] = useState<PlanPeriod | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  // Mounted from the first opening on (then kept: its closing transition and focus return).
  const [modalAsked, setModalAsked] = useState(false);
  const [declined, setDeclined] = useState(() => new URLSearchParams(location.search).get('declined') === '1');
  const viewed = useRef(false);
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);

  const activePeriod = period ?? defaultPeriod(location.search, data);

  useEffect(() => {
    if (!data || viewed.current) return;
    viewed.current = true;
    track('plans_viewed', { currentPlan: data.currentPlan.name, period: activePeriod });
  }, [data, activePeriod]);

  // Back from an approved charge: confirm once, then drop the parameters from the URL.
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const subscribed = params.get('subscribed');
    if (!subscribed && !params.has('declined')) return;
    if (subscribed && (isPlanPeriod(subscribed) || subscribed === 'free')) {
      host.toast(t('Billing.notifications.subscribed', { plan: t(`Billing.plans.${subscribed}`) }));
    }
    params.delete('subscribed');
    params.delete('declined');
    params.delete('charge_id');
    const rest = params.toString();
    navigate({ pathname: location.pathname, search: rest ? `?${rest}` : '' }, { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (isLoading) {
    return (
      <SkeletonPage title={t('Pages.plans.title')}>
        <Card>
          <SkeletonBodyText lines={8} />
        </Card>
      </SkeletonPage>
    );
  }
  if (isError || !data) {
    return (
      <Page title={t('Pages.plans.title')}>
        <Banner
          tone="critical"
          title={t('General.loadError.title')}
          action={{ content: t('General.actions.retry'), onAction: () => refetch() }}
        >
          {t('General.loadError.description')}
        </Banner>
      </Page>
    );
  }

  const plan = data.plans[activePeriod];
  const onSelect = async () => {
    if (!plan) {
      host.toast(t(MISSING_PLAN_ERROR_ID), { isError: true });
      return;
    }
    const discountCode = discountCodeToSend(plan, discount.applied);
    track('plan_selected', { planName: plan.name, period: activePeriod, discountCode: discountCode ?? null });
    try {
      const { confirmationUrl } = await selectPlan({
        planName: plan.name,
        ...(discountCode ? { discountCode } : {}),
      }).unwrap();
      if (!confirmationUrl) throw new Error('no confirmation URL');
      host.redirectTop(confirmationUrl);
    } catch (error) {
      host.toast(t(errorIdFor(error)), { isError: true });
    }
  };

  const codeApplies = canApplyCode(data.plans.monthly);
  return (
    <Page title={t('Pages.plans.title')} subtitle={t('Billing.subtitle')}>
      <Layout>
        {data.currentPlan.ended && (
          <Layout.Section>
            <Banner
              tone="warning"
              title={t('Billing.ended.title', { plan: t(`Billing.plans.${data.currentPlan.ended.plan}`) })}
            >
              {t('Billing.ended.body', { reason: data.currentPlan.ended.reason })}
            </Banner>
          </Layout.Section>
        )}
        {declined && (
          <Layout.Section>
            <Banner tone="warning" title={t('Billing.declined.title')} onDismiss={() => setDeclined(false)}>
              {t('Billing.declined.body')}
            </Banner>
          </Layout.Section>
        )}
        <Layout.Section>
          <TrustBanner />
        </Layout.Section>
        {/* Hydrated in passes of their own (HydrationBoundary): the plans, then the questions. */}
        <Layout.Section>
          <HydrationBoundary>
            <BlockStack gap="400">
              <PeriodToggle
                value={activePeriod}
                onChange={setPeriod}
                yearlySavings={data.pricingInfo.yearlyDiscount || BILLING.yearlySavingsPercentage}
              />
              <DiscountLine
                applied={discount.applied}
                codeApplies={codeApplies}
                period={activePeriod}
                onOpen={() => {
                  setModalAsked(true);
                  setModalOpen(true);
                }}
                onRemove={discount.remove}
                unchecked={discount.unchecked}
                refused={discount.refused}
                onRetry={discount.retryUnchecked}
              />
              <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
                <PlanCard
                  plan={data.plans.free}
                  pricingInfo={data.pricingInfo}
                  currentPlanName={data.currentPlan.name}
                  applied={null}
                  selecting={false}
                />
                {plan ? (
                  <PlanCard
                    plan={plan}
                    pricingInfo={data.pricingInfo}
                    currentPlanName={data.currentPlan.name}
                    applied={discount.applied}
                    selecting={selecting}
                    onSelect={onSelect}
                  />
                ) : (
                  <Card>
                    <Text as="p">{t(MISSING_PLAN_ERROR_ID)}</Text>
                  </Card>
                )}
              </InlineGrid>
            </BlockStack>
          </HydrationBoundary>
        </Layout.Section>
        <Layout.Section>
          <HydrationBoundary>
            <HydrationBoundary>
              <PlansFaq monthlyPrice={data.pricingInfo.monthlyPrice || BILLING.monthlyPrice} />
            </HydrationBoundary>
          </HydrationBoundary>
        </Layout.Section>
      </Layout>
      {modalAsked && (
        <discountCodeModal.Slot
          open={modalOpen}
          onClose={() => setModalOpen(false)}
          onApply={discount.apply}
          loading={discount.isValidating}
          fallback={null}
        />
      )}
    </Page>
  );
}

/** A select response without a confirmation URL is an error selecting the plan. */
function errorIdFor(error: unknown): string {
  return error instanceof Error && error.message === 'no confirmation URL'
    ? MISSING_PLAN_ERROR_ID
    : planSelectErrorId(error);
}

function DiscountLine({
  applied,
  codeApplies,
  period,
  onOpen,
  onRemove,
  unchecked,
  refused,
  onRetry,
}: {
  applied: { code: string; percentage: number } | null;
  codeApplies: boolean;
  period: PlanPeriod;
  onOpen(): void;
  onRemove(): void;
  /** A code of the link whose check failed: prices are shown without it until a retry succeeds. */
  unchecked: string | null;
  /** The server's refusal to check the link's code now (too many attempts). */
  refused: string | null;
  onRetry(): void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  if (!codeApplies) return null;
  if (applied) {
    return (
      <Banner tone="success" onDismiss={onRemove}>
        <p>
          {t('Billing.discount.appliedBanner', { code: applied.code, percentage: applied.percentage })}
          {period !== 'monthly' && ` ${t('Billing.discount.monthlyOnly')}`}
        </p>
      </Banner>
    );
  }
  return (
    <BlockStack gap="200">
      {refused && (
        <Banner tone="warning">
          <p>{refused}</p>
        </Banner>
      )}
      {unchecked && (
        <Banner tone="warning" action={{ content: t('General.actions.retry'), onAction: onRetry }}>
          <p>{t('Billing.discount.uncheckedBanner', { code: unchecked })}</p>
        </Banner>
      )}
      <InlineStack align="center">
        <Button variant="plain" onClick={onOpen}>
          {t('Billing.discount.open')}
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
