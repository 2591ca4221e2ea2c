import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, mockBackend, ok } from '../../test/fakeBackend';
import { generation } from '../../test/fixtures';
import type { ImageGenerationsPage } from '../../contracts/gallery';
import GalleryListPage from './GalleryListPage';

const PAGE: ImageGenerationsPage = {
  data: [
    generation({
      status: 'COMPLETED',
      generatedImageUrl: '/files/generated/11.png',
      completedAt: '2025-03-01T10:01:00Z',
    }),
  ],
  counts: { all: 3, flat_lay: 2, model: 1 },
  paginationDetails: { nextPage: null, previousPage: null, totalItems: 1 },
};

describe('GalleryListPage', () => {
  it('a failed load says so; Try again asks again (no page reload)', async () => {
    let failing = true;
    const api = mockBackend({ 'GET /image-generations': () => (failing ? fail(500) : ok(PAGE)) });
    const user = userEvent.setup();
    renderWithProviders(<GalleryListPage />, { route: '/gallery' });
    expect(await screen.findByText('The gallery could not be loaded')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Summer in the City')).toBeInTheDocument();
    expect(api.callsTo('GET /image-generations')).toHaveLength(2);
  });

  it('each type tab is named by what it shows: type and count, nothing hidden', async () => {
    mockBackend({ 'GET /image-generations': ok(PAGE) });
    renderWithProviders(<GalleryListPage />, { route: '/gallery' });
    await screen.findByText('Summer in the City');
    // Polaris renders tabs more than once (to measure them, and those that do not fit): all copies.
    const tabs = () => screen.getAllByRole('tab', { hidden: true }).filter((tab) => /\d/.test(tab.textContent ?? ''));
    await waitFor(() => expect(tabs().length).toBeGreaterThan(0));
    for (const tab of tabs()) {
      expect(tab).not.toHaveAttribute('aria-label');
      expect(tab.querySelector('[class*="visuallyHidden"]')).toBeNull();
    }
    expect(tabs().map((tab) => tab.textContent)).toContain('All (3)');
  });
});
