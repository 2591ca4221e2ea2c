import type { ReactElement, ReactNode } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { Provider } from 'react-redux';
import { IntlProvider } from 'react-intl';
import { AppProvider, Frame } from '@shopify/polaris';
import polarisEn from '@shopify/polaris/locales/en.json';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import en from '../../translations/en.json';
import { makeStore, type RootState } from '../app/store';
import { HostProvider } from '../host/HostContext';
import { StaticShopProvider } from '../features/shop';
import type { ShopContext } from '../contracts/shop';
import { createFakeHost, type FakeHost } from './fakeHost';

export const TEST_SHOP: ShopContext = {
  shopDomain: 'demo-shop.myshopify.com',
  locale: 'en',
  shopEmail: 'merchant@demo-shop.example',
  currency: 'USD',
  timezone: 'UTC',
  scriptTagSupported: false,
  usesLatestVersion: true,
  reOAuthUrl: null,
  options: { imageGalleryEnabled: true, aiImageGenerationEnabled: true },
  appThemeExtensionDeepLink: 'https://demo-shop.myshopify.com/admin/themes/current/editor',
  shouldUpgradeToPaidPlan: false,
};

interface Options extends Omit<RenderOptions, 'wrapper'> {
  preloadedState?: Partial<RootState>;
  host?: FakeHost;
  route?: string;
  /** Route pattern the UI is mounted at (e.g. /looks/edit/:id), default '*'. */
  path?: string;
  shop?: Partial<ShopContext>;
  messages?: Record<string, string>;
  /** Interface locale for react-intl (numbers, money, plurals); pair it with that language's messages. */
  locale?: string;
}

/** Renders with the production store (makeStore), Polaris, react-intl (en unless `locale`), router, host and shop. */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const {
    preloadedState,
    host = createFakeHost(),
    route = '/',
    path = '*',
    shop,
    messages = en,
    locale = 'en',
    ...rest
  } = options;
  const store = makeStore(host, preloadedState);
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <Provider store={store}>
        <HostProvider host={host}>
          <IntlProvider locale={locale} messages={messages} onError={() => undefined}>
            <AppProvider i18n={polarisEn}>
              <Frame>
                <StaticShopProvider shop={{ ...TEST_SHOP, ...shop }}>{children}</StaticShopProvider>
              </Frame>
            </AppProvider>
          </IntlProvider>
        </HostProvider>
      </Provider>
    );
  }
  // A data router in memory (react-router-dom), so navigation, useBlocker, useParams and useSearchParams work as in the app.
  const router = createMemoryRouter([{ path, element: ui }], { initialEntries: [route] });
  const result = render(<RouterProvider router={router} />, { wrapper: Wrapper, ...rest });
  return { store, host, router, ...result };
}
