import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { settle } from '../../../test/settle';
import { mockBackend, ok } from '../../../test/fakeBackend';
import { generation, lookDetail, storedLook } from '../../../test/fixtures';
import { DEFAULT_LAYOUT_SETTINGS } from '../../../contracts/layout';
import { GALLERY_PAGE_SIZE, type ImageGeneration } from '../../../contracts/gallery';
import { paginationDetails } from '../../../contracts/api';
import LookEditPage, { preload } from '../LookEditPage';

jest.setTimeout(30_000);

const PANTS = 'gid://shopify/Product/2';
const BELT = 'gid://shopify/Product/3';
const SHOES = 'gid://shopify/Product/4';

const LOOK = storedLook({
  relatedItems: [
    { itemId: PANTS, title: 'Chino Pants', image: '', order: 0, type: 'product', markerX: 30, markerY: 35 },
    // Never placed (default centre) and not in the image: goes to the bottom row.
    { itemId: BELT, title: 'Belt', image: '', order: 1, type: 'product', markerX: 50, markerY: 50 },
    // Placed by the merchant and not in the image: keeps its marker.
    { itemId: SHOES, title: 'Shoes', image: '', order: 2, type: 'product', markerX: 12, markerY: 88 },
  ],
});

const COMPOSED = generation({
  id: 12,
  status: 'COMPLETED',
  generatedImageUrl: '/files/generated/1/12-1.jpg',
  completedAt: '2025-03-01T10:01:00Z',
  itemPositions: [
    {
      productId: 'gid://shopify/Product/1',
      x: 33.4,
      y: 38.2,
      source: 'composed',
      box: { left: 9, top: 14, width: 49, height: 49 },
    },
    { productId: PANTS, x: 74.6, y: 23.3, source: 'composed', box: { left: 60, top: 9, width: 29, height: 29 } },
  ],
});
const FAILED = generation({ id: 13, status: 'FAILED', errorMessage: 'boom' });
const OLD = generation({ id: 9, status: 'COMPLETED', generatedImageUrl: '/files/generated/1/9-1.jpg' });

function backend(list: ImageGeneration[] = [COMPOSED, FAILED, OLD]) {
  return mockBackend({
    'GET /productLooks/:id': ok(lookDetail(LOOK)),
    'GET /layout': ok({ ...DEFAULT_LAYOUT_SETTINGS, definedTemplate: 'shoppable' as const }),
    'GET /image-generations': ok({
      data: list,
      counts: { all: list.length, flat_lay: list.length, model: 0 },
      paginationDetails: paginationDetails(1, GALLERY_PAGE_SIZE, list.length),
    }),
    'PATCH /productLooks/:id': ({ body }) => ok(lookDetail({ ...LOOK, ...body })),
  });
}

const sliders = (axis: 'X' | 'Y') =>
  screen
    .getAllByLabelText(axis === 'X' ? 'Horizontal position (X)' : 'Vertical position (Y)')
    .map((s) => (s as HTMLInputElement).value);

const marker = (index: number) => screen.getByTestId(`hotspot-${index}`);

/** jsdom has no PointerEvent: a MouseEvent that carries a pointerId (clientX/Y as the browser's). */
class FakePointerEvent extends MouseEvent {
  pointerId: number;
  constructor(type: string, init: MouseEventInit & { pointerId?: number } = {}) {
    super(type, init);
    this.pointerId = init.pointerId ?? 1;
  }
}

beforeAll(() => {
  (window as unknown as { PointerEvent: typeof FakePointerEvent }).PointerEvent = FakePointerEvent;
});
afterAll(() => {
  delete (window as unknown as { PointerEvent?: unknown }).PointerEvent;
});
afterEach(() => jest.restoreAllMocks());

// The page's lazy parts (the markers' placement, …), loaded before it renders as the router loads them.
beforeAll(() => preload());

describe('look form: a generated image places the markers', () => {
  it('choosing a generated image makes it the look image, places the markers of its items, says so; the markers stay draggable and the save sends them', async () => {
    const api = backend();
    const user = userEvent.setup();
    renderWithProviders(<LookEditPage />, { route: '/looks/edit/5', path: '/looks/edit/:id' });
    expect(await screen.findByRole('heading', { name: 'Generated images' })).toBeInTheDocument();
    expect(api.callsTo('GET /image-generations')[0].params.get('productLookId')).toBe('5');
    // Finished images only: #12 and #9, not the failed #13.
    expect(screen.getByRole('button', { name: 'Use this image #12' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use this image #9' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use this image #13' })).toBeNull();
    expect(sliders('X')).toEqual(['30', '50', '12']);

    await user.click(screen.getByRole('button', { name: 'Use this image #12' }));

    expect(await screen.findByTestId('markers-placed-note')).toHaveTextContent(
      '1 marker was placed where the image shows the items. Drag them to adjust, then save. 1 item is not in the image: its marker is on the bottom row.',
    );
    // Pants from the image (rounded), the unplaced belt on the bottom row, the shoes where they were.
    expect(sliders('X')).toEqual(['75', '50', '12']);
    expect(sliders('Y')).toEqual(['23', '92', '88']);
    const stage = screen.getByTestId('hotspot-stage');
    expect(within(stage).getByRole('img')).toHaveAttribute('src', '/files/generated/1/12-1.jpg');
    expect(marker(0)).toHaveStyle({ left: '75%', top: '23%' });
    expect(screen.getByRole('button', { name: 'In use #12' })).toHaveTextContent('In use');

    // Drag the pants' marker: the stage is 400 × 200 px at (10, 20).
    jest.spyOn(stage, 'getBoundingClientRect').mockReturnValue({
      left: 10,
      top: 20,
      width: 400,
      height: 200,
      right: 410,
      bottom: 220,
      x: 10,
      y: 20,
      toJSON: () => ({}),
    });
    fireEvent.pointerDown(marker(0), { clientX: 310, clientY: 66, pointerId: 1 });
    fireEvent.pointerMove(marker(0), { clientX: 130, clientY: 100, pointerId: 1 });
    expect(sliders('X')[0]).toBe('30');
    expect(sliders('Y')[0]).toBe('40');
    fireEvent.pointerMove(marker(0), { clientX: 1000, clientY: -50, pointerId: 1 });
    fireEvent.pointerUp(marker(0), { clientX: 1000, clientY: -50, pointerId: 1 });
    // Clamped to the image.
    expect(sliders('X')[0]).toBe('100');
    expect(sliders('Y')[0]).toBe('0');
    // Moving the pointer after the drag ended moves nothing.
    fireEvent.pointerMove(marker(0), { clientX: 50, clientY: 50, pointerId: 1 });
    expect(sliders('X')[0]).toBe('100');
    // Keyboard: arrows move by 1, Shift by 10.
    fireEvent.keyDown(marker(1), { key: 'ArrowLeft' });
    fireEvent.keyDown(marker(1), { key: 'ArrowUp', shiftKey: true });
    expect(sliders('X')[1]).toBe('49');
    expect(sliders('Y')[1]).toBe('82');
    // The sliders still edit the same markers.
    fireEvent.change(screen.getAllByLabelText('Horizontal position (X)')[2], { target: { value: '20' } });
    expect(marker(2)).toHaveStyle({ left: '20%', top: '88%' });

    await user.click(screen.getAllByRole('button', { name: 'Save' })[0]);
    await waitFor(() => expect(api.callsTo('PATCH /productLooks/:id')).toHaveLength(1));
    const { body } = api.callsTo('PATCH /productLooks/:id')[0];
    expect(body.mainProduct.selectedMainImage).toBe('/files/generated/1/12-1.jpg');
    expect(body.relatedItems.map((i) => [i.itemId, i.markerX, i.markerY])).toEqual([
      [PANTS, 100, 0],
      [BELT, 49, 82],
      [SHOES, 20, 88],
    ]);
  });

  it("each image button's accessible name contains its visible text (In use #12, Use this image #9)", async () => {
    backend();
    const user = userEvent.setup();
    renderWithProviders(<LookEditPage />, { route: '/looks/edit/5', path: '/looks/edit/:id' });
    await user.click(await screen.findByRole('button', { name: 'Use this image #12' }));
    const inUse = await screen.findByRole('button', { name: 'In use #12' });
    expect(inUse).toHaveTextContent(/^In use$/);
    expect(inUse).toHaveAttribute('aria-pressed', 'true');
    const other = screen.getByRole('button', { name: 'Use this image #9' });
    expect(other).toHaveTextContent(/^Use this image$/);
    for (const button of [inUse, other]) expect(button.getAttribute('aria-label')).toContain(button.textContent);
    expect(screen.queryByRole('button', { name: 'Use this image #12' })).toBeNull();
  });

  it('an image without positions keeps the markers and says so', async () => {
    backend();
    const user = userEvent.setup();
    renderWithProviders(<LookEditPage />, { route: '/looks/edit/5', path: '/looks/edit/:id' });
    await user.click(await screen.findByRole('button', { name: 'Use this image #9' }));
    expect(await screen.findByTestId('markers-placed-note')).toHaveTextContent(
      'This image has no item positions, so the markers stay where they were.',
    );
    expect(sliders('X')).toEqual(['30', '50', '12']);
    expect(within(screen.getByTestId('hotspot-stage')).getByRole('img')).toHaveAttribute(
      'src',
      '/files/generated/1/9-1.jpg',
    );
  });

  it("the gallery's Use on look (?generation=12) chooses that image at once", async () => {
    backend();
    renderWithProviders(<LookEditPage />, { route: '/looks/edit/5?generation=12', path: '/looks/edit/:id' });
    expect(await screen.findByTestId('markers-placed-note')).toHaveTextContent('1 marker was placed');
    await waitFor(() => expect(sliders('X')).toEqual(['75', '50', '12']));
    expect(marker(0)).toHaveStyle({ left: '75%', top: '23%' });
    expect(within(screen.getByTestId('hotspot-stage')).getByRole('img')).toHaveAttribute(
      'src',
      '/files/generated/1/12-1.jpg',
    );
    expect(await screen.findByText('Unsaved changes')).toBeInTheDocument();
  });

  it('a look without generated images shows no image choice', async () => {
    const api = backend([FAILED]);
    renderWithProviders(<LookEditPage />, { route: '/looks/edit/5', path: '/looks/edit/:id' });
    await screen.findByRole('heading', { name: 'Summer in the City', level: 1 });
    await waitFor(() => expect(api.callsTo('GET /image-generations')).toHaveLength(1));
    await settle(50);
    expect(screen.queryByRole('heading', { name: 'Generated images' })).toBeNull();
  });
});
