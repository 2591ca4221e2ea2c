import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, FormSpy, useForm } from 'react-final-form';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { fail, mockBackend, ok } from '../../../test/fakeBackend';
import type { GeneratedItemPosition } from '../../../contracts/hotspots';
import type { LookFormValues, LookRelatedItem } from '../../../contracts/looks';
import { HotspotEditor } from './HotspotEditor';

const item = (n: number, markerX: number, markerY: number): LookRelatedItem => ({
  itemId: `gid://shopify/Product/${n}`,
  title: `Item ${n}`,
  image: '',
  order: n,
  type: 'product',
  markerX,
  markerY,
});

/** A look image chosen in the form (an upload, a generated image): what the editor looks for products in. */
function ChooseImage({ url }: { url: string }) {
  const form = useForm<LookFormValues>();
  return (
    <button
      type="button"
      onClick={() => form.change('mainProduct', { ...form.getState().values.mainProduct, selectedMainImage: url })}
    >
      choose image
    </button>
  );
}

let values: Partial<LookFormValues> = {};
function renderEditor(relatedItems: LookRelatedItem[]) {
  const initialValues = {
    mainProduct: { itemId: 'gid://shopify/Product/1', title: 'Jacket', image: '/files/look.jpg' },
    relatedItems,
    markerColor: '1A1A1A',
  } as Partial<LookFormValues>;
  return renderWithProviders(
    <Form<LookFormValues> onSubmit={() => undefined} initialValues={initialValues}>
      {() => (
        <>
          <HotspotEditor />
          <ChooseImage url="/files/shops/1/uploads/photo.jpg" />
          <ChooseImage url="/files/shops/1/generated/7-1.jpg" />
          <FormSpy subscription={{ values: true }} onChange={(s) => (values = s.values)} />
        </>
      )}
    </Form>,
  );
}

const detected = (n: number, x: number, y: number): GeneratedItemPosition => ({
  productId: `gid://shopify/Product/${n}`,
  x,
  y,
  source: 'detected',
});
const markersOf = () => (values.relatedItems ?? []).map((i) => [i.markerX, i.markerY]);

const px = (value: string) => Number.parseFloat(value) || 0;
const CLIPS = /hidden|clip|auto|scroll/;

describe('HotspotEditor', () => {
  // jsdom lays nothing out, so this checks the styles that decide it: between a marker and the
  // frame nothing clips, and the frame's padding holds half a marker plus its 4 px focus ring on
  // every side. Pixel boxes (and no sideways scroll at 390 px) need a real browser.
  it('markers at 0 % and 100 % stay whole: nothing between them and the frame clips, and the frame pads the image by half a marker plus its focus ring', () => {
    renderEditor([item(2, 0, 100), item(3, 100, 0)]);
    const frame = screen.getByTestId('hotspot-frame');
    const stage = screen.getByTestId('hotspot-stage');
    expect(frame).toContainElement(stage);

    for (const index of [0, 1]) {
      const marker = screen.getByTestId(`hotspot-${index}`);
      // The stored positions are unchanged: the marker's centre sits on the image's edge.
      expect(marker).toHaveStyle(index === 0 ? { left: '0%', top: '100%' } : { left: '100%', top: '0%' });
      expect(marker.parentElement).toBe(stage);
      for (let el = marker.parentElement; el && el !== frame.parentElement; el = el.parentElement) {
        const style = getComputedStyle(el);
        expect(`${el.dataset.testid}: ${style.overflow} ${style.overflowX} ${style.overflowY}`).not.toMatch(CLIPS);
      }
      const reach = px(getComputedStyle(marker).width) / 2 + 4;
      expect(reach).toBeGreaterThanOrEqual(20);
      const frameStyle = getComputedStyle(frame);
      for (const side of ['paddingTop', 'paddingRight', 'paddingBottom', 'paddingLeft'] as const) {
        expect(px(frameStyle[side])).toBeGreaterThanOrEqual(reach);
      }
    }
  });

  it('a new look image is searched for the items; the found ones are dashed suggestions to accept one by one or all at once', async () => {
    const backend = mockBackend({
      'POST /productLooks/hotspots': ok({
        provider: 'openai' as const,
        positions: [detected(2, 20.4, 30.6), detected(4, 70, 80)],
      }),
    });
    const user = userEvent.setup();
    renderEditor([item(2, 50, 50), item(3, 50, 50), item(4, 50, 50)]);
    // The image the form opened with is not searched (each search is a paid request).
    expect(backend.callsTo('POST /productLooks/hotspots')).toHaveLength(0);
    await user.click(screen.getAllByText('choose image')[0]);
    await screen.findByText(
      '2 items were found in the image. Their suggested markers are dashed: accept them, drag them first, or remove them.',
    );
    expect(backend.callsTo('POST /productLooks/hotspots')[0].body).toEqual({
      imageUrl: '/files/shops/1/uploads/photo.jpg',
      products: [2, 3, 4].map((n) => ({ productId: `gid://shopify/Product/${n}`, title: `Item ${n}` })),
    });
    const ghost = screen.getByTestId('hotspot-suggestion-0');
    expect(ghost).toHaveAccessibleName('Suggested marker 1: Item 2, 20% across, 31% down');
    expect(ghost).toHaveClass('is-suggestion');
    expect(ghost).toHaveStyle({ left: '20%', top: '31%' });
    expect(screen.queryByTestId('hotspot-suggestion-1')).toBeNull(); // item 3 was not found
    expect(markersOf()).toEqual([
      [50, 50],
      [50, 50],
      [50, 50],
    ]); // nothing written before accepting

    // Moved by keyboard before it is accepted.
    ghost.focus();
    await user.keyboard('{Shift>}{ArrowRight}{/Shift}');
    expect(screen.getByTestId('hotspot-suggestion-0')).toHaveAccessibleName(
      'Suggested marker 1: Item 2, 30% across, 31% down',
    );
    await user.click(screen.getByRole('button', { name: 'Accept suggested marker 1: Item 2' }));
    expect(markersOf()).toEqual([
      [30, 31],
      [50, 50],
      [50, 50],
    ]);
    expect(screen.queryByTestId('hotspot-suggestion-0')).toBeNull();
    expect(screen.getByTestId('hotspot-0')).toHaveAccessibleName('Marker 1: Item 2, 30% across, 31% down');

    await user.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(markersOf()).toEqual([
      [30, 31],
      [50, 50],
      [70, 80],
    ]);
    expect(within(screen.getByTestId('hotspot-stage')).queryAllByRole('button', { name: /^Suggested/ })).toHaveLength(
      0,
    );
  });

  it('a removed suggestion leaves its marker; "Find products in the image" searches the current image again', async () => {
    const backend = mockBackend({
      'POST /productLooks/hotspots': ok({
        provider: 'gemini' as const,
        positions: [detected(2, 10, 10), detected(3, 90, 90)],
      }),
    });
    const user = userEvent.setup();
    renderEditor([item(2, 40, 40), item(3, 60, 60)]);
    await user.click(screen.getByRole('button', { name: 'Find products in the image' }));
    await user.click(await screen.findByRole('button', { name: 'Remove suggested marker 1: Item 2' }));
    expect(screen.queryByTestId('hotspot-suggestion-0')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Accept all' }));
    expect(markersOf()).toEqual([
      [40, 40],
      [90, 90],
    ]);
    expect(backend.callsTo('POST /productLooks/hotspots')[0].body.imageUrl).toBe('/files/look.jpg');
  });

  it('without an image provider nothing is suggested and the markers stay; a failed search shows the server message', async () => {
    mockBackend({ 'POST /productLooks/hotspots': ok({ provider: 'local' as const, positions: [] }) });
    const user = userEvent.setup();
    renderEditor([item(2, 40, 40)]);
    await user.click(screen.getAllByText('choose image')[0]);
    await screen.findByText(/needs an image provider/);
    expect(markersOf()).toEqual([[40, 40]]);
    expect(screen.queryByTestId('hotspot-suggestion-0')).toBeNull();

    mockBackend({
      'POST /productLooks/hotspots': fail(
        502,
        'The image provider is busy right now. Place the markers by hand, or try again later.',
      ),
    });
    await user.click(screen.getByRole('button', { name: 'Find products in the image' }));
    await screen.findByText('The image provider is busy right now. Place the markers by hand, or try again later.');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Find products in the image' })).toBeEnabled());
    expect(markersOf()).toEqual([[40, 40]]);
  });
  it('a generated image (it brings its own positions) is not searched by itself, only on request', async () => {
    const backend = mockBackend({
      'POST /productLooks/hotspots': ok({ provider: 'openai' as const, positions: [detected(2, 25, 25)] }),
    });
    const user = userEvent.setup();
    renderEditor([item(2, 40, 40)]);
    await user.click(screen.getAllByText('choose image')[1]);
    expect(screen.getByTestId('hotspot-stage').querySelector('img')).toHaveAttribute(
      'src',
      '/files/shops/1/generated/7-1.jpg',
    );
    await user.click(screen.getByRole('button', { name: 'Find products in the image' }));
    await screen.findByTestId('hotspot-suggestion-0');
    expect(backend.callsTo('POST /productLooks/hotspots').map((c) => c.body.imageUrl)).toEqual([
      '/files/shops/1/generated/7-1.jpg',
    ]);
  });
});
