import { BlockStack, Card, Select, Text } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import { useShop } from '../../shop';
import { useLookError } from './useLookError';

/**
 * Status selector: active (live) or draft → the boolean `active`. A draft on a plan whose active
 * looks are all in use says why it stays a draft and how to make it active.
 */
export function StatusSection() {
  const intl = useIntl();
  const { shouldUpgradeToPaidPlan } = useShop();
  const { input } = useField<boolean>('active');
  const error = useLookError('active');
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {t('Looks.status.label')}
        </Text>
        <Select
          label={t('Looks.status.label')}
          labelHidden
          name="active"
          options={[
            { value: 'active', label: t('Looks.status.active') },
            { value: 'draft', label: t('Looks.status.draft') },
          ]}
          value={input.value ? 'active' : 'draft'}
          onChange={(value) => input.onChange(value === 'active')}
          helpText={t(shouldUpgradeToPaidPlan && !input.value ? 'Looks.status.limitHelp' : 'Looks.status.help')}
          error={error}
        />
      </BlockStack>
    </Card>
  );
}
