import { BlockStack, Button, Card, InlineStack, Text } from '@shopify/polaris';
import { BookOpenIcon, ChatIcon, EmailIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import { DOCS_URL, SUPPORT_CHAT_URL, SUPPORT_EMAIL } from './support';

/** Get in touch: chat, email, docs. */
export function GetInTouchCard() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('Dashboard.contact.title')}
        </Text>
        <Text as="p" tone="subdued">
          {t('Dashboard.contact.description')}
        </Text>
        <InlineStack gap="200">
          <Button icon={ChatIcon} url={SUPPORT_CHAT_URL} external target="_blank">
            {t('Dashboard.contact.chat')}
          </Button>
          <Button icon={EmailIcon} url={`mailto:${SUPPORT_EMAIL}`}>
            {t('Dashboard.contact.email')}
          </Button>
          <Button icon={BookOpenIcon} url={DOCS_URL} external target="_blank">
            {t('Dashboard.contact.docs')}
          </Button>
        </InlineStack>
      </BlockStack>
    </Card>
  );
}
