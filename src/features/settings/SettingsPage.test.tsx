import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { createFakeHost } from '../../test/fakeHost';
import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from '../../contracts/shop';
import { DEFAULT_LAYOUT_SETTINGS, type DefinedTemplate } from '../../contracts/layout';
import { fail, mockBackend, ok } from '../../test/fakeBackend';
import { onboardingData } from '../../test/fixtures';
import SettingsPage from './SettingsPage';
import { loadFormChanged } from '../../components/form';

function mockApi(settings: Partial<ShopSettings> = {}, template: DefinedTemplate = 'inpage_r', canUseCheckout = false) {
  const backend = mockBackend({
    'GET /layout': ok({ ...DEFAULT_LAYOUT_SETTINGS, definedTemplate: template }),
    'GET /shop/onboarding': ok(
      onboardingData({
        onboarding: {
          themeExtensionSupported: true,
          appThemeExtensionCartDeepLink: '',
          canUseCheckoutUIExtension: canUseCheckout,
        },
      }),
    ),
    'GET /shop': ok({ ...DEFAULT_SHOP_SETTINGS, ...settings }),
    'PATCH /shop': ({ body }) => ok({ ...DEFAULT_SHOP_SETTINGS, ...body }),
  });
  return {
    get patches() {
      return backend.callsTo('PATCH /shop').map((c) => c.body);
    },
  };
}

describe('SettingsPage', () => {
  // The save bar comes once the form has a change (a chunk of its own): here at once.
  beforeAll(() => loadFormChanged());

  it.each(['GET /layout', 'GET /shop/onboarding'] as const)(
    'a failing %s is a load error with a retry, never a page missing settings',
    async (route) => {
      let failing = true;
      const backend = mockBackend({
        'GET /layout': () => (failing && route === 'GET /layout' ? fail(500) : ok(DEFAULT_LAYOUT_SETTINGS)),
        'GET /shop/onboarding': () => (failing && route === 'GET /shop/onboarding' ? fail(500) : ok(onboardingData())),
        'GET /shop': ok(DEFAULT_SHOP_SETTINGS),
      });
      renderWithProviders(<SettingsPage />);
      expect(await screen.findByText("We couldn't load this page")).toBeInTheDocument();
      expect(screen.queryByLabelText('Variant label')).not.toBeInTheDocument();
      failing = false;
      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByLabelText('Variant label')).toBeInTheDocument();
      expect(backend.callsTo(route)).toHaveLength(2);
    },
  );

  it('popup options only with script tags; the delay only for post_onload_time', async () => {
    mockApi({ usePoopUpEvent: 'onload' });
    const first = renderWithProviders(<SettingsPage />, { shop: { scriptTagSupported: false } });
    await screen.findByLabelText('Variant label');
    expect(screen.queryByLabelText('Open the popup')).not.toBeInTheDocument();
    first.unmount();

    mockApi({ usePoopUpEvent: 'onload' });
    renderWithProviders(<SettingsPage />, { shop: { scriptTagSupported: true } });
    const event = await screen.findByLabelText('Open the popup');
    expect(screen.queryByLabelText('Popup delay (seconds)')).not.toBeInTheDocument();
    fireEvent.change(event, { target: { value: 'post_onload_time' } });
    expect(screen.getByLabelText('Popup delay (seconds)')).toBeInTheDocument();
  });

  it('the color variant option depends on script tags, style and template', async () => {
    mockApi({}, 'full_width');
    const a = renderWithProviders(<SettingsPage />);
    const select = await screen.findByLabelText('Variant style');
    await waitFor(() => expect(select.querySelector('option[value="color"]')).not.toBeNull());
    a.unmount();
    mockApi({}, 'shoppable');
    renderWithProviders(<SettingsPage />);
    const other = await screen.findByLabelText('Variant style');
    expect(other.querySelector('option[value="color"]')).toBeNull();
  });

  it('a non-positive delay is refused; a valid save sends every field and tracks the toast', async () => {
    const api = mockApi({ usePoopUpEvent: 'post_onload_time' });
    const host = createFakeHost();
    renderWithProviders(<SettingsPage />, { host, shop: { scriptTagSupported: true } });
    const delay = await screen.findByLabelText('Popup delay (seconds)');
    fireEvent.change(delay, { target: { value: '-2' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Popup delay (seconds) must be a positive number')).toBeInTheDocument();
    expect(api.patches).toHaveLength(0);
    fireEvent.change(delay, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patches).toHaveLength(1));
    expect(api.patches[0]).toMatchObject({ usePoopUpDelay: 5, usePoopUpEvent: 'post_onload_time', locale: 'en' });
    await waitFor(() => expect(host.toasts).toContainEqual({ message: 'Changes saved', isError: false }));
  });

  it('the Flow conversion drop threshold is a whole percent from 5 to 90, refused otherwise, saved as a number', async () => {
    const api = mockApi();
    renderWithProviders(<SettingsPage />);
    const field = await screen.findByLabelText('Conversion drop to report (%)');
    expect(field).toHaveValue('20');
    fireEvent.change(field, { target: { value: '95' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Conversion drop to report \(%\) must be/)).toBeInTheDocument();
    expect(api.patches).toHaveLength(0);
    fireEvent.change(field, { target: { value: '35' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.patches).toHaveLength(1));
    expect(api.patches[0]).toMatchObject({ conversionDropThreshold: 35 });
  });

  it('the checkout setting shows only when the checkout UI extension can be used', async () => {
    mockApi({}, 'inpage_r', true);
    renderWithProviders(<SettingsPage />);
    expect(await screen.findByLabelText('Show looks on the checkout page')).toBeInTheDocument();
  });
});
