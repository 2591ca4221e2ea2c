import { BlockStack, Card, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { FormCheckbox } from '../../../components/form';

export function FeaturedSection() {
  const intl = useIntl();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {intl.formatMessage({ id: 'Looks.featured.title' })}
        </Text>
        <FormCheckbox name="featured" label={intl.formatMessage({ id: 'Looks.featured.label' })} />
      </BlockStack>
    </Card>
  );
}
