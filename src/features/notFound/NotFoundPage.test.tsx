import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import NotFoundPage from './NotFoundPage';

describe('NotFoundPage', () => {
  it('is titled by what happened (the page heading) and leads back to the dashboard', async () => {
    const { router } = renderWithProviders(<NotFoundPage />, { route: '/nope' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Go to the dashboard' }));
    expect(router.state.location.pathname).toBe('/');
  });
});
