import { Banner, Button, Card, BlockStack, Page } from '@shopify/polaris';
import { useIntl } from 'react-intl';

/** A page whose settings could not be loaded: message and retry, never a blank screen. */
export function LoadErrorPage({ titleId, onRetry }: { titleId: string; onRetry(): void }) {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage({ id: titleId })}>
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
