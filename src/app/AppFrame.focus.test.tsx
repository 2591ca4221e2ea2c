import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IntlProvider } from 'react-intl';
import { AppProvider } from '@shopify/polaris';
import polarisEn from '@shopify/polaris/locales/en.json';
import { createMemoryLocation, Router } from '../router';
import en from '../../translations/en.json';
import { HostProvider } from '../host/HostContext';
import { createStandaloneHost } from '../host/standaloneHost/standaloneHost';
import { PHONE_WIDTH, useViewportWidth } from '../test/viewport';
import { AppFrame } from './AppFrame';

let restoreViewport: () => void;
beforeEach(() => {
  restoreViewport = useViewportWidth(PHONE_WIDTH);
});
afterEach(() => restoreViewport());

describe('app frame on a phone', () => {
  it('Escape closes the navigation drawer and puts focus back on the menu toggle, not <body>', async () => {
    render(
      <HostProvider host={createStandaloneHost({ fetch: jest.fn() })}>
        <IntlProvider locale="en" messages={en}>
          <AppProvider i18n={polarisEn}>
            <Router store={createMemoryLocation('/looks')}>
              <AppFrame shopDomain="a.myshopify.com">
                <p>page</p>
              </AppFrame>
            </Router>
          </AppProvider>
        </IntlProvider>
      </HostProvider>,
    );
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
