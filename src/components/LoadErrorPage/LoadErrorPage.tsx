import { Banner, Button, Card, BlockStack, Page, type PageProps } from '@shopify/polaris';
import { useIntl } from 'react-intl';

interface Props {
  /** The page's title: a message id, or `title` when it is already text. */
  titleId?: string;
  title?: string;
  backAction?: PageProps['backAction'];
  onRetry(): void;
}

/** A page whose data could not be loaded: message and retry, never a blank or misleading screen. */
export function LoadErrorPage({ titleId, title, backAction, onRetry }: Props) {
  const intl = useIntl();
  return (
    <Page title={title ?? (titleId ? intl.formatMessage({ id: titleId }) : undefined)} backAction={backAction}>
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
