import { Badge, Button, ButtonGroup, InlineStack } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { PLAN_PERIODS, type PlanPeriod } from '../../contracts/billing';

/** Monthly / yearly / lifetime segmented toggle. */
export function PeriodToggle({ value, onChange, yearlySavings }: { value: PlanPeriod; onChange(p: PlanPeriod): void; yearlySavings: number }) {
  const intl = useIntl();
  return (
    <InlineStack gap="300" blockAlign="center" align="center">
      <ButtonGroup variant="segmented">
        {PLAN_PERIODS.map((period) => (
          <Button key={period} pressed={value === period} onClick={() => onChange(period)} role="radio" ariaChecked={value === period ? 'true' : 'false'}>
            {intl.formatMessage({ id: `Billing.period.${period}` })}
          </Button>
        ))}
      </ButtonGroup>
      <Badge tone="success">{intl.formatMessage({ id: 'Billing.period.yearlySavings' }, { percentage: yearlySavings })}</Badge>
    </InlineStack>
  );
}
