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

function answerWith(...answers: Array<{ status: number; body: unknown }>) {
  const fetch = jest.fn(async () => {
    const a = answers.length > 1 ? answers.shift()! : answers[0];
    return new Response(JSON.stringify(a.body), { status: a.status, headers: { 'Content-Type': 'application/json' } });
  });
  global.fetch = fetch as unknown as typeof global.fetch;
  return fetch;
}

describe('ShopProvider / useShop', () => {
  const realFetch = global.fetch;
  afterEach(() => {
    global.fetch = realFetch;
  });

  it('useShop outside the provider throws exactly the SPEC message', () => {
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<ShopName />)).toThrow(new Error('useShop must be used within a ShopProvider'));
    spy.mockRestore();
  });

  it('loads the shop and provides it', async () => {
    const fetch = answerWith({ status: 200, body: TEST_SHOP });
    renderShop();
    expect(await screen.findByText('shop: demo-shop.myshopify.com')).toBeInTheDocument();
    expect(String((fetch.mock.calls[0] as unknown[])[0] instanceof Request ? ((fetch.mock.calls[0] as unknown[])[0] as Request).url : (fetch.mock.calls[0] as unknown[])[0])).toContain('/admin/api/v1/shop/details');
  });

  it('on failure: one translated error toast, an error state with retry, and retry works', async () => {
    answerWith({ status: 500, body: { message: 'Internal server error' } }, { status: 200, body: TEST_SHOP });
    const { host } = renderShop();
    expect(await screen.findByText(en['Shop.loadError.title'])).toBeInTheDocument();
    expect(host.toasts).toEqual([{ message: en['General.notifications.error'], isError: true }]);
    await userEvent.click(screen.getByRole('button', { name: en['General.actions.retry'] }));
    expect(await screen.findByText('shop: demo-shop.myshopify.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(en['Shop.loadError.title'])).not.toBeInTheDocument());
    expect(host.toasts).toHaveLength(1);
  });
});
