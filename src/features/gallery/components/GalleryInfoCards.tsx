import { BlockStack, Box, Card, Icon, List, Text } from '@shopify/polaris';
import { ImageIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';

/** Where the generated image will appear (new page, before anything is generated). */
export function PreviewPlaceholder() {
  const intl = useIntl();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {intl.formatMessage({ id: 'Gallery.preview.title' })}
        </Text>
        <Box background="bg-surface-secondary" borderRadius="200" padding="800" minHeight="220px">
          <BlockStack gap="200" inlineAlign="center">
            <Icon source={ImageIcon} tone="subdued" />
            <Text as="p" tone="subdued" alignment="center">
              {intl.formatMessage({ id: 'Gallery.preview.placeholder' })}
            </Text>
          </BlockStack>
        </Box>
      </BlockStack>
    </Card>
  );
}

export function HowItWorksCard() {
  const intl = useIntl();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {intl.formatMessage({ id: 'Gallery.howItWorks.title' })}
        </Text>
        <List type="number">
          {[1, 2, 3].map((n) => (
            <List.Item key={n}>{intl.formatMessage({ id: `Gallery.howItWorks.step${n}` })}</List.Item>
          ))}
        </List>
      </BlockStack>
    </Card>
  );
}

export function TipsCard() {
  const intl = useIntl();
  return (
    <Card>
      <BlockStack gap="200">
        <Text as="h2" variant="headingMd">
          {intl.formatMessage({ id: 'Gallery.tips.title' })}
        </Text>
        <List>
          {[1, 2, 3].map((n) => (
            <List.Item key={n}>{intl.formatMessage({ id: `Gallery.tips.tip${n}` })}</List.Item>
          ))}
        </List>
      </BlockStack>
    </Card>
  );
}
