import { Badge, BlockStack, Box, Button, Card, Icon, InlineStack, Text } from '@shopify/polaris';
import { CheckIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import { BILLING, type BillingPlan, type BillingPlans } from '../../contracts/billing';
import { planPricing, splitFeatures, type AppliedDiscount } from './pricing';
import { formatMoney } from '../../i18n/numbers';

interface Props {
  plan: BillingPlan;
  pricingInfo: BillingPlans['pricingInfo'];
  currentPlanName: BillingPlans['currentPlan']['name'];
  applied: AppliedDiscount | null;
  selecting: boolean;
  onSelect?(): void;
}

/** One plan: name, price (crossed-out, discount, savings), usage limit, features, current state and CTA. */
export function PlanCard({ plan, pricingInfo, currentPlanName, applied, selecting, onSelect }: Props) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  const pricing = planPricing(plan, pricingInfo, applied);
  const features = splitFeatures(plan.featuredText);
  const isFree = plan.name === 'free';
  const per = isFree ? null : t(`Billing.plan.per.${plan.name}`);
  // The free trial is for shops coming from the free plan.
  const onPaidPlan = currentPlanName !== 'free';

  let cta;
  if (plan.isCurrent) {
    cta = (
      <Button disabled fullWidth>
        {t('Billing.plan.current')}
      </Button>
    );
  } else if (isFree) {
    cta = (
      <Button fullWidth url="/billing/downgrade">
        {t('Billing.plan.downgrade')}
      </Button>
    );
  } else if (currentPlanName === 'lifetime') {
    cta = (
      <Button disabled fullWidth>
        {t('Billing.plan.includedInLifetime')}
      </Button>
    );
  } else {
    cta = (
      <Button variant="primary" fullWidth loading={selecting} disabled={!plan.isActive} onClick={onSelect}>
        {plan.name === 'lifetime'
          ? t('Billing.plan.ctaLifetime')
          : onPaidPlan
            ? t('Billing.plan.ctaSwitch', { plan: t(`Billing.plans.${plan.name}`) })
            : t('Billing.plan.ctaTrial', { days: BILLING.trialDays })}
      </Button>
    );
  }

  return (
    <Card>
      <section aria-label={t(`Billing.plans.${plan.name}`)} data-plan={plan.name}>
        <BlockStack gap="400">
          <InlineStack align="space-between" blockAlign="center" gap="200">
            <Text as="h2" variant="headingLg">
              {t(`Billing.plans.${plan.name}`)}
            </Text>
            <InlineStack gap="100">
              {plan.isCurrent && <Badge tone="info">{t('Billing.plan.currentBadge')}</Badge>}
              {pricing.discountPercentage > 0 && (
                <Badge tone="success">
                  {t('Billing.plan.discountBadge', { percentage: pricing.discountPercentage })}
                </Badge>
              )}
            </InlineStack>
          </InlineStack>
          <BlockStack gap="100">
            <InlineStack gap="200" blockAlign="baseline" wrap>
              <Text as="p" variant="heading2xl" fontWeight="bold">
                <span data-testid={`price-${plan.name}`}>{formatMoney(intl, pricing.price, BILLING.currency)}</span>
              </Text>
              {pricing.crossedOutPrice !== null && (
                <Text as="span" tone="subdued" variant="headingMd">
                  <s
                    data-testid={`crossed-${plan.name}`}
                    aria-label={t('Billing.plan.regularPrice', {
                      price: formatMoney(intl, pricing.crossedOutPrice, BILLING.currency),
                    })}
                  >
                    {formatMoney(intl, pricing.crossedOutPrice, BILLING.currency)}
                  </s>
                </Text>
              )}
              {per && (
                <Text as="span" tone="subdued">
                  {per}
                </Text>
              )}
            </InlineStack>
            {pricing.savingsPercentage !== null && (
              <Text as="p" tone="success" fontWeight="semibold">
                {plan.savingsText || t('Billing.plan.savings', { percentage: pricing.savingsPercentage })}
              </Text>
            )}
            {!isFree && plan.name !== 'lifetime' && !onPaidPlan && (
              <Text as="p" tone="subdued">
                {t('Billing.plan.trialNote', { days: BILLING.trialDays })}
              </Text>
            )}
          </BlockStack>
          <Box paddingBlockStart="100">
            <Text as="p" fontWeight="semibold">
              {plan.usageLimit === null
                ? t('Billing.plan.usageUnlimited')
                : t('Billing.plan.usageLimit', { count: plan.usageLimit })}
            </Text>
          </Box>
          <BlockStack gap="200" as="ul">
            {features.map((feature) => (
              <InlineStack key={feature} gap="200" wrap={false} blockAlign="start" as="li">
                <Box>
                  <Icon source={CheckIcon} tone="success" />
                </Box>
                <Text as="span">{feature}</Text>
              </InlineStack>
            ))}
          </BlockStack>
          {cta}
        </BlockStack>
      </section>
    </Card>
  );
}
