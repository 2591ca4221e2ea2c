import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { fail, mockBackend, ok } from '../../test/fakeBackend';
import { creditsData, generation, lookDetail, storedLook } from '../../test/fixtures';
import GalleryEditPage from './GalleryEditPage';

jest.setTimeout(30_000);

const DONE = generation({
  status: 'COMPLETED',
  generatedImageUrl: '/files/generated/11.png',
  completedAt: '2025-03-01T10:01:00Z',
});

describe('GalleryEditPage', () => {
  it('a failed load says so with a retry that loads the generation', async () => {
    let failing = true;
    const api = mockBackend({
      'GET /image-generation/:id': () => (failing ? fail(500) : ok(DONE)),
      'GET /productLooks/:id': ok(lookDetail(storedLook({ id: 5 }))),
      'GET /credits': ok(creditsData()),
    });
    const user = userEvent.setup();
    renderWithProviders(<GalleryEditPage />, { route: '/gallery/edit/11', path: '/gallery/edit/:id' });
    expect(await screen.findByText('The generation details could not be loaded.')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Summer in the City', level: 1 })).toBeInTheDocument();
    expect(api.callsTo('GET /image-generation/:id')).toHaveLength(2);
  });

  it('a generation that does not exist offers the way back, no retry', async () => {
    mockBackend({ 'GET /image-generation/:id': fail(404, 'Not found') });
    renderWithProviders(<GalleryEditPage />, { route: '/gallery/edit/99', path: '/gallery/edit/:id' });
    expect(await screen.findByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("a finished image offers Use on look: the look's form with this image chosen", async () => {
    mockBackend({
      'GET /image-generation/:id': ok(DONE),
      'GET /productLooks/:id': ok(lookDetail(storedLook({ id: 5 }))),
      'GET /credits': ok(creditsData()),
    });
    renderWithProviders(<GalleryEditPage />, { route: '/gallery/edit/11', path: '/gallery/edit/:id' });
    expect(await screen.findByRole('link', { name: 'Use on look' })).toHaveAttribute(
      'href',
      '/looks/edit/5?generation=11',
    );
  });

  it('no Use on look while a new image is being made or when the look is gone', async () => {
    mockBackend({
      // Generating anew: the previous image is still there, not finished.
      'GET /image-generation/:id': ok({ ...DONE, status: 'IN_PROGRESS' as const }),
      'GET /productLooks/:id': ok(lookDetail(storedLook({ id: 5 }))),
      'GET /credits': ok(creditsData()),
    });
    const first = renderWithProviders(<GalleryEditPage />, { route: '/gallery/edit/11', path: '/gallery/edit/:id' });
    expect(await screen.findByRole('heading', { name: 'Summer in the City', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Use on look' })).toBeNull();
    first.unmount();
    mockBackend({
      'GET /image-generation/:id': ok({ ...DONE, productLook: { id: null, title: 'Gone' } }),
      'GET /credits': ok(creditsData()),
    });
    renderWithProviders(<GalleryEditPage />, { route: '/gallery/edit/11', path: '/gallery/edit/:id' });
    expect(await screen.findByTestId('generated-image')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Use on look' })).toBeNull();
  });
});
