/**
 * @jest-environment jsdom
 */
import { wireOffer } from './offer';

/** looks-offer.js: the tiers and the next-tier line follow what the widget adds to the cart. */
describe('looks-offer.js', () => {
  const visibleNext = () =>
    [...document.querySelectorAll<HTMLElement>('.sl-next-tier')].filter((p) => !p.hidden).map((p) => p.textContent);
  const met = () => [...document.querySelectorAll('.sl-tier.is-met')].map((li) => li.getAttribute('data-sl-tier'));
  const add = (ids: unknown[]) =>
    document.querySelector('.sl-widget')!.dispatchEvent(
      new CustomEvent('shoppable-looks:add-to-cart', {
        bubbles: true,
        detail: { lookId: 7, items: ids.map((id) => ({ id, quantity: 1 })) },
      }),
    );

  beforeEach(() => {
    document.body.innerHTML = `<section class="sl-widget" data-sl-look="7">
<div class="sl-offer" data-sl-count="1" data-sl-owned="2000,">
<ul class="sl-tiers"><li class="sl-tier" data-sl-tier="2">Buy 2</li><li class="sl-tier" data-sl-tier="3">Buy 3</li></ul>
<p class="sl-next-tier" data-sl-at="0" hidden>Add 2 more for 10 %</p><p class="sl-next-tier" data-sl-at="1">Add 1 more for 10 %</p><p class="sl-next-tier" data-sl-at="2" hidden>Add 1 more for 15 %</p>
</div>
<article class="sl-item" data-sl-product="gid://shopify/Product/2001" data-sl-variant="31"></article>
<article class="sl-item" data-sl-product="gid://shopify/Product/2002" data-sl-variant="32"></article>
<article class="sl-item" data-sl-product="gid://shopify/Product/2000" data-sl-variant="30"></article>
</section>`;
    wireOffer(document.querySelector('.sl-widget')!);
  });

  it('an added item of the look moves to the next tier; the same product again, or an unknown line, does not', () => {
    expect(visibleNext()).toEqual(['Add 1 more for 10 %']);
    add([31]);
    expect(visibleNext()).toEqual(['Add 1 more for 15 %']);
    expect(met()).toEqual(['2']);
    add([31, 30, 999]);
    expect(visibleNext()).toEqual(['Add 1 more for 15 %']);
    add(['32']);
    expect(visibleNext()).toEqual([]);
    expect(met()).toEqual(['3']);
    expect(document.querySelector('.sl-offer')!.getAttribute('data-sl-count')).toBe('3');
  });

  it('wires a widget once', () => {
    wireOffer(document.querySelector('.sl-widget')!);
    add([31]);
    expect(document.querySelector('.sl-offer')!.getAttribute('data-sl-count')).toBe('2');
  });
});
