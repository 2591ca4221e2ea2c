import { Card, Icon, InlineGrid, InlineStack, BlockStack, Text } from '@shopify/polaris';
import { CalendarCheckIcon, ShieldCheckMarkIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import { BILLING } from '../../contracts/billing';

/** 7-day free trial and 60-day money-back guarantee. */
export function TrustBanner() {
  const intl = useIntl();
  const items = [
    {
      icon: CalendarCheckIcon,
      title: 'Billing.trust.trialTitle',
      body: 'Billing.trust.trialBody',
      values: { days: BILLING.trialDays },
    },
    {
      icon: ShieldCheckMarkIcon,
      title: 'Billing.trust.moneyBackTitle',
      body: 'Billing.trust.moneyBackBody',
      values: { days: BILLING.moneyBackDays },
    },
  ];
  return (
    <Card>
      <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
        {items.map((item) => (
          <InlineStack key={item.title} gap="300" wrap={false} blockAlign="start">
            <div>
              <Icon source={item.icon} tone="success" />
            </div>
            <BlockStack gap="100">
              <Text as="h3" variant="headingSm">
                {intl.formatMessage({ id: item.title }, item.values)}
              </Text>
              <Text as="p" tone="subdued">
                {intl.formatMessage({ id: item.body }, item.values)}
              </Text>
            </BlockStack>
          </InlineStack>
        ))}
      </InlineGrid>
    </Card>
  );
}
