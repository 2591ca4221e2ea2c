import { useState } from 'react';
import { BlockStack, Box, Button, Card, Collapsible, Divider, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { BILLING } from '../../contracts/billing';
import { formatMoney } from '../../i18n/numbers';

const QUESTIONS = ['price', 'trial', 'cancel', 'looks', 'discount'] as const;

/** FAQ accordion (the price answer shows $9.97 per 30 days). */
export function PlansFaq({ monthlyPrice = BILLING.monthlyPrice }: { monthlyPrice?: number }) {
  const intl = useIntl();
  const [open, setOpen] = useState<string | null>(null);
  const values = {
    price: formatMoney(intl, monthlyPrice, BILLING.currency),
    trialDays: BILLING.trialDays,
    moneyBackDays: BILLING.moneyBackDays,
    limit: BILLING.freeUsageLimit,
  };
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {intl.formatMessage({ id: 'Billing.faq.title' })}
        </Text>
        {QUESTIONS.map((q, i) => {
          const id = `billing-faq-${q}`;
          const expanded = open === q;
          return (
            <BlockStack key={q} gap="200">
              {i > 0 && <Divider />}
              <Button
                variant="monochromePlain"
                textAlign="left"
                fullWidth
                disclosure={expanded ? 'up' : 'down'}
                onClick={() => setOpen(expanded ? null : q)}
                ariaExpanded={expanded}
                ariaControls={id}
              >
                {intl.formatMessage({ id: `Billing.faq.${q}.question` })}
              </Button>
              <Collapsible id={id} open={expanded} transition={{ duration: '150ms', timingFunction: 'ease-in-out' }}>
                <Box paddingBlockEnd="200">
                  <Text as="p" tone="subdued">
                    {intl.formatMessage({ id: `Billing.faq.${q}.answer` }, values)}
                  </Text>
                </Box>
              </Collapsible>
            </BlockStack>
          );
        })}
      </BlockStack>
    </Card>
  );
}
