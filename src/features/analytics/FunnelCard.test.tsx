jest.setTimeout(30_000);
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, mockBackend, ok } from '../../test/fakeBackend';
import { funnelLook, funnelReport, ordersPage, statsData } from '../../test/fixtures';
import { PHONE_WIDTH, useViewportWidth } from '../../test/viewport';
import AnalyticsPage from './AnalyticsPage';

jest.mock('../../analytics/tracker', () => ({ track: jest.fn() }));

const report = funnelReport(
  [
    funnelLook(
      1,
      'Summer',
      { impressions: 1000, clicks: 200, addToCarts: 50, orders: 10, revenue: 500 },
      { impressions: 500, clicks: 40, addToCarts: 10, orders: 5, revenue: 700 },
    ),
    funnelLook(2, 'Evening', { impressions: 100, clicks: 30, addToCarts: 9, orders: 3, revenue: 90 }, {}, true),
    funnelLook(3, 'Winter', {}),
  ],
  [
    { date: '2025-03-01', impressions: 800, clicks: 100, orders: 8, revenue: 600 },
    { date: '2025-03-02', impressions: 800, clicks: 170, orders: 10, revenue: 690 },
  ],
  4,
);

const backend = (funnel = ok(report)) =>
  mockBackend({
    'GET /stats': ok(statsData()),
    'GET /shopOrders': ok(ordersPage([])),
    'GET /analytics/funnel': funnel,
  });

const lookOrder = () =>
  screen.getAllByRole('table').flatMap((t) =>
    within(t)
      .queryAllByRole('link')
      .map((a) => a.textContent),
  );

describe('funnel per look (analytics)', () => {
  it('asks for the applied range and shows each look with its steps, rates and revenue, best revenue first', async () => {
    const api = backend();
    renderWithProviders(<AnalyticsPage />);
    expect(await screen.findByRole('link', { name: 'Summer' })).toHaveAttribute('href', '/looks/edit/1');
    const call = api.callsTo('GET /analytics/funnel')[0];
    const stats = api.callsTo('GET /stats')[0];
    expect([call.params.get('since'), call.params.get('until')]).toEqual([
      stats.params.get('fromDate'),
      stats.params.get('toDate'),
    ]);
    expect(lookOrder()).toEqual(['Summer', 'Evening', 'Winter']);
    const summer = screen.getByRole('link', { name: 'Summer' }).closest('tr')!;
    // 1,500 impressions → 240 clicks (16%) → 60 add-to-carts (25%) → 15 orders: 1% conversion, $1,200.00.
    for (const text of ['1,500', '240', '16%', '60', '25%', '15', '1%', '$1,200.00'])
      expect(within(summer).getByText(text)).toBeInTheDocument();
    const winter = screen.getByRole('link', { name: 'Winter' }).closest('tr')!;
    expect(within(winter).getAllByText('—').length).toBeGreaterThanOrEqual(3);
    expect(
      within(screen.getByRole('link', { name: 'Evening' }).closest('tr')!).getByText('AI image'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('funnel-chart')).toHaveAccessibleName('Impressions: 1,600 over 2 days');
  });

  it('sorts by a column heading (both ways) and splits by device', async () => {
    backend();
    renderWithProviders(<AnalyticsPage />);
    await screen.findByRole('link', { name: 'Summer' });
    await userEvent.click(screen.getAllByRole('button', { name: /^Conversion/ })[0]);
    expect(lookOrder()).toEqual(['Evening', 'Summer', 'Winter']);
    await userEvent.click(screen.getAllByRole('button', { name: /^Conversion/ })[0]);
    expect(lookOrder()).toEqual(['Summer', 'Evening', 'Winter']);
    await userEvent.click(screen.getByRole('button', { name: 'Desktop' }));
    const summer = screen.getByRole('link', { name: 'Summer' }).closest('tr')!;
    for (const text of ['500', '40', '8%', '10', '5', '$700.00'])
      expect(within(summer).getByText(text)).toBeInTheDocument();
    const evening = screen.getByRole('link', { name: 'Evening' }).closest('tr')!;
    expect(within(evening).getByText('$0.00')).toBeInTheDocument();
  });

  it('exports the data as CSV, a row per look and device', async () => {
    backend();
    const blobs: Blob[] = [];
    const create = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:funnel';
    });
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toMatch(/^look-funnel-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    });
    try {
      renderWithProviders(<AnalyticsPage />);
      await screen.findByRole('link', { name: 'Summer' });
      await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(click).toHaveBeenCalledTimes(1);
      const text = await new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blobs[0]);
      });
      const lines = text.replace(/^\ufeff/, '').split('\r\n');
      expect(lines[0]).toBe(
        'Look ID,Look,Device,Impressions,Clicks,Add to cart,Orders,Revenue,Click rate,Add-to-cart rate,Conversion',
      );
      expect(lines).toContain('1,Summer,All devices,1500,240,60,15,1200.00,0.16,0.25,0.01');
      expect(lines).toContain('2,Evening,Desktop,0,0,0,0,0.00,,,');
      expect(lines).toHaveLength(1 + 3 * 3 + 1);
    } finally {
      click.mockRestore();
    }
  });

  it('the credits return: revenue of looks with a generated image and per credit used', async () => {
    backend();
    renderWithProviders(<AnalyticsPage />);
    expect(
      await screen.findByText('Revenue in this period from 1 look with a generated image (3 orders).'),
    ).toBeInTheDocument();
    expect(within(screen.getByTestId('generated-images')).getByText('$90.00')).toBeInTheDocument();
    expect(screen.getByText('$22.50')).toBeInTheDocument();
  });

  it('a failed funnel shows its own error with retry, the rest of the page stays', async () => {
    let failing = true;
    mockBackend({
      'GET /stats': ok(statsData()),
      'GET /shopOrders': ok(ordersPage([])),
      'GET /analytics/funnel': () => (failing ? fail(500, 'x') : ok(report)),
    });
    renderWithProviders(<AnalyticsPage />);
    const banner = await screen.findByText('The funnel could not be loaded. Check your connection and try again.');
    failing = false;
    expect(banner).toBeInTheDocument();
    // The return on credits comes with the funnel: it says it failed too, never "no generated image".
    expect(screen.getByTestId('generated-images-error')).toHaveTextContent(
      'The return on credits could not be loaded.',
    );
    expect(screen.queryByText(/None of your looks/)).toBeNull();
    await userEvent.click(
      within(banner.closest('.Polaris-Banner') as HTMLElement).getByRole('button', { name: 'Try again' }),
    );
    expect(await screen.findByRole('link', { name: 'Summer' })).toBeInTheDocument();
    expect(screen.queryByTestId('generated-images-error')).toBeNull();
  });

  it('on a phone the looks are a stacked list with labelled figures and a sort select, not a wide table', async () => {
    const restore = useViewportWidth(PHONE_WIDTH);
    try {
      backend();
      renderWithProviders(<AnalyticsPage />);
      const list = await screen.findByTestId('funnel-list');
      expect(within(list).getByRole('link', { name: 'Summer' }).closest('table')).toBeNull();
      const summer = within(list).getByRole('link', { name: 'Summer' }).closest('li')!;
      expect(within(summer).getByText('Impressions')).toBeInTheDocument();
      expect(within(summer).getByText('$1,200.00')).toBeInTheDocument();
      await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'impressions:ascending');
      expect(
        within(list)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Winter', 'Evening', 'Summer']);
    } finally {
      restore();
    }
  });
});
