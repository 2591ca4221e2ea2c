import { Badge, Button, ButtonGroup, InlineStack } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { PLAN_PERIODS, type PlanPeriod } from '../../contracts/billing';

/**
 * Monthly / yearly / lifetime segmented toggle: a labelled group of toggle buttons, the chosen
 * one pressed (aria-pressed), as Polaris's segmented buttons are meant to be used.
 */
export function PeriodToggle({
  value,
  onChange,
  yearlySavings,
}: {
  value: PlanPeriod;
  onChange(p: PlanPeriod): void;
  yearlySavings: number;
}) {
  const intl = useIntl();
  return (
    <InlineStack gap="300" blockAlign="center" align="center">
      <div role="group" aria-label={intl.formatMessage({ id: 'Billing.period.label' })}>
        <ButtonGroup variant="segmented">
          {PLAN_PERIODS.map((period) => (
            <Button key={period} pressed={value === period} onClick={() => onChange(period)}>
              {intl.formatMessage({ id: `Billing.period.${period}` })}
            </Button>
          ))}
        </ButtonGroup>
      </div>
      <Badge tone="success">
        {intl.formatMessage({ id: 'Billing.period.yearlySavings' }, { percentage: yearlySavings })}
      </Badge>
    </InlineStack>
  );
}
