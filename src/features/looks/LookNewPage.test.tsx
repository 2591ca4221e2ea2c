import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { createFakeHost } from '../../test/fakeHost';
import { initTracker, resetTracker } from '../../analytics/tracker';
import { fail, mockBackend, ok } from '../../test/fakeBackend';
import { lookDetail, storedLook } from '../../test/fixtures';
import LookNewPage from './LookNewPage';

const product = (n: number, images = [`/files/catalog/p${n}-1.jpg`, `/files/catalog/p${n}-2.jpg`]) => ({
  id: `gid://shopify/Product/${n}`,
  title: `Product ${n}`,
  images: images.map((originalSrc) => ({ originalSrc })),
});

// Form pages render all of Polaris; give slow (shared) machines time.
jest.setTimeout(30_000);

afterEach(() => {
  jest.restoreAllMocks();
  resetTracker();
});

describe('LookNewPage', () => {
  it('shows the translated errors only after a submit attempt', async () => {
    const { calls } = mockBackend();
    const user = userEvent.setup();
    renderWithProviders(<LookNewPage />, { route: '/looks/new' });
    await screen.findByText('Select main product');
    expect(screen.queryByText('Main product is a required field')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Main product is a required field')).toBeInTheDocument();
    expect(screen.getByText('Add at least one related product.')).toBeInTheDocument();
    expect(screen.getByText('Please fix the highlighted fields.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('picks products, toggles the main image, creates the look, tracks it and opens the edit page', async () => {
    const send = jest.fn().mockResolvedValue(undefined);
    initTracker({ identity: 'demo', trackPageViews: false, respectDoNotTrack: false, persistence: 'memory', send });
    const api = mockBackend({ 'POST /productLooks': ok({ id: 42, look: storedLook({ id: 42 }) }, 201) });
    const host = createFakeHost();
    const user = userEvent.setup();
    const { router } = renderWithProviders(<LookNewPage />, { route: '/looks/new', host });

    host.nextPick = [product(1)];
    await user.click(await screen.findByRole('button', { name: 'Select main product' }));
    expect(await screen.findByTestId('main-product-title')).toHaveTextContent('Product 1');
    const toggle = screen.getByLabelText("Use the product's first image as the look image");
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();

    host.nextPick = [product(2), product(3)];
    await user.click(screen.getByRole('button', { name: 'Add products' }));
    expect(await screen.findAllByTestId('related-item')).toHaveLength(2);
    // Picking again with an already added product does not duplicate it.
    host.nextPick = [product(2)];
    await user.click(screen.getByRole('button', { name: 'Add products' }));
    expect(screen.getAllByTestId('related-item')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Remove Product 3' }));
    expect(screen.getAllByTestId('related-item')).toHaveLength(1);

    await user.type(screen.getByLabelText('Add a tag'), 'summer{Enter}');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]);

    await waitFor(() => expect(router.state.location.pathname).toBe('/looks/edit/42'));
    const { body } = api.callsTo('POST /productLooks')[0];
    expect(body.mainProduct).toEqual({
      itemId: 'gid://shopify/Product/1',
      title: 'Product 1',
      image: '/files/catalog/p1-1.jpg',
      selectedMainImage: null,
      productImages: ['/files/catalog/p1-1.jpg', '/files/catalog/p1-2.jpg'],
    });
    expect(body.relatedItems).toEqual([
      { itemId: 'gid://shopify/Product/2', title: 'Product 2', image: '/files/catalog/p2-1.jpg', order: 0, type: 'product', markerX: 50, markerY: 50 },
    ]);
    expect(body).toMatchObject({ active: false, tags: 'summer', markerColor: 'FFFFFF' });
    expect(host.toasts).toContainEqual({ message: 'Look created', isError: false });
    expect(send).toHaveBeenCalledWith(expect.objectContaining({ name: 'look_created', properties: expect.objectContaining({ id: 42 }) }));
  });

  it('shows the upgrade notice with a link to the plans on planUpgrade.is_required, a toast on other errors', async () => {
    let answer = fail(403, 'limit', { code: 'planUpgrade.is_required' });
    mockBackend({ 'POST /productLooks': () => answer });
    const host = createFakeHost();
    const user = userEvent.setup();
    renderWithProviders(<LookNewPage />, { route: '/looks/new', host });
    host.nextPick = [product(1)];
    await user.click(await screen.findByRole('button', { name: 'Select main product' }));
    host.nextPick = [product(2)];
    await user.click(screen.getByRole('button', { name: 'Add products' }));
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]);
    const notice = await screen.findByTestId('upgrade-notice');
    expect(within(notice.closest('.Polaris-Banner') as HTMLElement).getByRole('button', { name: 'See plans' })).toBeInTheDocument();
    expect(host.toasts).toEqual([]);

    answer = fail(500, 'boom');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]);
    await waitFor(() => expect(host.toasts).toEqual([{ message: 'Could not create the look. Please try again.', isError: true }]));
  });

  it('shows the upgrade banner when the shop should upgrade', async () => {
    mockBackend();
    renderWithProviders(<LookNewPage />, { route: '/looks/new', shop: { shouldUpgradeToPaidPlan: true } });
    expect(await screen.findByText('Upgrade to activate more looks')).toBeInTheDocument();
  });

  it('preselects ?productLookId= and shows the exact message when it fails', async () => {
    mockBackend({
      'GET /productLooks/:id': ({ pathParams }) =>
        pathParams.id === '7'
          ? ok(lookDetail(storedLook({ id: 7, title: 'Seven', mainProduct: { itemId: 'gid://shopify/Product/9', title: 'Nine', image: '' }, active: false, relatedItems: [], tags: 'x' })))
          : fail(404, 'Look not found'),
    });
    const first = renderWithProviders(<LookNewPage />, { route: '/looks/new?productLookId=7' });
    expect(await screen.findByTestId('main-product-title')).toHaveTextContent('Nine');
    first.unmount();
    renderWithProviders(<LookNewPage />, { route: '/looks/new?productLookId=8' });
    expect(await screen.findByText('The look could not be loaded. Please select one below.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select main product' })).toBeInTheDocument();
  });

  it('pre-fills the discount defaults from a discount link', async () => {
    mockBackend({
      'GET /productLooks/discountDefaults': ({ params }) =>
        ok({ mainProduct: { itemId: `gid://shopify/Product/${params.get('productId')}`, title: 'Linked', image: '/files/catalog/l.jpg', selectedMainImage: '/files/catalog/l.jpg', productImages: ['/files/catalog/l.jpg'] } }),
    });
    renderWithProviders(<LookNewPage />, { route: '/looks/new?discount=1&productId=1005' });
    expect(await screen.findByTestId('main-product-title')).toHaveTextContent('Linked');
    expect(screen.getByLabelText('Offer a discount when the look is bought together')).toBeChecked();
    expect(screen.getByLabelText('Discount value')).toHaveValue(10);
    expect(screen.getByLabelText('Status')).toHaveValue('active');
  });
});
