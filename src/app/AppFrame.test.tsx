import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { AppProvider } from '@shopify/polaris';
import polarisEn from '@shopify/polaris/locales/en.json';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import en from '../../translations/en.json';
import { HostProvider } from '../host/HostContext';
import type { Host } from '../host/Host';
import { createFakeHost } from '../test/fakeHost';
import { createStandaloneHost } from '../host/standaloneHost/standaloneHost';
import { PHONE_WIDTH, useViewportWidth } from '../test/viewport';
import { AppFrame, preloadFrame } from './AppFrame';

function renderFrame(host: Host) {
  return render(
    <HostProvider host={host}>
      <IntlProvider locale="en" messages={en}>
        <AppProvider i18n={polarisEn}>
          <RouterProvider
            router={createMemoryRouter(
              [
                {
                  path: '*',
                  element: (
                    <AppFrame shopDomain="a.myshopify.com">
                      <p>page</p>
                    </AppFrame>
                  ),
                },
              ],
              { initialEntries: ['/looks'] },
            )}
          />
        </AppProvider>
      </IntlProvider>
    </HostProvider>,
  );
}

// No App Bridge script in jsdom: ui-nav-menu is never defined here.
describe('app frame', () => {
  // The standalone shell is a chunk of its own, loaded on boot before the first render.
  beforeAll(() => preloadFrame(createFakeHost(), false));

  it('App Bridge without its ui-nav-menu element: the Polaris navigation, links usable', () => {
    renderFrame(createFakeHost({ kind: 'appBridge' }));
    expect(document.querySelector('ui-nav-menu')).toBeNull();
    expect(screen.getAllByRole('link', { name: en['Navigation.looks'] })[0]).toHaveAttribute('href', '/looks');
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(screen.queryByTestId('host-degraded-banner')).toBeNull();
  });

  it('degraded inside the admin: says so above the page', async () => {
    renderFrame(createStandaloneHost({ fetch: jest.fn(), degraded: true, tokenSource: async () => 't' }));
    expect(await screen.findByText(en['Host.degraded.title'])).toBeInTheDocument();
    expect(screen.getByText(en['Host.degraded.description'])).toBeInTheDocument();
    expect(screen.getByText('page')).toBeInTheDocument();
  });

  it('plain standalone: no banner', () => {
    renderFrame(createStandaloneHost({ fetch: jest.fn() }));
    expect(screen.getByText('page')).toBeInTheDocument();
    expect(screen.queryByTestId('host-degraded-banner')).toBeNull();
  });
});

describe('app frame on a phone', () => {
  let restoreViewport: () => void;
  beforeEach(() => {
    restoreViewport = useViewportWidth(PHONE_WIDTH);
  });
  afterEach(() => restoreViewport());

  it('Escape closes the navigation drawer and puts focus back on the menu toggle, not <body>', async () => {
    renderFrame(createStandaloneHost({ fetch: jest.fn() }));
    const user = userEvent.setup();
    const toggle = screen.getByRole('button', { name: en['Navigation.toggle'] });
    act(() => toggle.focus());
    await user.keyboard('{Enter}');
    const drawer = document.getElementById('AppFrameNav')!;
    expect(drawer).toHaveAttribute('role', 'dialog');
    await waitFor(() => expect(drawer).toContainElement(document.activeElement as HTMLElement));

    await user.keyboard('{Escape}');
    expect(drawer).not.toHaveAttribute('role', 'dialog');
    expect(toggle).toHaveFocus();
  });
});
