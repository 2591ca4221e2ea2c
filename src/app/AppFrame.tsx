import type { ReactNode } from 'react';
import { Frame } from '@shopify/polaris';
import { NavMenu } from '@shopify/app-bridge-react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router-dom';
import { useHost } from '../host/HostContext';
import type { Host } from '../host/Host';
import { useCustomElementDefined } from '../host/useCustomElement';
import { lazyOnce } from '../components/lazyOnce';
import { NAV_ITEMS, isNavigationHidden } from './navigationItems';

/**
 * The standalone shell (navigation, top bar, the standalone host's toasts): a
 * chunk that only a page outside Shopify admin loads (or one inside it
 * without App Bridge's navigation menu).
 */
const standaloneFrame = lazyOnce(() => import(/* webpackChunkName: "standalone-frame" */ './StandaloneFrame'));

/** Whether the page around the app is without App Bridge's navigation menu (then the standalone shell shows). */
export const needsStandaloneFrame = (host: Host, navMenuDefined: boolean) =>
  !(host.kind === 'appBridge' && navMenuDefined);

/**
 * Loads the standalone shell before the first render where it shows (boot, and the server's render):
 * the frame then renders at once, no Suspense boundary, the same on both sides of a hydration.
 */
export function preloadFrame(host: Host, navMenuDefined: boolean): Promise<unknown> {
  return needsStandaloneFrame(host, navMenuDefined) ? standaloneFrame.load().catch(() => undefined) : Promise.resolve();
}

/**
 * Polaris Frame with the navigation menu: App Bridge NavMenu inside Shopify, the standalone shell
 * (Polaris Navigation, the app's top bar) outside it — and inside Shopify when App Bridge's
 * `ui-nav-menu` is missing (script blocked).
 */
export function AppFrame({ shopDomain, children }: { shopDomain?: string; children: ReactNode }) {
  const intl = useIntl();
  const host = useHost();
  const location = useLocation();
  const navMenuDefined = useCustomElementDefined('ui-nav-menu');

  if (needsStandaloneFrame(host, navMenuDefined)) {
    // Preloaded on boot: rendered at once; else (a test, a failed preload) the page waits in a bare frame.
    return (
      <standaloneFrame.Slot shopDomain={shopDomain} fallback={<Frame>{children}</Frame>}>
        {children}
      </standaloneFrame.Slot>
    );
  }
  return (
    <Frame>
      {!isNavigationHidden(location.pathname, location.search) && (
        <NavMenu>
          {NAV_ITEMS.map((item) => (
            <Link key={item.url} to={item.url} rel={item.url === '/' ? 'home' : undefined}>
              {intl.formatMessage({ id: item.labelId })}
            </Link>
          ))}
        </NavMenu>
      )}
      {children}
    </Frame>
  );
}
