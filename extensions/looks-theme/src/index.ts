/**
 * Shoppable Looks storefront script (theme app extension asset looks.js; the demo storefront loads the
 * same file). It reads the DOM contract of the blocks (`.sl-widget`, `sl-*` classes, `data-sl-*`, one
 * `.sl-config` JSON per widget) and wires hotspots, popup, carousel, variants, add to cart and the
 * funnel. Data is only ever written with textContent.
 */
import { readConfig } from './config';
import { $, attr, on } from './dom';
import { initConsent } from './consent';
import { observe, track } from './funnel';
import { addToCart, lineOf, linesFor } from './cart';
import { wireHotspots } from './hotspots';
import { wirePopup } from './popup';
import { wireCarousel } from './carousel';
import { wireVariants } from './variants';
import { place } from './place';

function wire(w: HTMLElement): void {
  if (w.hasAttribute('data-sl-ready')) return;
  w.setAttribute('data-sl-ready', '1');
  const c = readConfig(w);
  place(w, c);
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
  if ($(w, '.sl-popup')) wirePopup(w, c, (panel) => observe(panel, c));
  else observe(w, c);
}

function init(): void {
  initConsent();
  document.querySelectorAll<HTMLElement>('.sl-widget').forEach(wire);
}

if (document.readyState === 'loading') on(document, 'DOMContentLoaded', init);
else init();
