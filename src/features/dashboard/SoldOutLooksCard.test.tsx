import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, mockBackend, ok } from '../../test/fakeBackend';
import { SoldOutLooksCard } from './SoldOutLooksCard';

jest.setTimeout(30_000);

describe('dashboard: looks with sold-out items', () => {
  it('links every look with sold-out items to its form and names the items, with the alternatives shown', async () => {
    mockBackend({
      'GET /productLooks/soldOut': ok({
        looks: [
          {
            id: 4,
            title: 'Autumn Layers',
            active: true,
            items: [{ productId: 'gid://shopify/Product/2', title: 'Suede Boots', alternative: false }],
          },
          {
            id: 7,
            title: 'Evening Out',
            active: false,
            items: [
              { productId: 'gid://shopify/Product/5', title: 'Sandals', alternative: true },
              { productId: 'gid://shopify/Product/6', title: 'Clutch', alternative: false },
            ],
          },
        ],
      }),
    });
    renderWithProviders(<SoldOutLooksCard />);
    expect(await screen.findByRole('heading', { name: '2 looks have sold-out items' })).toBeInTheDocument();
    const [autumn, evening] = screen.getAllByTestId('sold-out-look');
    expect(within(autumn).getByRole('link', { name: 'Autumn Layers' })).toHaveAttribute('href', '/looks/edit/4');
    expect(within(autumn).getByText('Suede Boots')).toBeInTheDocument();
    expect(within(autumn).queryByText('Draft')).toBeNull();
    expect(within(evening).getByRole('link', { name: 'Evening Out' })).toHaveAttribute('href', '/looks/edit/7');
    expect(within(evening).getByText('Sandals (alternative shown) and Clutch')).toBeInTheDocument();
    expect(within(evening).getByText('Draft')).toBeInTheDocument();
  });

  it('shows nothing while no look has a sold-out item, and a retry when the list cannot be loaded', async () => {
    const api = mockBackend({ 'GET /productLooks/soldOut': ok({ looks: [] }) });
    const { unmount } = renderWithProviders(<SoldOutLooksCard />);
    await waitFor(() => expect(api.callsTo('GET /productLooks/soldOut')).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByTestId('sold-out-look')).toBeNull();
    unmount();
    mockBackend({ 'GET /productLooks/soldOut': fail(500) });
    renderWithProviders(<SoldOutLooksCard />);
    expect(await screen.findByText('The looks with sold-out items could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
