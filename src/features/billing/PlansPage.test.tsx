import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { createFakeHost } from '../../test/fakeHost';
import { track } from '../../analytics/tracker';
import PlansPage from './PlansPage';
import { fail, malformed, mockBackend, ok, type ErrorStatus, type Routes } from '../../test/fakeBackend';
import type { SelectPlanResponse } from '../../contracts/billing';
import { plansData } from './testData';
import { pressEscape } from '../../test/keys';

jest.mock('../../analytics/tracker', () => ({ track: jest.fn() }));

const CONFIRM = 'http://localhost/charges/1/confirm?token=abc';

function api(overrides: Routes = {}, data = plansData()) {
  return mockBackend({
    'GET /shop/billing-plans': ok(data),
    'POST /discount/validate': ({ body }) => {
      const code = body.code.toUpperCase();
      return ok(
        code === 'WELCOME20'
          ? { valid: true, code, percentage: 20, message: 'ok' }
          : { valid: false, code, percentage: 0, message: 'This discount code is not valid.' },
      );
    },
    'POST /shop/select-plan': ok({ confirmationUrl: CONFIRM }),
    ...overrides,
  });
}

const selectPlanBodies = (backend: ReturnType<typeof api>) =>
  backend.callsTo('POST /shop/select-plan').map((c) => c.body);

const card = (plan: string) => document.querySelector(`[data-plan="${plan}"]`) as HTMLElement;
const price = (plan: string) => screen.getByTestId(`price-${plan}`).textContent;
const crossed = (plan: string) => screen.queryByTestId(`crossed-${plan}`)?.textContent ?? null;

describe('PlansPage', () => {
  beforeEach(() => jest.mocked(track).mockClear());

  it('says when the platform ended the paid plan, and why; nothing when it did not', async () => {
    const ended = plansData();
    ended.currentPlan.ended = { plan: 'monthly', reason: 'frozen' };
    api({}, ended);
    const { unmount } = renderWithProviders(<PlansPage />, { route: '/billing/plans' });
    expect(await screen.findByText('Your Monthly plan has ended')).toBeInTheDocument();
    expect(screen.getByText(/Shopify froze the subscription because a bill is unpaid/)).toBeInTheDocument();
    unmount();
    api();
    renderWithProviders(<PlansPage />, { route: '/billing/plans' });
    expect(await screen.findByTestId('price-monthly')).toBeInTheDocument();
    expect(screen.queryByText(/plan has ended/)).toBeNull();
  });

  it('shows the monthly card by default with the crossed-out ×1.3 price and toggles periods', async () => {
    api();
    renderWithProviders(<PlansPage />, { route: '/billing/plans' });
    expect(await screen.findByTestId('price-monthly')).toHaveTextContent('$9.97');
    expect(crossed('monthly')).toBe('$12.96');
    expect(within(card('free')).getByRole('button', { name: 'Current plan' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(card('free')).getByText('1 active look included')).toBeInTheDocument();
    expect(within(card('monthly')).getByText('Unlimited active looks', { selector: 'p' })).toBeInTheDocument();
    expect(within(card('monthly')).getByText('Priority support')).toBeInTheDocument();
    expect(track).toHaveBeenCalledWith('plans_viewed', { currentPlan: 'free', period: 'monthly' });

    const periods = screen.getByRole('group', { name: 'Billing period' });
    expect(within(periods).queryAllByRole('radio')).toEqual([]);
    expect(within(periods).getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(periods).getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(within(periods).getByRole('button', { name: 'Yearly' }));
    expect(within(periods).getByRole('button', { name: 'Yearly' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(periods).getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'false');
    expect(price('yearly')).toBe('$95.71');
    expect(crossed('yearly')).toBe('$119.64');
    expect(within(card('yearly')).getByText('Save 20%')).toBeInTheDocument();

    await userEvent.click(within(periods).getByRole('button', { name: 'Lifetime' }));
    expect(price('lifetime')).toBe('$199.00');
    expect(crossed('lifetime')).toBeNull();
    expect(screen.getByRole('button', { name: 'Buy lifetime access' })).toBeEnabled();
    // Trust banner and FAQ.
    expect(screen.getByText('7-day free trial')).toBeInTheDocument();
    expect(screen.getByText('60-day money-back guarantee')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'How much does the monthly plan cost?' }));
    expect(screen.getByText(/\$9\.97 per 30 days/)).toBeInTheDocument();
  });

  it('defaults to the period query parameter, else the current plan period', async () => {
    api();
    renderWithProviders(<PlansPage />, { route: '/billing/plans?period=lifetime' });
    expect(await screen.findByTestId('price-lifetime')).toBeInTheDocument();
  });

  it('defaults to the current plan period without a query', async () => {
    api(undefined, plansData('yearly'));
    renderWithProviders(<PlansPage />, { route: '/billing/plans' });
    expect(await screen.findByTestId('price-yearly')).toBeInTheDocument();
    expect(within(card('yearly')).getByRole('button', { name: 'Current plan' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(card('free')).getByRole('link', { name: 'Downgrade to free' })).toHaveAttribute(
      'href',
      '/billing/downgrade',
    );
  });

  it('validates a query code silently, shows discounted prices and sends it with a monthly selection', async () => {
    const backend = api();
    const host = createFakeHost();
    renderWithProviders(<PlansPage />, { route: '/billing/plans?discountCode=welcome20', host });
    await waitFor(() => expect(price('monthly')).toBe('$7.98'));
    expect(crossed('monthly')).toBe('$9.97');
    expect(screen.getByText('Discount code WELCOME20 applied: 20% off the monthly plan.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Start 7-day free trial' }));
    await waitFor(() => expect(host.redirects).toEqual([CONFIRM]));
    expect(selectPlanBodies(backend)).toEqual([{ planName: 'monthly', discountCode: 'WELCOME20' }]);
    expect(track).toHaveBeenCalledWith('plan_selected', {
      planName: 'monthly',
      period: 'monthly',
      discountCode: 'WELCOME20',
    });
  });

  it('does not send the code for yearly, nor when the monthly plan already has a discount', async () => {
    const backend = api();
    renderWithProviders(<PlansPage />, { route: '/billing/plans?discount=WELCOME20&period=yearly' });
    await screen.findByText(/Discount code WELCOME20 applied/);
    expect(price('yearly')).toBe('$95.71');
    await userEvent.click(screen.getByRole('button', { name: 'Start 7-day free trial' }));
    await waitFor(() => expect(selectPlanBodies(backend)).toEqual([{ planName: 'yearly' }]));
  });

  it('ignores an invalid query code silently', async () => {
    const host = createFakeHost();
    const backend = api();
    renderWithProviders(<PlansPage />, { route: '/billing/plans?discount=NOPE', host });
    await screen.findByTestId('price-monthly');
    await waitFor(() => expect(backend.callsTo('POST /discount/validate')).toHaveLength(1));
    expect(price('monthly')).toBe('$9.97');
    expect(host.toasts).toEqual([]);
    expect(screen.queryByText(/not valid/)).toBeNull();
  });

  it('applies a code from the modal; an invalid one shows the server message', async () => {
    api();
    renderWithProviders(<PlansPage />, { route: '/billing/plans' });
    await userEvent.click(await screen.findByRole('button', { name: 'Have a discount code?' }));
    const dialog = await screen.findByRole('dialog');
    const input = within(dialog).getByLabelText('Discount code');
    await userEvent.type(input, 'NOPE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('This discount code is not valid.')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'welcome20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(price('monthly')).toBe('$7.98'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closing the discount modal (Escape, Cancel) puts focus back on its button; once applied, on the page heading', async () => {
    api();
    const user = userEvent.setup();
    renderWithProviders(<PlansPage />, { route: '/billing/plans' });
    const opener = await screen.findByRole('button', { name: 'Have a discount code?' });
    act(() => opener.focus());
    await user.keyboard('{Enter}');
    expect(within(await screen.findByRole('dialog')).getByLabelText('Discount code')).toHaveFocus();
    await pressEscape();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);

    await user.keyboard('{Enter}');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);

    // A valid code replaces the button with the applied banner: focus does not fall to <body>.
    await user.keyboard('{Enter}');
    await user.type(within(await screen.findByRole('dialog')).getByLabelText('Discount code'), 'welcome20{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Plans' })).toHaveFocus());
    expect(opener).not.toBeInTheDocument();
  });

  it('a check that could not be made (server or gateway error) says so, never that the code is invalid', async () => {
    for (const failure of [fail(500, 'x'), fail(502, 'Bad gateway')]) {
      api({ 'POST /discount/validate': failure });
      const view = renderWithProviders(<PlansPage />, { route: '/billing/plans' });
      await userEvent.click(await screen.findByRole('button', { name: 'Have a discount code?' }));
      const dialog = await screen.findByRole('dialog');
      await userEvent.type(within(dialog).getByLabelText('Discount code'), 'WELCOME20');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
      expect(
        await within(dialog).findByText('The code could not be checked. Check your connection and try again.'),
      ).toBeInTheDocument();
      expect(within(dialog).queryByText(/invalid|not valid/)).toBeNull();
      view.unmount();
    }
  });

  it("a link's code whose check failed is named in a banner with a retry that applies it", async () => {
    let failing = true;
    const backend = api({
      'POST /discount/validate': ({ body }) =>
        failing ? fail(500, 'x') : ok({ valid: true, code: body.code.toUpperCase(), percentage: 20, message: 'ok' }),
    });
    renderWithProviders(<PlansPage />, { route: '/billing/plans?discountCode=welcome20' });
    expect(
      await screen.findByText('Your discount code welcome20 could not be checked, so the prices below are without it.'),
    ).toBeInTheDocument();
    expect(price('monthly')).toBe('$9.97');
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(price('monthly')).toBe('$7.98'));
    expect(screen.queryByText(/could not be checked/)).toBeNull();
    expect(backend.callsTo('POST /discount/validate')).toHaveLength(2);
  });

  it("a link's code refused for too many attempts (429) shows the server's message, not a check to retry", async () => {
    const limited = 'Too many invalid discount codes were tried. Try again in 42 minutes.';
    api({ 'POST /discount/validate': fail(429, limited) });
    renderWithProviders(<PlansPage />, { route: '/billing/plans?discountCode=welcome20' });
    expect(await screen.findByText(limited)).toBeInTheDocument();
    expect(screen.queryByText(/could not be checked/)).toBeNull();
    expect(price('monthly')).toBe('$9.97');
  });

  it('shows the server message when too many codes were tried (429)', async () => {
    const limited = 'Too many invalid discount codes were tried. Try again in 42 minutes.';
    api({ 'POST /discount/validate': fail(429, limited) });
    renderWithProviders(<PlansPage />, { route: '/billing/plans' });
    await userEvent.click(await screen.findByRole('button', { name: 'Have a discount code?' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Discount code'), 'GUESS');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText(limited)).toBeInTheDocument();
  });

  it.each([
    [400, 'Already subscribed to this plan', 'You are already subscribed to this plan.'],
    [400, 'You already have an active lifetime plan', 'You already have a lifetime plan, which includes everything.'],
    [400, 'Invalid plan name', 'This plan is not available. Please pick another plan.'],
    [400, 'No invoice found', "We couldn't process your plan. Please contact support."],
    [400, 'Something else', 'There was an error selecting the plan. Please try again.'],
    [500, 'Internal server error', 'Something went wrong. Please try again.'],
  ])('maps a %i "%s" answer to a toast', async (status, message, text) => {
    const host = createFakeHost();
    api({ 'POST /shop/select-plan': fail(status as ErrorStatus, message) });
    renderWithProviders(<PlansPage />, { route: '/billing/plans', host });
    await userEvent.click(await screen.findByRole('button', { name: 'Start 7-day free trial' }));
    await waitFor(() => expect(host.toasts).toEqual([{ message: text, isError: true }]));
    expect(host.redirects).toEqual([]);
  });

  it('an answer without a confirmation URL is an error selecting the plan', async () => {
    const host = createFakeHost();
    api({ 'POST /shop/select-plan': ok(malformed<SelectPlanResponse>({})) });
    renderWithProviders(<PlansPage />, { route: '/billing/plans', host });
    await userEvent.click(await screen.findByRole('button', { name: 'Start 7-day free trial' }));
    await waitFor(() =>
      expect(host.toasts).toEqual([
        { message: 'There was an error selecting the plan. Please try again.', isError: true },
      ]),
    );
  });

  it('confirms a subscription on return and drops the parameter', async () => {
    const host = createFakeHost();
    api(undefined, plansData('monthly'));
    const { router } = renderWithProviders(<PlansPage />, { route: '/billing/plans?subscribed=monthly', host });
    await screen.findByTestId('price-monthly');
    expect(host.toasts).toEqual([{ message: "You're now on the Monthly plan.", isError: false }]);
    expect(router.state.location.search).toBe('');
  });
});

describe('PlansPage on a paid plan', () => {
  it('offers a switch (no new trial) to another paid plan', async () => {
    api(undefined, plansData('monthly'));
    renderWithProviders(<PlansPage />, { route: '/billing/plans?period=yearly' });
    await screen.findByTestId('price-yearly');
    expect(within(card('yearly')).getByRole('button', { name: 'Switch to Yearly' })).toBeInTheDocument();
    expect(within(card('yearly')).queryByText(/free trial/)).toBeNull();
  });

  it('on lifetime, the other paid plans are included', async () => {
    api(undefined, plansData('lifetime'));
    renderWithProviders(<PlansPage />, { route: '/billing/plans?period=monthly' });
    await screen.findByTestId('price-monthly');
    expect(within(card('monthly')).getByRole('button', { name: 'Included in your lifetime plan' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });
});
