import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { settle } from '../../test/settle';
import { createFakeHost } from '../../test/fakeHost';
import { initTracker, resetTracker } from '../../analytics/tracker';
import { DEFAULT_LAYOUT_SETTINGS, type DefinedTemplate } from '../../contracts/layout';
import { fail, mockBackend, ok, type Routes } from '../../test/fakeBackend';
import { lookDetail, storedLook } from '../../test/fixtures';
import LookEditPage, { preload } from './LookEditPage';

const LOOK = storedLook({
  relatedItems: [
    // The stored look's own item (Chino Pants), and another.
    ...storedLook().relatedItems.slice(0, 1),
    {
      itemId: 'gid://shopify/Product/3',
      title: 'A very long related product title that goes on and on beyond fifty characters',
      image: '',
      order: 1,
      type: 'product',
      markerX: 50,
      markerY: 50,
    },
  ],
  featured: true,
});

function api(extra: Routes = {}, template: DefinedTemplate = 'shoppable') {
  return mockBackend({
    'GET /productLooks/:id': ok(lookDetail(LOOK, 'http://app/storefront/products/linen-shirt?look=5')),
    'GET /layout': ok({ ...DEFAULT_LAYOUT_SETTINGS, definedTemplate: template }),
    ...extra,
  });
}

// Form pages render all of Polaris; give slow (shared) machines time.
jest.setTimeout(30_000);

afterEach(() => {
  jest.restoreAllMocks();
  resetTracker();
});

/** The page header's Save (disabled while the edit form is pristine). */
const pageSave = () => document.getElementById('look-save') as HTMLElement;

const render = (host = createFakeHost()) =>
  renderWithProviders(<LookEditPage />, { route: '/looks/edit/5', path: '/looks/edit/:id', host });

// The page's lazy parts (the markers' placement, …), loaded before it renders as the router loads them.
beforeAll(() => preload());

describe('LookEditPage', () => {
  it('loads the look, tracks look_viewed, offers View live and shows marker settings for the shoppable template', async () => {
    const send = jest.fn().mockResolvedValue(undefined);
    initTracker({ identity: 'demo', trackPageViews: false, respectDoNotTrack: false, persistence: 'memory', send });
    api();
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    render();
    expect(await screen.findByRole('heading', { name: 'Summer in the City', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Marker settings')).toBeInTheDocument();
    // Marker list titles are cut at 50 characters.
    expect(screen.getByText(`${LOOK.relatedItems[1].title.slice(0, 49)}…`)).toBeInTheDocument();
    expect(screen.getAllByLabelText('Horizontal position (X)')[0]).toHaveValue('30');
    await userEvent.click(screen.getAllByRole('button', { name: 'View live' })[0]);
    expect(open).toHaveBeenCalledWith(
      'http://app/storefront/products/linen-shirt?look=5',
      '_blank',
      'noopener,noreferrer',
    );
    await waitFor(() =>
      expect(send).toHaveBeenCalledWith(expect.objectContaining({ name: 'look_viewed', properties: { id: 5 } })),
    );
  });

  it('hides marker settings for other templates and when the layout call fails', async () => {
    api({}, 'inpage_r');
    const first = render();
    await screen.findByRole('heading', { name: 'Summer in the City', level: 1 });
    await settle(50);
    expect(screen.queryByText('Marker settings')).toBeNull();
    first.unmount();
    jest.restoreAllMocks();
    api({ 'GET /layout': fail(404, 'Not found') });
    render();
    await screen.findByRole('heading', { name: 'Summer in the City', level: 1 });
    await settle(50);
    expect(screen.queryByText('Marker settings')).toBeNull();
  });

  it('saves with PATCH, toasts, tracks look_updated and is clean again; discard resets', async () => {
    const send = jest.fn().mockResolvedValue(undefined);
    initTracker({ identity: 'demo', trackPageViews: false, respectDoNotTrack: false, persistence: 'memory', send });
    let stored = LOOK;
    const backend = api({
      'GET /productLooks/:id': () => ok(lookDetail(stored, 'http://app/p?look=5')),
      'PATCH /productLooks/:id': ({ body }) => {
        stored = { ...stored, ...body };
        return ok(lookDetail(stored, 'http://app/p?look=5'));
      },
    });
    const host = createFakeHost();
    const user = userEvent.setup();
    render(host);
    await screen.findByRole('heading', { name: 'Summer in the City', level: 1 });

    const slider = (await screen.findAllByLabelText('Vertical position (Y)'))[0];
    fireEvent.change(slider, { target: { value: '80' } });
    expect(await screen.findByText('Unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getAllByLabelText('Vertical position (Y)')[0]).toHaveValue('35');
    await waitFor(() => expect(pageSave()).toHaveAttribute('aria-disabled', 'true'));

    fireEvent.change(screen.getAllByLabelText('Vertical position (Y)')[0], { target: { value: '80' } });
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]);
    await waitFor(() => expect(host.toasts).toContainEqual({ message: 'Look updated', isError: false }));
    const { body } = backend.callsTo('PATCH /productLooks/:id')[0];
    expect(body.relatedItems[0].markerY).toBe(80);
    expect(Object.keys(body).sort()).toEqual([
      'active',
      'discount',
      'featured',
      'mainProduct',
      'markerColor',
      'media',
      'relatedItems',
      'tags',
    ]);
    await waitFor(() => expect(pageSave()).toHaveAttribute('aria-disabled', 'true'));
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ name: 'look_updated' }));
  });

  it('shows server field errors and the update-error toast', async () => {
    let answer = fail(400, 'Some fields are not valid.', {
      errors: { 'discount.label': 'Discount label must be at least 3 characters' },
    });
    api({ 'PATCH /productLooks/:id': () => answer });
    const host = createFakeHost();
    const user = userEvent.setup();
    render(host);
    await user.click(await screen.findByLabelText('Offer a discount when the look is bought together'));
    await user.type(screen.getByLabelText('Discount label'), 'Bundle');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]);
    expect(await screen.findByText('Discount label must be at least 3 characters')).toBeInTheDocument();
    answer = fail(500, 'boom');
    await user.type(screen.getByLabelText('Discount label'), '!');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]);
    await waitFor(() =>
      expect(host.toasts).toContainEqual({ message: 'Could not save the look. Please try again.', isError: true }),
    );
  });

  it('uploads one image: uploading state, then the image; a failure shows the exact error', async () => {
    let uploadFails = false;
    const backend = api({
      'POST /productLooks/media': () =>
        uploadFails ? fail(415, 'no') : ok({ url: 'http://app/files/uploads/1/x.png', productLookMediaId: 9 }),
    });
    render();
    await screen.findByRole('heading', { name: 'Summer in the City', level: 1 });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input).not.toBeNull();
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'look.png', { type: 'image/png' });
    await userEvent.upload(input, file);
    expect(await screen.findByAltText('Look image')).toHaveAttribute('src', 'http://app/files/uploads/1/x.png');
    uploadFails = true;
    await userEvent.upload(input, file);
    expect(await screen.findByText('Failed to upload image. Please try again.')).toBeInTheDocument();
    expect(backend.callsTo('POST /productLooks/media')).toHaveLength(2);
  });

  it('shows not found for an unknown look', async () => {
    mockBackend({ 'GET /productLooks/:id': fail(404, 'Look not found'), 'GET /layout': ok(DEFAULT_LAYOUT_SETTINGS) });
    render();
    expect(await screen.findByText('Look not found')).toBeInTheDocument();
  });
});
