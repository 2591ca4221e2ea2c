import { useState } from 'react';
import {
  Banner,
  BlockStack,
  Button,
  Card,
  InlineStack,
  Layout,
  List,
  Modal,
  Page,
  SkeletonBodyText,
  SkeletonPage,
  Text,
} from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router-dom';
import { useHost } from '../../host/HostContext';
import { useRestoreFocus } from '../../components/useRestoreFocus';
import { isLocale } from '../../contracts/api';
import { BILLING } from '../../contracts/billing';
import { useDowngradeMutation, useGetBillingPlansQuery, useGetDowngradePreviewQuery } from './billingApi';
import { downgradeConsequences } from './downgradeConsequences';

/** Downgrade to free: warning, consequences, confirm modal; back goes to /billing/plans. */
export default function DowngradePage() {
  const intl = useIntl();
  const host = useHost();
  const navigate = useNavigate();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const locale = isLocale(intl.locale) ? intl.locale : 'en';
  const plans = useGetBillingPlansQuery({ locale }, { refetchOnMountOrArgChange: BILLING.plansStaleSeconds });
  const preview = useGetDowngradePreviewQuery(undefined, { refetchOnMountOrArgChange: true });
  const [downgrade, { isLoading: downgrading }] = useDowngradeMutation();
  const [confirming, setConfirming] = useState(false);
  useRestoreFocus(confirming);
  const backAction = { content: t('Pages.plans.title'), url: '/billing/plans' };

  if (plans.isLoading || preview.isLoading) {
    return (
      <SkeletonPage title={t('Pages.downgrade.title')} backAction>
        <Card>
          <SkeletonBodyText lines={6} />
        </Card>
      </SkeletonPage>
    );
  }
  if (!plans.data || !preview.data) {
    return (
      <Page title={t('Pages.downgrade.title')} backAction={backAction}>
        <Banner
          tone="critical"
          title={t('General.loadError.title')}
          action={{
            content: t('General.actions.retry'),
            onAction: () => {
              plans.refetch();
              preview.refetch();
            },
          }}
        >
          {t('General.loadError.description')}
        </Banner>
      </Page>
    );
  }

  const current = plans.data.currentPlan.name;
  if (current === 'free') {
    return (
      <Page title={t('Pages.downgrade.title')} backAction={backAction}>
        <Banner
          tone="info"
          title={t('Billing.downgrade.alreadyFree')}
          action={{ content: t('Billing.downgrade.seePlans'), url: '/billing/plans' }}
        />
      </Page>
    );
  }

  const consequences = downgradeConsequences(plans.data, preview.data);
  const confirm = async () => {
    try {
      await downgrade().unwrap();
      setConfirming(false);
      host.toast(t('General.notifications.updateSuccess'));
      navigate('/');
    } catch {
      setConfirming(false);
      host.toast(t('General.notifications.updateError'), { isError: true });
    }
  };

  return (
    <Page title={t('Pages.downgrade.title')} backAction={backAction}>
      <Layout>
        <Layout.Section>
          <Banner tone="warning" title={t('Billing.downgrade.warningTitle', { plan: t(`Billing.plans.${current}`) })}>
            <p>{t('Billing.downgrade.warningBody')}</p>
          </Banner>
        </Layout.Section>
        <Layout.Section>
          <Card>
            <BlockStack gap="400">
              <Text as="h2" variant="headingMd">
                {t('Billing.downgrade.consequencesTitle')}
              </Text>
              <List type="bullet">
                <List.Item>{t('Billing.downgrade.limit', { count: consequences.freeUsageLimit })}</List.Item>
                {consequences.looksToDeactivate.length > 0 ? (
                  <List.Item>
                    {t('Billing.downgrade.looksToDraft', { count: consequences.looksToDeactivate.length })}
                    <List type="bullet">
                      {consequences.looksToDeactivate.map((look) => (
                        <List.Item key={look.id}>{look.title}</List.Item>
                      ))}
                    </List>
                  </List.Item>
                ) : (
                  <List.Item>{t('Billing.downgrade.looksKept')}</List.Item>
                )}
                {consequences.lostFeatures.length > 0 && (
                  <List.Item>
                    {t('Billing.downgrade.lostFeatures')}
                    <List type="bullet">
                      {consequences.lostFeatures.map((feature) => (
                        <List.Item key={feature}>{feature}</List.Item>
                      ))}
                    </List>
                  </List.Item>
                )}
                {consequences.lostDiscount && (
                  <List.Item>
                    {t('Billing.downgrade.lostDiscount', {
                      percentage: consequences.lostDiscount.percentage,
                      code: consequences.lostDiscount.code ?? '',
                    })}
                  </List.Item>
                )}
                <List.Item>
                  {t(
                    current === 'lifetime'
                      ? 'Billing.downgrade.lifetimeEnds'
                      : 'Billing.downgrade.subscriptionCancelled',
                  )}
                </List.Item>
              </List>
              <InlineStack align="end" gap="200">
                <Button url="/billing/plans">{t('Billing.downgrade.back')}</Button>
                <Button variant="primary" tone="critical" onClick={() => setConfirming(true)}>
                  {t('Billing.downgrade.cta')}
                </Button>
              </InlineStack>
            </BlockStack>
          </Card>
        </Layout.Section>
      </Layout>
      {confirming && (
        <Modal
          open
          onClose={() => setConfirming(false)}
          title={t('Billing.downgrade.confirmTitle')}
          primaryAction={{
            content: t('Billing.downgrade.confirm'),
            destructive: true,
            loading: downgrading,
            onAction: confirm,
          }}
          secondaryActions={[{ content: t('General.actions.cancel'), onAction: () => setConfirming(false) }]}
        >
          <Modal.Section>
            <Text as="p">{t('Billing.downgrade.confirmBody', { count: consequences.looksToDeactivate.length })}</Text>
          </Modal.Section>
        </Modal>
      )}
    </Page>
  );
}
