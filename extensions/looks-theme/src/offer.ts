import { $, $$, attr, on } from './dom';

/** A look's products a shopper has in the cart, by their numeric id (the sl-discount snippet's `data-sl-owned`). */
const tail = (id: string | null) => (id || '').split('/').pop() || '';

/**
 * Shows the offer (snippets/sl-discount.liquid) for `count` products of the look in the cart: the tier
 * met is marked, and of the next-tier lines the snippet rendered (one per count, `data-sl-at`) only
 * this count's shows.
 */
export function showOffer(offer: Element, count: number): void {
  let met = 0;
  const tiers = $$(offer, '.sl-tier');
  tiers.forEach((li) => {
    const quantity = Number(attr(li, 'data-sl-tier'));
    if (quantity <= count) met = quantity;
  });
  tiers.forEach((li) => li.classList.toggle('is-met', Number(attr(li, 'data-sl-tier')) === met));
  $$(offer, '.sl-next-tier').forEach((p) => (p.hidden = attr(p, 'data-sl-at') !== String(count)));
  offer.setAttribute('data-sl-count', String(count));
}

/**
 * Keeps a widget's offer in step with the cart without a reload: an item the widget adds
 * (looks.js's `shoppable-looks:add-to-cart`) counts once, like the products the page had in the cart.
 */
export function wireOffer(w: Element): void {
  const offer = $(w, '.sl-offer');
  if (!offer || offer.hasAttribute('data-sl-ready')) return;
  offer.setAttribute('data-sl-ready', '1');
  const owned = new Set((attr(offer, 'data-sl-owned') || '').split(',').filter(Boolean));
  on<CustomEvent<{ items?: Array<{ id: unknown }> }>>(w, 'shoppable-looks:add-to-cart', (e) => {
    const items = $$(w, '.sl-item');
    ((e.detail && e.detail.items) || []).forEach((line) => {
      const item = items.find((el) => attr(el, 'data-sl-variant') === String(line.id));
      if (item) owned.add(tail(attr(item, 'data-sl-product')));
    });
    showOffer(offer, owned.size);
  });
}
