jest.setTimeout(30_000);
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { mockBackend, ok } from '../../test/fakeBackend';
import { funnelLook, funnelReport } from '../../test/fixtures';
import { addDays, todayInTimeZone } from '../../components/DateRangePicker/dateRange';
import { LookHighlightsCard } from './LookHighlightsCard';

describe('dashboard: best and worst look of the period', () => {
  it('asks for the applied period and names the best (revenue) and the worst look among the looks shoppers saw', async () => {
    const api = mockBackend({
      'GET /analytics/funnel': ok(
        funnelReport([
          funnelLook(1, 'Summer', { impressions: 400, clicks: 40, orders: 4, revenue: 320 }),
          funnelLook(2, 'Evening', { impressions: 900, clicks: 20, orders: 1, revenue: 45.5 }),
          funnelLook(3, 'Never seen', {}),
          funnelLook(4, 'Classic', { impressions: 50, orders: 1, revenue: 80 }),
        ]),
      ),
    });
    renderWithProviders(<LookHighlightsCard currency="USD" timeZone="UTC" />);
    const best = await screen.findByTestId('best-look');
    expect(within(best).getByRole('link', { name: 'Summer' })).toHaveAttribute('href', '/looks/edit/1');
    expect(screen.getByText('400 impressions · 1% conversion · $320.00')).toBeInTheDocument();
    expect(within(screen.getByTestId('worst-look')).getByRole('link', { name: 'Evening' })).toBeInTheDocument();
    expect(screen.getByText('900 impressions · 0.1% conversion · $45.50')).toBeInTheDocument();
    expect(screen.queryByText('Never seen')).toBeNull();
    const today = todayInTimeZone('UTC');
    const call = api.callsTo('GET /analytics/funnel')[0];
    expect([call.params.get('since'), call.params.get('until')]).toEqual([addDays(today, -7), addDays(today, -1)]);
    expect(screen.getByText('Last 7 days')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the funnel' })).toHaveAttribute('href', '/analytics');
  });

  it('one seen look is only the best; none says so', async () => {
    const api = mockBackend({
      'GET /analytics/funnel': ok(funnelReport([funnelLook(1, 'Summer', { impressions: 1 })])),
    });
    const { unmount } = renderWithProviders(<LookHighlightsCard currency="USD" timeZone="UTC" />);
    expect(await screen.findByTestId('best-look')).toBeInTheDocument();
    expect(screen.queryByTestId('worst-look')).toBeNull();
    unmount();
    api.use({ 'GET /analytics/funnel': ok(funnelReport([funnelLook(1, 'Summer', {})])) });
    renderWithProviders(<LookHighlightsCard currency="USD" timeZone="UTC" />);
    expect(await screen.findByText('No shopper has seen a look in this period yet.')).toBeInTheDocument();
  });
});
