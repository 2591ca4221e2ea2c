import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { settle } from '../../test/settle';
import { initTracker, resetTracker } from '../../analytics/tracker';
import { fail, mockBackend, noContent, ok } from '../../test/fakeBackend';
import { lookListItem as look, pageOf } from '../../test/fixtures';
import type { LookListItem } from '../../contracts/looks';
import LooksListPage from './LooksListPage';

const page = (data: LookListItem[], totalItems = data.length) => ok(pageOf(data, { totalItems }));

// Form pages render all of Polaris; give slow (shared) machines time.
jest.setTimeout(30_000);

afterEach(() => {
  jest.restoreAllMocks();
  resetTracker();
});

describe('LooksListPage', () => {
  it('lists looks with status, tags and actions; view live only for active looks', async () => {
    mockBackend({
      'GET /productLooks': page([look(1, { active: true, storeFrontUrl: 'http://x/storefront/products/a?look=1', tags: 'summer,city' }), look(2)], 12),
    });
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    renderWithProviders(<LooksListPage />, { route: '/looks' });
    const row1 = (await screen.findByText('Look 1')).closest('tr')!;
    const row2 = screen.getByText('Look 2').closest('tr')!;
    expect(within(row1).getByText('Active')).toBeInTheDocument();
    expect(within(row1).getByText('summer')).toBeInTheDocument();
    expect(within(row2).getByText('Draft')).toBeInTheDocument();
    expect(within(row2).queryByRole('button', { name: /View Look 2 live/ })).toBeNull();
    await userEvent.click(within(row1).getByRole('button', { name: 'View Look 1 live' }));
    expect(open).toHaveBeenCalledWith('http://x/storefront/products/a?look=1', '_blank', 'noopener,noreferrer');
    expect(screen.getByText('Page 1 · 12 looks')).toBeInTheDocument();
  });

  it('applies the search after 800 ms only when empty or longer than 2 characters, from page 1', async () => {
    const { calls } = mockBackend({ 'GET /productLooks': ({ params }) => page(params.get('query') ? [look(3)] : [look(1), look(2)], 20) });
    const user = userEvent.setup();
    renderWithProviders(<LooksListPage />, { route: '/looks' });
    await screen.findByText('Look 1');
    await user.click(screen.getByRole('button', { name: /next/i }));
    await waitFor(() => expect(calls.some((c) => c.params.get('page') === '2')).toBe(true));

    await user.type(screen.getByLabelText('Search looks'), 'ab');
    await settle(1000);
    expect(calls.some((c) => c.params.has('query'))).toBe(false);
    expect(screen.getByText('Type at least 3 characters')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search looks'), 'c');
    await settle(300);
    expect(calls.some((c) => c.params.has('query'))).toBe(false);
    await screen.findByText('Look 3', undefined, { timeout: 2000 });
    const searched = calls.find((c) => c.params.get('query') === 'abc')!;
    expect(searched.params.get('page')).toBe('1');
  });

  it('shows the error state with retry, then the no-looks-yet empty state', async () => {
    let failing = true;
    mockBackend({ 'GET /productLooks': () => (failing ? fail(500, 'boom') : page([])) });
    const user = userEvent.setup();
    renderWithProviders(<LooksListPage />, { route: '/looks' });
    expect(await screen.findByText('Looks could not be loaded')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Create your first look')).toBeInTheDocument();
    expect(screen.queryByLabelText('Search looks')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Create look' })).toHaveLength(2);
  });

  it('shows no-results for a search without matches', async () => {
    mockBackend({ 'GET /productLooks': ({ params }) => (params.get('query') ? page([]) : page([look(1)])) });
    const user = userEvent.setup();
    renderWithProviders(<LooksListPage />, { route: '/looks' });
    await screen.findByText('Look 1');
    await user.type(screen.getByLabelText('Search looks'), 'zzz');
    expect(await screen.findByText('No looks found', undefined, { timeout: 2000 })).toBeInTheDocument();
  });

  it('deletes after confirmation, toasts and tracks look_deleted; a failure toasts the error', async () => {
    const send = jest.fn().mockResolvedValue(undefined);
    initTracker({ identity: 'demo', trackPageViews: false, respectDoNotTrack: false, persistence: 'memory', send });
    let deleteFails = false;
    const api = mockBackend({
      'GET /productLooks': page([look(1), look(2)]),
      'DELETE /productLooks/:id': () => (deleteFails ? fail(500) : noContent()),
    });
    const user = userEvent.setup();
    const { host } = renderWithProviders(<LooksListPage />, { route: '/looks' });
    await screen.findByText('Look 1');
    await user.click(screen.getByRole('button', { name: 'Delete Look 2' }));
    expect(await screen.findByText('Delete Look 2?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete look' }));
    await waitFor(() => expect(host.toasts).toEqual([{ message: 'Look deleted', isError: false }]));
    expect(api.callsTo('DELETE /productLooks/:id').map((c) => c.path)).toEqual(['/productLooks/2']);
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ name: 'look_deleted', properties: { id: 2 } }));

    deleteFails = true;
    await user.click(screen.getByRole('button', { name: 'Delete Look 1' }));
    await user.click(await screen.findByRole('button', { name: 'Delete look' }));
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ message: 'Could not delete the look. Please try again.', isError: true }),
    );
  });

  it('offers the AI image gallery only when the shop has the gallery and AI flags', async () => {
    mockBackend({ 'GET /productLooks': page([look(1)]) });
    const { unmount } = renderWithProviders(<LooksListPage />, { route: '/looks' });
    // Polaris renders page actions twice (visible + overflow measurement).
    expect((await screen.findAllByRole('button', { name: 'AI image gallery' })).length).toBeGreaterThan(0);
    unmount();
    renderWithProviders(<LooksListPage />, {
      route: '/looks',
      shop: { options: { imageGalleryEnabled: true, aiImageGenerationEnabled: false } },
    });
    await screen.findByText('Look 1');
    expect(screen.queryAllByRole('button', { name: 'AI image gallery' })).toHaveLength(0);
  });
});
