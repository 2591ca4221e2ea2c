import { Banner, Box } from '@shopify/polaris';
import { useIntl } from 'react-intl';

/** Inside Shopify admin without App Bridge: says that the app's own save bar and picker stand in. */
export default function DegradedBanner() {
  const intl = useIntl();
  return (
    <Box padding="400" paddingBlockEnd="0">
      <div data-testid="host-degraded-banner">
        <Banner tone="warning" title={intl.formatMessage({ id: 'Host.degraded.title' })}>
          {intl.formatMessage({ id: 'Host.degraded.description' })}
        </Banner>
      </div>
    </Box>
  );
}
