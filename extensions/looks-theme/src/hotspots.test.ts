/**
 * @jest-environment jsdom
 */
import { wireHotspots } from './hotspots';

const widget = (image = '<img class="sl-main" src="/look.jpg" width="1000" height="1000">') => {
  document.body.innerHTML = `<section class="sl-widget"><div class="sl-stage">${image}<div class="sl-pins">
<button type="button" class="sl-marker" data-sl-index="0" style="left:25%;top:40%">1</button></div></div>
<div class="sl-list"><article class="sl-item" data-sl-index="0" data-sl-product="p1"></article></div></section>`;
  return document.querySelector<HTMLElement>('.sl-widget')!;
};
const natural = (img: HTMLImageElement, width: number, height: number) => {
  Object.defineProperty(img, 'naturalWidth', { value: width, configurable: true });
  Object.defineProperty(img, 'naturalHeight', { value: height, configurable: true });
};

describe('the markers box follows the image (a theme may crop it with object-fit: cover)', () => {
  it('takes the intrinsic ratio once the image has loaded', () => {
    const w = widget();
    wireHotspots(w, { lookId: 1, preview: true });
    const pins = w.querySelector<HTMLElement>('.sl-pins')!;
    expect(pins.style.aspectRatio).toBeFalsy();
    const img = w.querySelector('img')!;
    natural(img, 1600, 900);
    img.dispatchEvent(new Event('load'));
    expect(Number(pins.style.aspectRatio)).toBeCloseTo(16 / 9, 5);
  });

  it('takes it at once from an image that had loaded before the script ran', () => {
    const w = widget();
    natural(w.querySelector('img')!, 800, 1200);
    wireHotspots(w, { lookId: 1, preview: true });
    expect(Number(w.querySelector<HTMLElement>('.sl-pins')!.style.aspectRatio)).toBeCloseTo(2 / 3, 5);
  });

  it('leaves the box as the stage without an image, and still wires the markers', () => {
    const w = widget('<div class="sl-main sl-noimg"></div>');
    wireHotspots(w, { lookId: 1, preview: true });
    expect(w.querySelector<HTMLElement>('.sl-pins')!.style.aspectRatio).toBeFalsy();
    const marker = w.querySelector('.sl-marker')!;
    expect(marker.getAttribute('aria-controls')).toBe(w.querySelector('.sl-item')!.id);
  });
});
