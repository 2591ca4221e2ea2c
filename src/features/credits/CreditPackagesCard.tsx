import { useState } from 'react';
import { Badge, Banner, BlockStack, Box, Button, Card, InlineStack, SkeletonBodyText, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { errorCode } from '../../api/errors';
import { BILLING } from '../../contracts/billing';
import { isBestOffer, perImageCents } from '../../contracts/credits';
import { formatCents, formatMoney } from '../../i18n/numbers';
import { useHost } from '../../host/HostContext';
import { useGetCreditPackagesQuery, usePurchaseCreditsMutation } from './creditsApi';

/** Credit packages; buying one sends the top window to the charge confirmation page. */
export function CreditPackagesCard() {
  const intl = useIntl();
  const host = useHost();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const { data, isLoading, isError, refetch } = useGetCreditPackagesQuery(undefined, {
    refetchOnMountOrArgChange: 300,
  });
  const [purchase] = usePurchaseCreditsMutation();
  const [buying, setBuying] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onBuy = async (id: number) => {
    setBuying(id);
    setError(null);
    try {
      const { confirmationUrl } = await purchase(id).unwrap();
      host.redirectTop(confirmationUrl);
    } catch (e) {
      // Worded here from the answer's code, in the screen's language (the server's text may be the shop's language or the platform's).
      setError(t(errorCode(e) === 'not_found' ? 'Credits.errors.packageNotFound' : 'Credits.packages.purchaseFailed'));
      setBuying(null);
    }
  };

  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('Credits.packages.title')}
        </Text>
        {isLoading && <SkeletonBodyText lines={4} />}
        {isError && (
          <Banner
            tone="critical"
            title={t('Credits.packages.loadError')}
            action={{ content: t('General.actions.retry'), onAction: () => void refetch() }}
          />
        )}
        {error && (
          <Banner tone="critical" onDismiss={() => setError(null)}>
            {error}
          </Banner>
        )}
        {data?.map((pkg) => (
          <Box
            key={pkg.id}
            padding="300"
            borderWidth="025"
            borderColor={isBestOffer(pkg) ? 'border-success' : 'border'}
            borderRadius="200"
          >
            <BlockStack gap="200">
              <InlineStack align="space-between" blockAlign="center" gap="200">
                <InlineStack gap="200" blockAlign="center">
                  <Text as="h3" variant="headingSm">
                    {pkg.name}
                  </Text>
                  {isBestOffer(pkg) && <Badge tone="success">{t('Credits.packages.bestOffer')}</Badge>}
                </InlineStack>
                <Text as="span" variant="headingMd">
                  {formatMoney(intl, pkg.price, BILLING.currency)}
                </Text>
              </InlineStack>
              <InlineStack align="space-between" blockAlign="center" gap="200">
                <Text as="span" tone="subdued">
                  {t('Credits.packages.credits', { count: pkg.credits })} ·{' '}
                  {t('Credits.packages.perImage', { price: formatCents(intl, perImageCents(pkg)) })}
                </Text>
                <Button
                  onClick={() => onBuy(pkg.id)}
                  loading={buying === pkg.id}
                  disabled={buying !== null && buying !== pkg.id}
                  accessibilityLabel={t('Credits.packages.buyLabel', { name: pkg.name })}
                >
                  {t('Credits.packages.buy')}
                </Button>
              </InlineStack>
            </BlockStack>
          </Box>
        ))}
      </BlockStack>
    </Card>
  );
}
