import { Banner, BlockStack, Card, InlineStack, Spinner, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import type { GenerationStatus } from '../../../contracts/gallery';
import { GenerationStatusBadge } from './GenerationStatusBadge';

export type PanelState = 'ready' | 'starting' | 'inProgress' | 'completed' | 'failed';

/** SPEC §4 status panel: PENDING idle = ready, PENDING streaming = starting, queued/running = in progress, completed, failed with the error. */
export function panelState(
  status: GenerationStatus,
  streaming: boolean,
  hasImage: boolean,
  failed: boolean,
): PanelState {
  if (failed || status === 'FAILED') return 'failed';
  if (status === 'IN_QUEUE' || status === 'IN_PROGRESS') return 'inProgress';
  if (status === 'COMPLETED' && hasImage) return 'completed';
  if (status === 'PENDING' && streaming) return 'starting';
  return 'ready';
}

export function StatusPanel({
  state,
  status,
  error,
  reconnecting,
  lost,
  onReconnect,
}: {
  state: PanelState;
  status: GenerationStatus;
  error: string | null;
  reconnecting: boolean;
  lost: boolean;
  onReconnect(): void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string>) => intl.formatMessage({ id }, values);
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t('Generation.panel.title')}
          </Text>
          <GenerationStatusBadge status={state === 'failed' ? 'FAILED' : status} />
        </InlineStack>
        <div role="status" aria-live="polite" data-testid="generation-status">
          {state === 'failed' ? (
            <Banner tone="critical" title={t('Generation.panel.failed')}>
              {error || t('Generation.errors.unknown')}
            </Banner>
          ) : (
            <InlineStack gap="200" blockAlign="center">
              {(state === 'inProgress' || state === 'starting') && (
                <Spinner size="small" accessibilityLabel={t(`Generation.panel.${state}`)} />
              )}
              <Text as="p">{t(`Generation.panel.${state}`)}</Text>
            </InlineStack>
          )}
        </div>
        {reconnecting && (
          <Text as="p" tone="subdued">
            {t('Generation.panel.reconnecting')}
          </Text>
        )}
        {lost && (
          <Banner tone="warning" action={{ content: t('Generation.panel.reconnect'), onAction: onReconnect }}>
            {t('Generation.panel.lost')}
          </Banner>
        )}
      </BlockStack>
    </Card>
  );
}
