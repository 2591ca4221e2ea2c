import { BlockStack, Card, Text } from '@shopify/polaris';
import { useField } from 'react-final-form';
import { useIntl } from 'react-intl';
import { TagsInput } from './TagsInput';
import { useLookError } from './useLookError';

export function TagsSection() {
  const intl = useIntl();
  const { input } = useField<string>('tags');
  const error = useLookError('tags');
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {intl.formatMessage({ id: 'Looks.tags.title' })}
        </Text>
        <TagsInput value={input.value || ''} onChange={input.onChange} error={error} />
      </BlockStack>
    </Card>
  );
}
