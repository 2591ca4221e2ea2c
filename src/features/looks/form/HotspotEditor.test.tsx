import { screen } from '@testing-library/react';
import { Form } from 'react-final-form';
import { renderWithProviders } from '../../../test/renderWithProviders';
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

function renderEditor(relatedItems: LookRelatedItem[]) {
  const initialValues = {
    mainProduct: { itemId: 'gid://shopify/Product/1', title: 'Jacket', image: '/files/look.jpg' },
    relatedItems,
    markerColor: '1A1A1A',
  } as Partial<LookFormValues>;
  return renderWithProviders(
    <Form<LookFormValues> onSubmit={() => undefined} initialValues={initialValues}>
      {() => <HotspotEditor />}
    </Form>,
  );
}

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

});
