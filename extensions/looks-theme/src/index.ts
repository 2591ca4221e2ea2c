/**
 * Shoppable Looks storefront script (theme app extension asset looks.js; the demo storefront loads the
 * same file). It reads the DOM contract of the blocks (`.sl-widget`, `sl-*` classes, `data-sl-*`, one
 * `.sl-config` JSON per widget) and wires hotspots, carousel, variants, add to cart and the funnel
 * (the popup dialog is looks-popup.js, loaded only with a popup). Data is only ever written with textContent.
 */
import { readConfig, type WidgetConfig } from './config';
import { $, attr, on } from './dom';
import { initConsent } from './consent';
import { observe, track } from './funnel';
import { addToCart, lineOf, linesFor } from './cart';
import { wireHotspots } from './hotspots';
import { wireCarousel } from './carousel';
import { wireVariants } from './variants';
import { place } from './place';

function wire(w: HTMLElement, c: WidgetConfig): void {
  if (w.hasAttribute('data-sl-ready')) return;
  w.setAttribute('data-sl-ready', '1');
  wireHotspots(w, c);
  wireVariants(w, c);
  wireCarousel(w);
  on(w, 'click', (e) => {
    const t = e.target as Element;
    const link = t.closest('.sl-item a[href]');
    if (link) return track(c, 'item_click', attr(link.closest('.sl-item'), 'data-sl-product'));
    const all = t.closest<HTMLElement>('.sl-add-all,.sl-add-selected');
    if (all) return void addToCart(w, c, linesFor(w, all.classList.contains('sl-add-selected')), all);
    const atc = t.closest<HTMLButtonElement>('.sl-atc');
    const item = atc && atc.closest('.sl-item');
    if (atc && item && !atc.disabled) void addToCart(w, c, [lineOf(item)], atc);
  });
  // The popup template's dialog is looks-popup.js's (popupMain.ts): its panel counts once opened
  // (`sl-open`), or at once when that script opened it before this one ran.
  const popup = $(w, '.sl-popup');
  if (!popup) return observe(w, c);
  on(w, 'sl-open', (e) => observe(e.target as Element, c));
  if (!popup.hidden) observe($(popup, '.sl-popup-panel') || popup, c);
}

/**
 * Widgets move to their placement at once (before the first paint: nothing shifts); the rest (handlers,
 * consent, funnel) waits for the next frame, so the script's work never holds up the page's first paint
 * (its product photo). A hidden tab has no frames: the timer wires it anyway.
 */
function init(): void {
  const widgets = [...document.querySelectorAll<HTMLElement>('.sl-widget')].map((w) => [w, readConfig(w)] as const);
  widgets.forEach(([w, c]) => place(w, c));
  let done = 0;
  const rest = () => done++ || (initConsent(), widgets.forEach(([w, c]) => wire(w, c)));
  requestAnimationFrame(() => setTimeout(rest));
  setTimeout(rest, 100);
}

if (document.readyState === 'loading') on(document, 'DOMContentLoaded', init);
else init();
