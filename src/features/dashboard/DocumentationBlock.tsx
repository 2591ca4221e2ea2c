import { BlockStack, Box, Card, InlineGrid, Link, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { DOC_ARTICLES, DOCS_URL } from './support';

/** Documentation: the guides merchants need most, each with a short summary. */
export function DocumentationBlock() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card>
      <BlockStack gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingMd">
            {t('Dashboard.docs.title')}
          </Text>
          <Text as="p" tone="subdued">
            {t('Dashboard.docs.description')}
          </Text>
        </BlockStack>
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="300">
          {DOC_ARTICLES.map((a) => (
            <Box key={a.id} padding="300" borderWidth="025" borderColor="border" borderRadius="200">
              <BlockStack gap="100">
                <Link url={a.url} external target="_blank" removeUnderline>
                  <Text as="span" variant="headingSm">
                    {t(`Dashboard.docs.${a.id}.title`)}
                  </Text>
                </Link>
                <Text as="p" variant="bodySm" tone="subdued">
                  {t(`Dashboard.docs.${a.id}.summary`)}
                </Text>
              </BlockStack>
            </Box>
          ))}
        </InlineGrid>
        <Link url={DOCS_URL} external target="_blank">
          {t('Dashboard.docs.all')}
        </Link>
      </BlockStack>
    </Card>
  );
}
