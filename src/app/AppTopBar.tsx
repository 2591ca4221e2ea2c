import { Button, InlineStack, Text } from '@shopify/polaris';
import { MenuIcon } from '@shopify/polaris-icons';
import { useIntl } from 'react-intl';
import { Link } from 'react-router-dom';

/**
 * The standalone top bar: logo, app name, shop domain and the mobile
 * navigation toggle. Deliberately not Polaris' TopBar, which always bundles
 * its search field, user menu, popover and action list (~12 KB gzip of
 * first-load JS) that the standalone shell does not use.
 */
export function AppTopBar({
  shopDomain,
  showNavigationToggle,
  onNavigationToggle,
}: {
  shopDomain?: string;
  showNavigationToggle: boolean;
  onNavigationToggle(): void;
}) {
  const intl = useIntl();
  const appName = intl.formatMessage({ id: 'General.appName' });
  return (
    <div className="sl-TopBar">
      <InlineStack gap="300" blockAlign="center" wrap={false}>
        {showNavigationToggle && (
          <span className="sl-TopBar__NavToggle">
            <Button
              variant="tertiary"
              icon={MenuIcon}
              onClick={onNavigationToggle}
              accessibilityLabel={intl.formatMessage({ id: 'Navigation.toggle' })}
            />
          </span>
        )}
        <Link to="/" className="sl-TopBar__Logo" aria-label={appName}>
          <img src="/logo.svg" alt="" width={32} height={32} />
        </Link>
        <Text as="span" variant="headingSm" tone="text-inverse">
          {appName}
        </Text>
      </InlineStack>
      {shopDomain && (
        <span className="sl-TopBar__Shop">
          <Text as="span" variant="bodySm" tone="text-inverse" truncate>
            {shopDomain}
          </Text>
        </span>
      )}
    </div>
  );
}
