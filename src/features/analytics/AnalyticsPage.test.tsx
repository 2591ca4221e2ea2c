jest.setTimeout(30_000);
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { createFakeHost } from '../../test/fakeHost';
import { track } from '../../analytics/tracker';
import { fail, mockBackend, ok } from '../../test/fakeBackend';
import { orderRow, ordersPage, statsData } from '../../test/fixtures';
import { todayInTimeZone, addDays } from '../../components/DateRangePicker/dateRange';
import { applied, pickerOpened, presetSelected } from '../../components/DateRangePicker/dateRangeSlice';
import { PHONE_WIDTH, useViewportWidth } from '../../test/viewport';
import AnalyticsPage from './AnalyticsPage';

jest.mock('../../analytics/tracker', () => ({ track: jest.fn() }));

const stats = statsData({
  addToCartRevenue: 250.5,
  orderGenerated: 12,
  looksCount: 4,
  generatedRevenue: 300,
  topSellers: [{ id: 7, title: 'Summer in the City' }],
  topProductsAddToCart: [{ id: 8, title: 'Evening Out' }],
  series: [{ date: '2025-03-01', orders: 1, generatedRevenue: 300, addToCartRevenue: 250.5 }],
});
const orders = (page: number) =>
  ok(
    ordersPage(
      Array.from({ length: page === 1 ? 10 : 3 }, (_, i) => orderRow(page * 100 + i)),
      { page, totalItems: 13 },
    ),
  );

describe('AnalyticsPage', () => {
  it('tracks analytics_viewed and shows cards, orders, top lists for the default range (last 7 days)', async () => {
    const { calls } = mockBackend({
      'GET /stats': ok(stats),
      'GET /shopOrders': ({ params }) => orders(Number(params.get('page'))),
    });
    renderWithProviders(<AnalyticsPage />);
    expect(await screen.findByText('$250.50')).toBeInTheDocument();
    expect(track).toHaveBeenCalledWith('analytics_viewed');
    const today = todayInTimeZone('UTC');
    const statsCall = calls.find((c) => c.path === '/stats')!;
    expect([statsCall.params.get('fromDate'), statsCall.params.get('toDate')]).toEqual([
      addDays(today, -7),
      addDays(today, -1),
    ]);
    expect(await screen.findByText('#100')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Summer in the City' })).toHaveAttribute('href', '/looks/edit/7');
    expect(screen.getByRole('link', { name: 'Evening Out' })).toHaveAttribute('href', '/looks/edit/8');
    expect(screen.getAllByRole('link', { name: 'View look' })[0]).toHaveAttribute('href', '/looks/edit/7');
    expect(screen.getByText('Page 1 of 2 · 13 orders')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('#200')).toBeInTheDocument();
    expect(
      calls
        .filter((c) => c.path === '/shopOrders')
        .at(-1)!
        .params.get('page'),
    ).toBe('2');
    expect(await screen.findByTestId('revenue-chart')).toBeInTheDocument();
  });

  it('a new range asks its stats and its first orders page (never the page the old range was on)', async () => {
    const { calls } = mockBackend({
      'GET /stats': ok(stats),
      'GET /shopOrders': ({ params }) => orders(Number(params.get('page'))),
    });
    const { store } = renderWithProviders(<AnalyticsPage />);
    await screen.findByText('#100');
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('#200')).toBeInTheDocument();
    const today = todayInTimeZone('UTC');
    const ordersAsked = () =>
      calls.filter((c) => c.path === '/shopOrders').map((c) => `${c.params.get('fromDate')} p${c.params.get('page')}`);
    const before = ordersAsked().length;

    // The picker's Apply (its own test drives the popover): the applied range changes in the store.
    act(() => {
      store.dispatch(pickerOpened({ today }));
      store.dispatch(presetSelected({ alias: 'last30days', today }));
      store.dispatch(applied());
    });
    expect(await screen.findByRole('button', { name: 'Date range: Last 30 days' })).toBeInTheDocument();
    expect(await screen.findByText('#100')).toBeInTheDocument();
    expect(ordersAsked().slice(before)).toEqual([`${addDays(today, -30)} p1`]);
    expect(
      calls
        .filter((c) => c.path === '/stats')
        .at(-1)!
        .params.get('fromDate'),
    ).toBe(addDays(today, -30));
    expect(screen.getByText('Page 1 of 2 · 13 orders')).toBeInTheDocument();
  });

  it("says which currency the amounts are in (the shop's, whatever the buyers paid in)", async () => {
    mockBackend({ 'GET /stats': ok(stats), 'GET /shopOrders': orders(1) });
    renderWithProviders(<AnalyticsPage />);
    expect(
      await screen.findByText("Amounts in USD, your shop's currency, whatever currency customers paid in"),
    ).toBeInTheDocument();
  });

  it("shows the range's revenue as ordered, refunded or cancelled, and net", async () => {
    mockBackend({
      'GET /stats': ok({ ...stats, generatedRevenue: 250, grossRevenue: 300, refundedRevenue: 50 }),
      'GET /shopOrders': orders(1),
    });
    renderWithProviders(<AnalyticsPage />);
    expect(await screen.findByText('Net generated revenue: $250.00')).toBeInTheDocument();
    expect(screen.getByText('Ordered: $300.00')).toBeInTheDocument();
    expect(screen.getByText('Refunded or cancelled: $50.00')).toBeInTheDocument();
  });

  it('says what the two revenue figures mean', async () => {
    mockBackend({ 'GET /stats': ok(stats), 'GET /shopOrders': orders(1) });
    renderWithProviders(<AnalyticsPage />);
    expect(
      await screen.findByText(
        'Order total is everything the customer paid for the order. Generated revenue is the part of it that came from products of your looks.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^Generated revenue is what customers paid in their orders for products from your looks\./),
    ).toBeInTheDocument();
  });

  it('on a phone the orders are a stacked list with labelled figures, not a wide table', async () => {
    const restore = useViewportWidth(PHONE_WIDTH);
    try {
      mockBackend({ 'GET /stats': ok(stats), 'GET /shopOrders': orders(1) });
      renderWithProviders(<AnalyticsPage />);
      const id = await screen.findByText('#100');
      expect(id.closest('table')).toBeNull();
      const order = id.closest('li')!;
      expect(within(order).getByText('Order total')).toBeInTheDocument();
      expect(within(order).getByText('Generated revenue')).toBeInTheDocument();
      expect(within(order).getByRole('link', { name: 'View look' })).toHaveAttribute('href', '/looks/edit/7');
      expect(screen.queryByRole('columnheader', { name: 'Order total' })).toBeNull();
    } finally {
      restore();
    }
  });

  it('errors: the general error toast and an error state with retry', async () => {
    let failing = true;
    mockBackend({
      'GET /stats': () => (failing ? fail(500, 'x') : ok(stats)),
      'GET /shopOrders': orders(1),
    });
    const host = createFakeHost();
    renderWithProviders(<AnalyticsPage />, { host });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    expect(host.toasts).toEqual([{ message: 'Something went wrong. Please try again.', isError: true }]);
    failing = false;
    await userEvent.click(retry);
    expect(await screen.findByText('$250.50')).toBeInTheDocument();
  });

  it('the picker button shows the applied range title', async () => {
    mockBackend({ 'GET /stats': ok(stats), 'GET /shopOrders': orders(1) });
    renderWithProviders(<AnalyticsPage />, {
      preloadedState: {
        dateRange: {
          applied: { alias: 'custom', title: 'x', period: { since: '2025-01-02', until: '2025-01-09' } },
          picker: {
            open: false,
            draft: { alias: 'custom', title: '', period: { since: '', until: '' } },
            sinceInput: '',
            untilInput: '',
            view: { month: 0, year: 2025 },
            visibleMonths: 2,
          },
        },
      } as never,
    });
    const button = await screen.findByRole('button', { name: 'Date range: 2025-01-02 – 2025-01-09' });
    expect(within(button).getByText('2025-01-02 – 2025-01-09')).toBeInTheDocument();
  });
});
