import { Button, InlineStack, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useGetReconciliationQuery, useRequestReconciliationMutation } from './analyticsApi';

/**
 * "Last reconciled with Shopify on …": when the attributed orders last agreed with Shopify's
 * (the daily reconciliation, server/platform/orderReconcile.ts), and a way to reconcile now.
 * Nothing where the app is not connected to Shopify (the standalone demo) or before the answer.
 */
export function ReconciliationNote({ timeZone }: { timeZone: string }) {
  const intl = useIntl();
  const { data } = useGetReconciliationQuery();
  const [request, requested] = useRequestReconciliationMutation();
  if (!data?.available) return null;
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const message =
    data.status === 'awaiting_access'
      ? intl.formatMessage({ id: 'Analytics.reconciliation.awaitingAccess' })
      : data.agreedAt
        ? intl.formatMessage({ id: 'Analytics.reconciliation.agreed' }, { date: date(data.agreedAt) })
        : intl.formatMessage({ id: 'Analytics.reconciliation.never' });
  return (
    <InlineStack gap="200" blockAlign="center">
      <Text as="span" tone="subdued" variant="bodySm">
        {message}
      </Text>
      {requested.isSuccess ? (
        <Text as="span" tone="subdued" variant="bodySm">
          {intl.formatMessage({ id: 'Analytics.reconciliation.started' })}
        </Text>
      ) : (
        <Button variant="plain" size="slim" loading={requested.isLoading} onClick={() => void request()}>
          {intl.formatMessage({ id: 'Analytics.reconciliation.now' })}
        </Button>
      )}
    </InlineStack>
  );
}
