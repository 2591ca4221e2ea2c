import { BlockStack, Card, Select, Text } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import { useLookError } from './useLookError';

/** Status selector: active (live) or draft → the boolean `active`. */
export function StatusSection() {
  const intl = useIntl();
  const { input } = useField<boolean>('active');
  const error = useLookError('active');
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">{t('Looks.status.label')}</Text>
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
          helpText={t('Looks.status.help')}
          error={error}
        />
      </BlockStack>
    </Card>
  );
}
