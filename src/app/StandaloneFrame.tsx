import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { Frame, Navigation } from '@shopify/polaris';
import { useIntl } from 'react-intl';
import { useLocation } from 'react-router-dom';
import { useHost } from '../host/HostContext';
import { useFrameMessagesReady } from '../i18n/I18nProvider';
import { useRestoreFocus } from '../components/useRestoreFocus';
import { StandaloneHostUI } from '../host/standaloneHost/StandaloneHostUI';
import type { StandaloneHost } from '../host/standaloneHost/standaloneHost';
import { AppTopBar } from './AppTopBar';
import { NAV_ITEMS, isNavItemSelected, isNavigationHidden } from './navigationItems';

/** AppTopBar's menu button, where focus goes when the phone navigation drawer closes. */
const navigationToggle = () => document.querySelector<HTMLElement>('.sl-TopBar__NavToggle button');

const DegradedBanner = lazy(() => import(/* webpackChunkName: "host-degraded" */ '../host/DegradedBanner'));

/**
 * The standalone shell: Polaris Frame with the app's own navigation, top bar
 * and the standalone host's toasts and picker — outside Shopify admin, and
 * inside it when App Bridge's `ui-nav-menu` is missing (script blocked). A
 * chunk of its own (AppFrame.tsx): a page inside the admin never loads it.
 */
export default function StandaloneFrame({ shopDomain, children }: { shopDomain?: string; children: ReactNode }) {
  const intl = useIntl();
  const host = useHost();
  const location = useLocation();
  const [mobileNav, setMobileNav] = useState(false);
  const toggleMobileNav = useCallback(() => setMobileNav((v) => !v), []);
  // The phone drawer closing (Escape, backdrop, a link): focus back on the top bar's menu toggle.
  useRestoreFocus(mobileNav, { fallback: navigationToggle });
  const hidden = isNavigationHidden(location.pathname, location.search);
  const messagesReady = useFrameMessagesReady();

  const navigation = hidden ? undefined : (
    <Navigation location={location.pathname} ariaLabelledBy="app-navigation">
      <Navigation.Section
        items={NAV_ITEMS.map((item) => ({
          url: item.url,
          label: intl.formatMessage({ id: item.labelId }),
          selected: isNavItemSelected(item, location.pathname),
          onClick: () => setMobileNav(false),
        }))}
      />
    </Navigation>
  );
  const topBar = (
    <AppTopBar shopDomain={shopDomain} showNavigationToggle={!hidden} onNavigationToggle={toggleMobileNav} />
  );
  return (
    <Frame
      topBar={topBar}
      navigation={navigation}
      showMobileNavigation={mobileNav}
      onNavigationDismiss={toggleMobileNav}
    >
      <span id="app-navigation" hidden>
        {intl.formatMessage({ id: 'General.appName' })}
      </span>
      {host.degraded && messagesReady && (
        <Suspense fallback={null}>
          <DegradedBanner />
        </Suspense>
      )}
      {children}
      {host.kind === 'standalone' && <StandaloneHostUI host={host as StandaloneHost} />}
    </Frame>
  );
}
