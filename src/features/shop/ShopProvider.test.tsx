import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { IntlProvider } from 'react-intl';
import { AppProvider } from '@shopify/polaris';
import polarisEn from '@shopify/polaris/locales/en.json';
import en from '../../../translations/en.json';
import { makeStore } from '../../app/store';
import { HostProvider } from '../../host/HostContext';
import { createFakeHost } from '../../test/fakeHost';
import { TEST_SHOP } from '../../test/renderWithProviders';
import { fail, mockBackend, ok } from '../../test/fakeBackend';
import { ShopProvider, useShop } from './ShopProvider';

function ShopName() {
  return <p>shop: {useShop().shopDomain}</p>;
}

function renderShop(ui = <ShopName />) {
  const host = createFakeHost();
  const store = makeStore(host);
  render(
    <Provider store={store}>
      <HostProvider host={host}>
        <IntlProvider locale="en" messages={en}>
          <AppProvider i18n={polarisEn}>
            <ShopProvider>{ui}</ShopProvider>
          </AppProvider>
        </IntlProvider>
      </HostProvider>
    </Provider>,
  );
  return { host };
}

describe('ShopProvider / useShop', () => {
  it('useShop outside the provider throws exactly the SPEC message', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<ShopName />)).toThrow(new Error('useShop must be used within a ShopProvider'));
    spy.mockRestore();
  });

  it('loads the shop and provides it', async () => {
    const backend = mockBackend({ 'GET /shop/details': ok(TEST_SHOP) });
    renderShop();
    expect(await screen.findByText('shop: demo-shop.myshopify.com')).toBeInTheDocument();
    expect(backend.calls.map((c) => c.route)).toEqual(['GET /shop/details']);
  });

  it('on failure: one translated error toast, an error state with retry, and retry works', async () => {
    let calls = 0;
    mockBackend({ 'GET /shop/details': () => (++calls === 1 ? fail(500, 'Internal server error') : ok(TEST_SHOP)) });
    const { host } = renderShop();
    expect(await screen.findByText(en['Shop.loadError.title'])).toBeInTheDocument();
    expect(host.toasts).toEqual([{ message: en['General.notifications.error'], isError: true }]);
    await userEvent.click(screen.getByRole('button', { name: en['General.actions.retry'] }));
    expect(await screen.findByText('shop: demo-shop.myshopify.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(en['Shop.loadError.title'])).not.toBeInTheDocument());
    expect(host.toasts).toHaveLength(1);
  });
});
