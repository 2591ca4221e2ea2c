import { useEffect, useState } from 'react';
import { Banner, BlockStack, Box, ProgressBar, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useFrameMessagesReady } from '../../i18n/I18nProvider';
import { useGetCatalogSyncQuery, useRetryCatalogSyncMutation } from './catalogSyncApi';

/** How often the banner asks while the sync runs. */
export const CATALOG_SYNC_POLL_MS = 3000;

/**
 * While the shop's first catalog sync runs: "1,200 of 5,000 products synced" (numbers in the
 * interface locale), asked again every few seconds, gone when it is done; a failed sync shows an
 * error with a retry. The app stays usable meanwhile (a banner, never a blocking page).
 */
export function CatalogSyncBanner({ pollMs = CATALOG_SYNC_POLL_MS }: { pollMs?: number }) {
  const intl = useIntl();
  const messagesReady = useFrameMessagesReady();
  const [pollingInterval, setPollingInterval] = useState(0);
  const { data } = useGetCatalogSyncQuery(undefined, { pollingInterval });
  const [retry, { isLoading: retrying, isError: retryFailed, reset }] = useRetryCatalogSyncMutation();
  const running = data?.status === 'running';

  useEffect(() => setPollingInterval(running ? pollMs : 0), [running, pollMs]);

  if (!data || !messagesReady) return null;
  if (running && data.first) {
    const progress =
      data.total === null
        ? intl.formatMessage({ id: 'Catalog.sync.running.counting' }, { synced: data.synced })
        : intl.formatMessage({ id: 'Catalog.sync.running.progress' }, { synced: data.synced, total: data.total });
    return (
      <Box padding="400" paddingBlockEnd="0">
        <div data-testid="catalog-sync-banner" role="status">
          <Banner tone="info" title={intl.formatMessage({ id: 'Catalog.sync.running.title' })}>
            <BlockStack gap="200">
              <Text as="p">{progress}</Text>
              {data.total ? (
                <ProgressBar progress={Math.min(100, Math.round((data.synced / data.total) * 100))} size="small" />
              ) : null}
              <Text as="p" tone="subdued">
                {intl.formatMessage({ id: 'Catalog.sync.running.description' })}
              </Text>
            </BlockStack>
          </Banner>
        </div>
      </Box>
    );
  }
  if (data.status === 'failed') {
    return (
      <Box padding="400" paddingBlockEnd="0">
        <div data-testid="catalog-sync-banner">
          <Banner
            tone="critical"
            title={intl.formatMessage({ id: 'Catalog.sync.failed.title' })}
            action={{
              content: intl.formatMessage({ id: 'General.actions.retry' }),
              loading: retrying,
              onAction: () => {
                reset();
                void retry();
              },
            }}
          >
            <Text as="p">
              {intl.formatMessage({ id: retryFailed ? 'Catalog.sync.retryFailed' : 'Catalog.sync.failed.description' })}
            </Text>
          </Banner>
        </div>
      </Box>
    );
  }
  return null;
}
