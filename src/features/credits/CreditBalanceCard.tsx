import { useState } from 'react';
import { Badge, Banner, BlockStack, Button, Card, InlineStack, SkeletonBodyText, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { errorCode } from '../../api/errors';
import { useHost } from '../../host/HostContext';
import { isLowCredit } from '../../contracts/credits';
import { useClaimFreeCreditsMutation, useGetCreditsQuery } from './creditsApi';

/**
 * Credit balance with the low-credit badge and warning, and the one-time free credits claim.
 * Until the free credits are claimed the claim is the next step, not a low-credit warning.
 */
export function CreditBalanceCard() {
  const intl = useIntl();
  const host = useHost();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { data, isLoading, isError, refetch } = useGetCreditsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [claim, { isLoading: claiming }] = useClaimFreeCreditsMutation();
  const [claimError, setClaimError] = useState<string | null>(null);
  const [lowAfterClaim, setLowAfterClaim] = useState(false);

  if (isLoading) {
    return (
      <Card>
        <SkeletonBodyText lines={3} />
      </Card>
    );
  }
  if (isError || !data) {
    return (
      <Banner
        tone="critical"
        title={t('Credits.balance.loadFailed')}
        action={{ content: t('General.actions.retry'), onAction: () => void refetch() }}
      />
    );
  }
  const low = (data.freeCreditsClaimedFlag && data.lowCreditWarning) || lowAfterClaim;

  const onClaim = async () => {
    setClaimError(null);
    try {
      const res = await claim().unwrap();
      setLowAfterClaim(isLowCredit(res.credits));
      host.toast(t('Credits.claim.success'));
    } catch (error) {
      // Worded here from the answer's code, in the screen's language (not the server's text in the shop's language).
      setClaimError(
        t(errorCode(error) === 'free_credits_claimed' ? 'Credits.errors.alreadyClaimed' : 'Credits.claim.failed'),
      );
    }
  };

  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t('Credits.balance.title')}
          </Text>
          {low && <Badge tone="warning">{t('Credits.balance.lowBadge')}</Badge>}
        </InlineStack>
        <BlockStack gap="100">
          <Text as="p" variant="heading2xl" id="credits-remaining">
            {intl.formatNumber(data.creditsRemaining)}
          </Text>
          <Text as="p" tone="subdued">
            {t('Credits.balance.remaining', { count: data.creditsRemaining })} ·{' '}
            {t('Credits.balance.used', { count: data.creditsUsed })}
          </Text>
        </BlockStack>
        {low && <Banner tone="warning">{t('Credits.balance.lowWarning')}</Banner>}
        {claimError && (
          <Banner tone="critical" onDismiss={() => setClaimError(null)}>
            {claimError}
          </Banner>
        )}
        {!data.freeCreditsClaimedFlag && (
          <InlineStack>
            <Button variant="primary" onClick={onClaim} loading={claiming}>
              {t('Credits.claim.action')}
            </Button>
          </InlineStack>
        )}
      </BlockStack>
    </Card>
  );
}
