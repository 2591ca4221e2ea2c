import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { createFakeHost } from '../../test/fakeHost';
import { DEFAULT_BOOSTER_VALUES, type BoosterSettings } from '../../contracts/booster';
import { fail, mockBackend, ok } from '../../test/fakeBackend';
import { onboardingData } from '../../test/fixtures';
import { withCartPage, withDiscountType } from './boosterForm';
import BoosterPage from './BoosterPage';

describe('booster rules', () => {
  it('code or app → applyDiscountAtc true; none → false and discountType null', () => {
    expect(withDiscountType(DEFAULT_BOOSTER_VALUES, 'code')).toMatchObject({
      discountType: 'code',
      applyDiscountAtc: true,
    });
    expect(withDiscountType(DEFAULT_BOOSTER_VALUES, 'app')).toMatchObject({
      discountType: 'app',
      applyDiscountAtc: true,
    });
    expect(
      withDiscountType({ ...DEFAULT_BOOSTER_VALUES, discountType: 'code', applyDiscountAtc: true }, 'none'),
    ).toMatchObject({ discountType: null, applyDiscountAtc: false });
    expect(
      withDiscountType({ ...DEFAULT_BOOSTER_VALUES, discountType: 'app', applyDiscountAtc: true }, null),
    ).toMatchObject({ discountType: null, applyDiscountAtc: false });
  });

  it('turning the cart toggle off clears the selector; on keeps it', () => {
    const on = { ...DEFAULT_BOOSTER_VALUES, showOnCartPage: true, cartPageCssSelector: '.cart' };
    expect(withCartPage(on, false)).toMatchObject({ showOnCartPage: false, cartPageCssSelector: null });
    expect(withCartPage(on, true)).toMatchObject({ showOnCartPage: true, cartPageCssSelector: '.cart' });
  });
});

const BOOSTER: BoosterSettings = {
  ...DEFAULT_BOOSTER_VALUES,
  showOnCartPage: true,
  cartPageCssSelector: '.cart__footer',
  discountType: 'code',
  applyDiscountAtc: true,
  discountCode: 'LOOK10',
  collections: [
    {
      id: 1,
      name: 'Featured looks',
      isFeatured: true,
      storeFrontLink: 'https://demo-shop.myshopify.com/apps/shoppable-looks/collections/1-featured-looks',
    },
    {
      id: 2,
      name: 'Summer',
      isFeatured: false,
      storeFrontLink: 'https://demo-shop.myshopify.com/apps/shoppable-looks/collections/2-summer',
    },
  ],
};

const onboarding = (canUseCheckoutUIExtension: boolean) =>
  ok(
    onboardingData({
      onboarding: { themeExtensionSupported: true, appThemeExtensionCartDeepLink: '', canUseCheckoutUIExtension },
    }),
  );

function mockApi(onboardingCheckout = false, booster = BOOSTER) {
  return mockBackend({
    'GET /shop/onboarding': onboarding(onboardingCheckout),
    'GET /booster': ok(booster),
    'PATCH /booster': ({ body }) =>
      typeof (body.discountValue as unknown) !== 'number'
        ? fail(400, 'invalid', { errors: { discountValue: 'Discount value must be a number' } })
        : ok({ ...booster, ...body }),
  });
}

describe('BoosterPage', () => {
  it('choosing no discount saves applyDiscountAtc false and discountType null; the cart toggle clears the selector', async () => {
    const { callsTo } = mockApi();
    const host = createFakeHost();
    renderWithProviders(<BoosterPage />, { host });
    const select = await screen.findByLabelText('Discount type');
    fireEvent.change(select, { target: { value: 'none' } });
    await userEvent.click(screen.getByLabelText('Show on cart page'));
    expect(screen.queryByLabelText('Cart page CSS selector')).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PATCH /booster')).toHaveLength(1));
    const [patch] = callsTo('PATCH /booster');
    expect(patch.body).toMatchObject({
      discountType: null,
      applyDiscountAtc: false,
      showOnCartPage: false,
      cartPageCssSelector: null,
    });
    expect(patch.body).not.toHaveProperty('collections');
    await waitFor(() => expect(host.toasts).toContainEqual({ message: 'Changes saved', isError: false }));
  });

  it('switching the cart page on by itself is a change: the save bar opens and saves it', async () => {
    const { callsTo } = mockApi(false, { ...BOOSTER, showOnCartPage: false, cartPageCssSelector: null });
    renderWithProviders(<BoosterPage />);
    await userEvent.click(await screen.findByLabelText('Show on cart page'));
    expect(screen.getByLabelText('Cart page CSS selector')).toHaveValue('');
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PATCH /booster')).toHaveLength(1));
    expect(callsTo('PATCH /booster')[0].body).toMatchObject({ showOnCartPage: true, cartPageCssSelector: null });
  });

  it('switching the cart page off by itself saves it off with the selector cleared; on again starts empty', async () => {
    const { callsTo } = mockApi();
    renderWithProviders(<BoosterPage />);
    expect(await screen.findByLabelText('Cart page CSS selector')).toHaveValue('.cart__footer');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Show on cart page'));
    await userEvent.click(screen.getByLabelText('Show on cart page'));
    expect(screen.getByLabelText('Cart page CSS selector')).toHaveValue('');
    await userEvent.click(screen.getByLabelText('Show on cart page'));
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PATCH /booster')).toHaveLength(1));
    expect(callsTo('PATCH /booster')[0].body).toMatchObject({ showOnCartPage: false, cartPageCssSelector: null });
  });

  it('choosing app sets applyDiscountAtc; a non-numeric value shows an error and is not sent', async () => {
    const { callsTo } = mockApi();
    renderWithProviders(<BoosterPage />);
    const select = await screen.findByLabelText('Discount type');
    fireEvent.change(select, { target: { value: 'none' } });
    fireEvent.change(select, { target: { value: 'app' } });
    expect(screen.getByLabelText('Apply discount on add to cart')).toBeChecked();
    const value = screen.getByLabelText('Discount value');
    await userEvent.clear(value);
    await userEvent.type(value, '12abc');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Discount value must be a number')).toBeInTheDocument();
    expect(callsTo('PATCH /booster')).toHaveLength(0);
  });

  it("the checkout toggle is off limits unless the shop's plan allows checkout extensions, with the reason; featured collections have no delete", async () => {
    mockApi(false);
    const first = renderWithProviders(<BoosterPage />);
    await screen.findByText('Summer');
    expect(screen.getByText('Enable on checkout page')).toBeInTheDocument();
    expect(screen.getByLabelText('Show looks on the checkout page')).toBeDisabled();
    expect(screen.getByText(/available only on Shopify Plus stores/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Featured looks' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Summer' })).toBeInTheDocument();
    first.unmount();
  });

  it('a Plus store switches the checkout booster on and saves it', async () => {
    const { callsTo } = mockApi(true);
    renderWithProviders(<BoosterPage />);
    const toggle = await screen.findByLabelText('Show looks on the checkout page');
    expect(toggle).toBeEnabled();
    expect(screen.queryByText(/available only on Shopify Plus stores/)).not.toBeInTheDocument();
    await userEvent.click(toggle);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PATCH /booster')).toHaveLength(1));
    expect(callsTo('PATCH /booster')[0].body).toMatchObject({ enableCheckoutUIExtension: true });
  });
});

describe('BoosterPage look bundle combinations', () => {
  it('shows the default (order and shipping yes, product no) with the reason, and saves a change', async () => {
    const { callsTo } = mockApi(true);
    renderWithProviders(<BoosterPage />);
    const product = await screen.findByLabelText('Product discounts');
    expect(product).not.toBeChecked();
    expect(screen.getByLabelText('Order discounts')).toBeChecked();
    expect(screen.getByLabelText('Shipping discounts')).toBeChecked();
    expect(screen.getByText(/a cart line keeps only one product discount anyway/)).toBeInTheDocument();
    await userEvent.click(product);
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo('PATCH /booster')).toHaveLength(1));
    expect(callsTo('PATCH /booster')[0].body).toMatchObject({
      bundleDiscountCombinesWith: { productDiscounts: true, orderDiscounts: true, shippingDiscounts: true },
    });
  });
});

describe('BoosterPage load errors', () => {
  it('a failing onboarding call is a load error with a retry, never a page with a wrong checkout toggle', async () => {
    let failing = true;
    const backend = mockBackend({
      'GET /shop/onboarding': () => (failing ? fail(500) : onboarding(true)),
      'GET /booster': ok(BOOSTER),
    });
    renderWithProviders(<BoosterPage />);
    expect(await screen.findByText("We couldn't load this page")).toBeInTheDocument();
    expect(screen.queryByLabelText('Discount type')).not.toBeInTheDocument();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Show looks on the checkout page')).toBeEnabled();
    expect(backend.callsTo('GET /booster')).toHaveLength(1);
  });
});

describe('BoosterPage discount type display', () => {
  it('a saved null discount type shows "No discount"', async () => {
    mockApi(false, { ...BOOSTER, discountType: null, applyDiscountAtc: false });
    renderWithProviders(<BoosterPage />);
    expect(await screen.findByLabelText('Discount type')).toHaveValue('none');
    expect(screen.queryByLabelText('Discount value')).not.toBeInTheDocument();
  });
});
