import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/renderWithProviders';
import { createFakeHost } from '../../test/fakeHost';
import { initTracker, resetTracker } from '../../analytics/tracker';
import { fail, mockBackend, ok, type Routes } from '../../test/fakeBackend';
import { DEFAULT_LAYOUT_SETTINGS } from '../../contracts/layout';
import { lookDetail, storedLook } from '../../test/fixtures';
import LookNewPage from './LookNewPage';

const product = (n: number, images = [`/files/catalog/p${n}-1.jpg`, `/files/catalog/p${n}-2.jpg`]) => ({
  id: `gid://shopify/Product/${n}`,
  title: `Product ${n}`,
  images: images.map((originalSrc) => ({ originalSrc })),
});

/** The look form asks for the layout (marker settings show for the shoppable template). */
const LAYOUT: Routes = { 'GET /layout': ok(DEFAULT_LAYOUT_SETTINGS) };

// Form pages render all of Polaris; give slow (shared) machines time.
jest.setTimeout(30_000);

afterEach(() => {
  jest.restoreAllMocks();
  resetTracker();
});

describe('LookNewPage', () => {
  it('shows the translated errors only after a submit attempt', async () => {
    const { calls } = mockBackend(LAYOUT);
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
    const api = mockBackend({ ...LAYOUT, 'POST /productLooks': ok({ id: 42, look: storedLook({ id: 42 }) }, 201) });
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
      {
        itemId: 'gid://shopify/Product/2',
        title: 'Product 2',
        image: '/files/catalog/p2-1.jpg',
        order: 0,
        type: 'product',
        markerX: 50,
        markerY: 50,
      },
    ]);
    expect(body).toMatchObject({ active: false, tags: 'summer', markerColor: '1A1A1A' });
    expect(host.toasts).toContainEqual({ message: 'Look created', isError: false });
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'look_created', properties: expect.objectContaining({ id: 42 }) }),
    );
  });

  it('shows the upgrade notice with a link to the plans on planUpgrade.is_required, a toast on other errors', async () => {
    let answer = fail(403, 'limit', { code: 'planUpgrade.is_required' });
    mockBackend({ ...LAYOUT, 'POST /productLooks': () => answer });
    const host = createFakeHost();
    const user = userEvent.setup();
    renderWithProviders(<LookNewPage />, { route: '/looks/new', host });
    host.nextPick = [product(1)];
    await user.click(await screen.findByRole('button', { name: 'Select main product' }));
    host.nextPick = [product(2)];
    await user.click(screen.getByRole('button', { name: 'Add products' }));
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]);
    const notice = await screen.findByTestId('upgrade-notice');
    expect(
      within(notice.closest('.Polaris-Banner') as HTMLElement).getByRole('button', { name: 'See plans' }),
    ).toBeInTheDocument();
    expect(host.toasts).toEqual([]);

    answer = fail(500, 'boom');
    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]);
    await waitFor(() =>
      expect(host.toasts).toEqual([{ message: 'Could not create the look. Please try again.', isError: true }]),
    );
  });

  it('shows the upgrade banner when the shop should upgrade, saying why the look is saved as a draft', async () => {
    mockBackend(LAYOUT);
    renderWithProviders(<LookNewPage />, { route: '/looks/new', shop: { shouldUpgradeToPaidPlan: true } });
    expect(await screen.findByText('Upgrade to activate more looks')).toBeInTheDocument();
    expect(screen.getByTestId('upgrade-notice')).toHaveTextContent(
      /so this look will be saved as a draft: it is kept, but not shown in your store/,
    );
    expect(screen.getByLabelText('Status')).toHaveValue('draft');
    expect(screen.getByText(/Your plan's active looks are all in use, so this look stays a draft/)).toBeInTheDocument();
  });

  it('with room on the plan: no upgrade banner and the plain status help', async () => {
    mockBackend(LAYOUT);
    renderWithProviders(<LookNewPage />, { route: '/looks/new' });
    expect(await screen.findByText('Active looks are shown in your store.')).toBeInTheDocument();
    expect(screen.queryByText('Upgrade to activate more looks')).toBeNull();
    expect(screen.queryByText(/are all in use/)).toBeNull();
  });

  it('preselects ?productLookId= and shows the exact message when it fails', async () => {
    mockBackend({
      ...LAYOUT,
      'GET /productLooks/:id': ({ pathParams }) =>
        pathParams.id === '7'
          ? ok(
              lookDetail(
                storedLook({
                  id: 7,
                  title: 'Seven',
                  mainProduct: { itemId: 'gid://shopify/Product/9', title: 'Nine', image: '' },
                  active: false,
                  relatedItems: [],
                  tags: 'x',
                }),
              ),
            )
          : fail(404, 'Look not found'),
    });
    const first = renderWithProviders(<LookNewPage />, { route: '/looks/new?productLookId=7' });
    expect(await screen.findByTestId('main-product-title')).toHaveTextContent('Nine');
    first.unmount();
    renderWithProviders(<LookNewPage />, { route: '/looks/new?productLookId=8' });
    expect(await screen.findByText('Failed to load product look. Please select one below.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select main product' })).toBeInTheDocument();
  });

  it('pre-fills the discount defaults from a discount link', async () => {
    mockBackend({
      ...LAYOUT,
      'GET /productLooks/discountDefaults': ({ params }) =>
        ok({
          mainProduct: {
            itemId: `gid://shopify/Product/${params.get('productId')}`,
            title: 'Linked',
            image: '/files/catalog/l.jpg',
            selectedMainImage: '/files/catalog/l.jpg',
            productImages: ['/files/catalog/l.jpg'],
          },
        }),
    });
    renderWithProviders(<LookNewPage />, { route: '/looks/new?discount=1&productId=1005' });
    expect(await screen.findByTestId('main-product-title')).toHaveTextContent('Linked');
    expect(screen.getByLabelText('Offer a discount when the look is bought together')).toBeChecked();
    // The discount's details load once the look offers one (DiscountSection).
    expect(await screen.findByLabelText('Discount value')).toHaveValue(10);
    expect(screen.getByLabelText('Status')).toHaveValue('active');
  });

  it('a discount link on a full plan starts as a draft, as the upgrade banner says', async () => {
    mockBackend({
      ...LAYOUT,
      'GET /productLooks/discountDefaults': ok({
        mainProduct: {
          itemId: 'gid://shopify/Product/1005',
          title: 'Linked',
          image: '',
          selectedMainImage: null,
          productImages: [],
        },
      }),
    });
    renderWithProviders(<LookNewPage />, {
      route: '/looks/new?discount=1&productId=1005',
      shop: { shouldUpgradeToPaidPlan: true },
    });
    expect(await screen.findByTestId('main-product-title')).toHaveTextContent('Linked');
    expect(screen.getByText('Upgrade to activate more looks')).toBeInTheDocument();
    expect(screen.getByLabelText('Status')).toHaveValue('draft');
    expect(screen.getByLabelText('Offer a discount when the look is bought together')).toBeChecked();
  });

  it('a failing layout call is a load error with a retry, not a form without its marker settings', async () => {
    let failing = true;
    const api = mockBackend({
      'GET /layout': () =>
        failing ? fail(500) : ok({ ...DEFAULT_LAYOUT_SETTINGS, definedTemplate: 'shoppable' as const }),
    });
    const user = userEvent.setup();
    renderWithProviders(<LookNewPage />, { route: '/looks/new', shop: { shouldUpgradeToPaidPlan: true } });
    expect(await screen.findByText("We couldn't load this page")).toBeInTheDocument();
    expect(screen.queryByText('Upgrade to activate more looks')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Select main product' })).toBeNull();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Select main product' })).toBeInTheDocument();
    expect(await screen.findByText('Marker settings')).toBeInTheDocument();
    expect(api.callsTo('GET /layout')).toHaveLength(2);
  });

  it.each([
    ['a discount link', '/looks/new?discount=1&productId=1005', 'GET /productLooks/discountDefaults'],
    ['a look to start from', '/looks/new?productLookId=7', 'GET /productLooks/:id'],
  ] as const)('a failing call for %s is a load error with a retry, not "not found"', async (_name, route, key) => {
    let failing = true;
    const api = mockBackend({
      ...LAYOUT,
      'GET /productLooks/discountDefaults': () =>
        failing
          ? fail(500)
          : ok({
              mainProduct: {
                itemId: 'gid://shopify/Product/1005',
                title: 'Linked',
                image: '',
                selectedMainImage: null,
                productImages: [],
              },
            }),
      'GET /productLooks/:id': () =>
        failing
          ? fail(500)
          : ok(
              lookDetail(
                storedLook({ id: 7, mainProduct: { itemId: 'gid://shopify/Product/9', title: 'Linked', image: '' } }),
              ),
            ),
    });
    const user = userEvent.setup();
    renderWithProviders(<LookNewPage />, { route });
    expect(await screen.findByText("We couldn't load this page")).toBeInTheDocument();
    expect(screen.queryByText(/could not be (found|loaded)\. Please select one below/)).toBeNull();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('main-product-title')).toHaveTextContent('Linked');
    expect(api.callsTo(key)).toHaveLength(2);
  });
});
