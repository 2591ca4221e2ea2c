import { useEffect, useMemo } from 'react';
import { Banner, Card, Page, Spinner, InlineStack, Text } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { useHost } from '../../host/HostContext';
import { allowedRedirect } from './isAllowedRedirect';

/** Redirect helper (SPEC §2): navigates the top window only to the app, the platform admin or a store. */
export default function ExitIframePage() {
  const intl = useIntl();
  const host = useHost();
  const [params] = useSearchParams();
  const redirectUri = params.get('redirectUri');
  const target = useMemo(() => allowedRedirect(redirectUri, window.location.host), [redirectUri]);

  useEffect(() => {
    if (target) host.redirectTop(target);
  }, [target, host]);

  if (target) {
    return (
      <Page>
        <InlineStack gap="200" blockAlign="center">
          <Spinner size="small" />
          <Text as="p">{intl.formatMessage({ id: 'ExitIframe.redirecting' })}</Text>
        </InlineStack>
      </Page>
    );
  }
  return (
    <Page>
      <Card>
        <Banner tone="warning">
          <p>{intl.formatMessage({ id: redirectUri ? 'ExitIframe.outsideWarning' : 'ExitIframe.missing' })}</p>
        </Banner>
      </Card>
    </Page>
  );
}
