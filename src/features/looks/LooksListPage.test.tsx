import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { settle } from '../../test/settle';
import { initTracker, resetTracker } from '../../analytics/tracker';
import { fail, held, mockBackend, noContent, ok, type Answer } from '../../test/fakeBackend';
import { lookDetail, lookListItem as look, pageOf, storedLook } from '../../test/fixtures';
import type { LookListItem, LookUpdateResponse } from '../../contracts/looks';
import LooksListPage from './LooksListPage';
import { pressEscape } from '../../test/keys';

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
      'GET /productLooks': page(
        [
          look(1, { active: true, storeFrontUrl: 'http://x/storefront/products/a?look=1', tags: 'summer,city' }),
          look(2),
        ],
        12,
      ),
    });
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    renderWithProviders(<LooksListPage />, { route: '/looks' });
    const row1 = (await screen.findByText('Look 1')).closest('tr')!;
    const row2 = screen.getByText('Look 2').closest('tr')!;
    expect(within(row1).getByText('Active')).toBeInTheDocument();
    expect(within(row1).getByText('summer')).toBeInTheDocument();
    expect(within(row2).getByText('Draft')).toBeInTheDocument();
    expect(within(row2).queryByRole('button', { name: /View live: Look 2/ })).toBeNull();
    await userEvent.click(within(row1).getByRole('button', { name: 'View live: Look 1' }));
    expect(open).toHaveBeenCalledWith('http://x/storefront/products/a?look=1', '_blank', 'noopener,noreferrer');
    expect(screen.getByText('Page 1 · 12 looks')).toBeInTheDocument();
  });

  it('applies the search after 800 ms only when empty or longer than 2 characters, from page 1', async () => {
    const { calls } = mockBackend({
      'GET /productLooks': ({ params }) => page(params.get('query') ? [look(3)] : [look(1), look(2)], 20),
    });
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

  it("a search that fails shows the error with retry, never the previous search's rows as its result", async () => {
    let failing = true;
    mockBackend({
      'GET /productLooks': ({ params }) =>
        !params.get('query') ? page([look(1), look(2)]) : failing ? fail(500, 'boom') : page([look(3)]),
    });
    const user = userEvent.setup();
    renderWithProviders(<LooksListPage />, { route: '/looks' });
    await screen.findByText('Look 1');
    await user.type(screen.getByLabelText('Search looks'), 'evening');
    expect(await screen.findByText('Looks could not be loaded', undefined, { timeout: 2000 })).toBeInTheDocument();
    expect(screen.queryByText('Look 1')).toBeNull();
    expect(screen.queryByText(/Page 1 ·/)).toBeNull();
    expect(screen.getByLabelText('Search looks')).toHaveValue('evening');
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Look 3')).toBeInTheDocument();
    expect(screen.queryByText('Looks could not be loaded')).toBeNull();
  });

  it('shows no-results for a search without matches', async () => {
    mockBackend({ 'GET /productLooks': ({ params }) => (params.get('query') ? page([]) : page([look(1)])) });
    const user = userEvent.setup();
    renderWithProviders(<LooksListPage />, { route: '/looks' });
    await screen.findByText('Look 1');
    await user.type(screen.getByLabelText('Search looks'), 'zzz');
    expect(await screen.findByText('No looks found', undefined, { timeout: 2000 })).toBeInTheDocument();
  });

  it('deleting: the look leaves the list at once; the toast and look_deleted follow the answer', async () => {
    const send = jest.fn().mockResolvedValue(undefined);
    initTracker({ identity: 'demo', trackPageViews: false, respectDoNotTrack: false, persistence: 'memory', send });
    let items = [look(1), look(2)];
    const gate = held<Answer<void>>();
    const api = mockBackend({
      'GET /productLooks': () => page(items),
      'DELETE /productLooks/:id': async ({ pathParams }) => {
        const answer = await gate.answer;
        if (answer.status === 204) items = items.filter((l) => String(l.id) !== pathParams.id);
        return answer;
      },
    });
    const user = userEvent.setup();
    const { host } = renderWithProviders(<LooksListPage />, { route: '/looks' });
    await screen.findByText('Look 1');
    await user.click(screen.getByRole('button', { name: 'Delete Look 2' }));
    expect(await screen.findByText('Delete Look 2?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete look' }));
    // Before the server answers (it is held): gone from the list, one look fewer, the modal closed, no toast yet.
    // (RTK Query batches store notifications to the next animation frame: "at once" is within a frame.)
    await waitFor(() => expect(screen.queryByText('Look 2')).toBeNull());
    expect(screen.getByText('Page 1 · 1 look')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(host.toasts).toEqual([]);
    expect(api.callsTo('DELETE /productLooks/:id').map((c) => c.path)).toEqual(['/productLooks/2']);

    gate.release(noContent());
    await waitFor(() => expect(host.toasts).toEqual([{ message: 'Look deleted', isError: false }]));
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ name: 'look_deleted', properties: { id: 2 } }));
    expect(screen.queryByText('Look 2')).toBeNull();
    expect(screen.getByText('Look 1')).toBeInTheDocument();
  });

  it("closing the delete modal puts focus back on the row's Delete button; after deleting, on the list heading", async () => {
    let items = [look(1), look(2)];
    mockBackend({
      'GET /productLooks': () => page(items),
      'DELETE /productLooks/:id': ({ pathParams }) => {
        items = items.filter((l) => String(l.id) !== pathParams.id);
        return noContent();
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<LooksListPage />, { route: '/looks' });
    await screen.findByText('Look 1');
    const deleteButton = screen.getByRole('button', { name: 'Delete Look 2' });
    act(() => deleteButton.focus());
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await pressEscape();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(deleteButton);

    await user.keyboard('{Enter}');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(deleteButton);

    // Deleting takes the row, and its button, away: focus goes to the list's heading, not <body>.
    await user.keyboard('{Enter}');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete look' }));
    await waitFor(() => expect(screen.queryByText('Look 2')).toBeNull());
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Looks' })).toHaveFocus());
    expect(deleteButton).not.toBeInTheDocument();
  });

  it('a failed delete brings the look back and shows the error toast', async () => {
    const gate = held<Answer<void>>();
    mockBackend({ 'GET /productLooks': page([look(1), look(2)]), 'DELETE /productLooks/:id': () => gate.answer });
    const user = userEvent.setup();
    const { host } = renderWithProviders(<LooksListPage />, { route: '/looks' });
    await screen.findByText('Look 1');
    await user.click(screen.getByRole('button', { name: 'Delete Look 1' }));
    await user.click(await screen.findByRole('button', { name: 'Delete look' }));
    await waitFor(() => expect(screen.queryByText('Look 1')).toBeNull());

    gate.release(fail(500));
    expect(await screen.findByText('Look 1')).toBeInTheDocument();
    expect(screen.getByText('Page 1 · 2 looks')).toBeInTheDocument();
    expect(host.toasts).toEqual([{ message: 'Could not delete the look. Please try again.', isError: true }]);
  });

  /** Looks 1 (active) and 2 (draft); the server saves a status only when the test lets it answer. */
  function statusBackend() {
    const items = [look(1, { active: true }), look(2)];
    const gate = held<Answer<LookUpdateResponse>>();
    const api = mockBackend({
      'GET /productLooks': () => page(items),
      'GET /productLooks/:id': ({ pathParams }) => {
        const item = items.find((l) => String(l.id) === pathParams.id)!;
        return ok(lookDetail(storedLook({ id: item.id, title: item.title, active: item.active })));
      },
      'PATCH /productLooks/:id': async ({ pathParams, body }) => {
        const answer = await gate.answer;
        const i = items.findIndex((l) => String(l.id) === pathParams.id);
        if (answer.status === 200) items[i] = { ...items[i], active: body.active };
        return answer;
      },
    });
    return { api, gate };
  }

  const rowOf = (title: string) => screen.getByText(title).closest('tr')!;

  it('activating a look shows it active at once and saves the whole look with active on', async () => {
    const send = jest.fn().mockResolvedValue(undefined);
    initTracker({ identity: 'demo', trackPageViews: false, respectDoNotTrack: false, persistence: 'memory', send });
    const { api, gate } = statusBackend();
    const user = userEvent.setup();
    const { host } = renderWithProviders(<LooksListPage />, { route: '/looks' });
    await screen.findByText('Look 2');
    expect(within(rowOf('Look 2')).getByText('Draft')).toBeInTheDocument();

    await user.click(within(rowOf('Look 2')).getByRole('button', { name: 'Activate Look 2' }));
    // The server has not answered yet (held).
    expect(await within(rowOf('Look 2')).findByText('Active')).toBeInTheDocument();
    expect(within(rowOf('Look 2')).getByRole('button', { name: 'Set to draft: Look 2' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await waitFor(() => expect(api.callsTo('PATCH /productLooks/:id')).toHaveLength(1));
    const [patch] = api.callsTo('PATCH /productLooks/:id');
    expect(patch.pathParams.id).toBe('2');
    expect(patch.body).toMatchObject({
      active: true,
      featured: false,
      tags: 'summer,city',
      mainProduct: { itemId: 'gid://shopify/Product/1' },
    });

    gate.release(ok(lookDetail(storedLook({ id: 2, title: 'Look 2', active: true }))));
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'look_updated', properties: { id: 2, active: true } }),
      ),
    );
    await waitFor(() =>
      expect(within(rowOf('Look 2')).getByRole('button', { name: 'Set to draft: Look 2' })).not.toHaveAttribute(
        'aria-disabled',
      ),
    );
    expect(within(rowOf('Look 2')).getByText('Active')).toBeInTheDocument();
    expect(host.toasts).toEqual([]);
  });

  it('activating beyond the plan limit goes back to draft with the upgrade message', async () => {
    const { gate } = statusBackend();
    const user = userEvent.setup();
    const { host } = renderWithProviders(<LooksListPage />, { route: '/looks' });
    await user.click(
      within((await screen.findByText('Look 2')).closest('tr')!).getByRole('button', { name: 'Activate Look 2' }),
    );
    expect(await within(rowOf('Look 2')).findByText('Active')).toBeInTheDocument();

    gate.release(fail(403, 'limit', { code: 'planUpgrade.is_required' }));
    await waitFor(() => expect(within(rowOf('Look 2')).getByText('Draft')).toBeInTheDocument());
    expect(host.toasts).toEqual([
      {
        message: "Your plan's limit of active looks is reached. Upgrade your plan to activate more looks.",
        isError: true,
      },
    ]);
  });

  it('a failed switch to draft shows the look active again with the status error', async () => {
    const { gate } = statusBackend();
    const user = userEvent.setup();
    const { host } = renderWithProviders(<LooksListPage />, { route: '/looks' });
    await user.click(
      within((await screen.findByText('Look 1')).closest('tr')!).getByRole('button', { name: 'Set to draft: Look 1' }),
    );
    expect(await within(rowOf('Look 1')).findByText('Draft')).toBeInTheDocument();

    gate.release(fail(500));
    await waitFor(() => expect(within(rowOf('Look 1')).getByText('Active')).toBeInTheDocument());
    expect(within(rowOf('Look 1')).getByRole('button', { name: 'Set to draft: Look 1' })).toBeInTheDocument();
    expect(host.toasts).toEqual([{ message: "Could not change the look's status. Please try again.", isError: true }]);
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
