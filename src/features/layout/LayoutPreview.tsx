import { useState } from 'react';
import { Banner, BlockStack, Box, ButtonGroup, Button, Card, InlineStack, Spinner, Text } from '@shopify/polaris';
import { DesktopIcon, MobileIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import type { LayoutSettings } from '../../contracts/layout';
import { MOBILE_PREVIEW_WIDTH } from './layoutForm';
import { usePreviewHtml } from './usePreviewHtml';

/**
 * Live preview in a sandboxed `srcdoc` iframe: scripts run in an opaque origin
 * (no same-origin access to the app), desktop or mobile (450 px) width.
 */
export function LayoutPreview({
  values,
  saved = false,
  heading = true,
}: {
  values: LayoutSettings;
  /** The values are the saved settings (the form is pristine): shown at once, not after the debounce. */
  saved?: boolean;
  /** False where the page already titles the preview (the legacy page's section). */
  heading?: boolean;
}) {
  const intl = useIntl();
  const [device, setDevice] = useState<'desktop' | 'mobile'>('desktop');
  const { html, loading, popup, failed, retry } = usePreviewHtml(values, saved);
  const retryAction = { content: intl.formatMessage({ id: 'General.actions.retry' }), onAction: retry };
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align={heading ? 'space-between' : 'end'} blockAlign="center" gap="200">
          <InlineStack gap="200" blockAlign="center">
            {heading && (
              <Text as="h2" variant="headingMd">
                {intl.formatMessage({ id: 'Layout.preview.title' })}
              </Text>
            )}
            {loading && <Spinner size="small" accessibilityLabel={intl.formatMessage({ id: 'General.loading' })} />}
          </InlineStack>
          <ButtonGroup variant="segmented">
            <Button icon={DesktopIcon} pressed={device === 'desktop'} onClick={() => setDevice('desktop')}>
              {intl.formatMessage({ id: 'Layout.preview.desktop' })}
            </Button>
            <Button icon={MobileIcon} pressed={device === 'mobile'} onClick={() => setDevice('mobile')}>
              {intl.formatMessage({ id: 'Layout.preview.mobile' })}
            </Button>
          </ButtonGroup>
        </InlineStack>
        {popup ? (
          <Banner tone="info">
            <p data-testid="layout-preview-popup">{intl.formatMessage({ id: 'Layout.preview.popupUnavailable' })}</p>
          </Banner>
        ) : (
          <BlockStack gap="200">
            {failed && html !== null && (
              <Banner
                tone="warning"
                title={intl.formatMessage({ id: 'Layout.notifications.previewError' })}
                action={retryAction}
              >
                <p data-testid="layout-preview-stale">{intl.formatMessage({ id: 'Layout.preview.stale' })}</p>
              </Banner>
            )}
            <Box background="bg-surface-secondary" padding="200" borderRadius="200">
              <div style={{ display: 'flex', justifyContent: 'center' }}>
                {html === null ? (
                  <div style={{ height: 720, display: 'flex', alignItems: 'center' }}>
                    {failed ? (
                      <Banner
                        tone="critical"
                        title={intl.formatMessage({ id: 'Layout.notifications.previewError' })}
                        action={retryAction}
                      >
                        <p data-testid="layout-preview-error">
                          {intl.formatMessage({ id: 'Layout.preview.failedHelp' })}
                        </p>
                      </Banner>
                    ) : (
                      <Spinner accessibilityLabel={intl.formatMessage({ id: 'General.loading' })} />
                    )}
                  </div>
                ) : (
                  <iframe
                    title={intl.formatMessage({ id: 'Layout.preview.frameTitle' })}
                    data-testid="layout-preview-frame"
                    data-device={device}
                    sandbox="allow-scripts"
                    srcDoc={html}
                    style={{
                      width: device === 'mobile' ? MOBILE_PREVIEW_WIDTH : '100%',
                      maxWidth: '100%',
                      height: 720,
                      border: '1px solid var(--p-color-border)',
                      borderRadius: 8,
                      background: '#fff',
                    }}
                  />
                )}
              </div>
            </Box>
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
