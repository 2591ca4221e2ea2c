import type { WidgetConfig } from './config';
import { $, $$, attr, idOf, on, setAttr } from './dom';
import { track } from './funnel';

/**
 * Markers ↔ items: each marker (a button) controls its item (aria-controls); activating it highlights
 * the item, marks the marker expanded, scrolls the item into view and moves focus there; an item in
 * focus or under the pointer marks its marker active.
 */
export function wireHotspots(w: Element, c: WidgetConfig): void {
  // Markers are percentages of the image. Their box (.sl-pins, looks.css) takes the image's intrinsic
  // ratio once it is known: centred and at least the stage's size, it is then exactly the image as a
  // theme's `object-fit: cover` crops it (and the stage itself when nothing is cropped), at every width.
  const pins = $(w, '.sl-pins');
  const img = (pins && pins.previousSibling) as HTMLImageElement;
  const fit = () => img.naturalWidth && (pins!.style.aspectRatio = '' + img.naturalWidth / img.naturalHeight);
  if (img) {
    fit();
    on(img, 'load', fit);
  }
  const markers = $$(w, '.sl-marker');
  const itemOf = (m: Element) => $(w, `.sl-item[data-sl-index="${attr(m, 'data-sl-index')}"]`);
  markers.forEach((m) => {
    const item = itemOf(m);
    if (!item) return;
    setAttr(m, 'aria-controls', idOf(item));
    setAttr(m, 'aria-expanded', false);
    'mouseenter focusin mouseleave focusout'
      .split(' ')
      .forEach((type, i) => on(item, type, () => m.classList.toggle('is-active', i < 2)));
    on(m, 'click', () => {
      const open = attr(m, 'aria-expanded') !== 'true';
      markers.forEach((o) => setAttr(o, 'aria-expanded', false));
      $$(w, '.is-highlighted').forEach((i) => i.classList.remove('is-highlighted'));
      if (!open) return;
      setAttr(m, 'aria-expanded', true);
      item.classList.add('is-highlighted');
      item.tabIndex = -1;
      item.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      item.focus({ preventScroll: true });
      track(c, 'hotspot_click', attr(item, 'data-sl-product'));
    });
  });
}
