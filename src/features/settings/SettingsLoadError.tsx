import { Banner, BlockStack, Button, Card, Page } from '@shopify/polaris';
import { useIntl } from 'react-intl';

export function SettingsLoadError({ onRetry }: { onRetry(): void }) {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage({ id: 'Pages.settings.title' })}>
      <Card>
        <BlockStack gap="300">
          <Banner tone="critical" title={intl.formatMessage({ id: 'General.loadError.title' })}>
            <p>{intl.formatMessage({ id: 'General.loadError.description' })}</p>
          </Banner>
          <div>
            <Button onClick={onRetry}>{intl.formatMessage({ id: 'General.actions.retry' })}</Button>
          </div>
        </BlockStack>
      </Card>
    </Page>
  );
}
