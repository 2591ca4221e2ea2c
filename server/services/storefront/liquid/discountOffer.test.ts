import { fixtureConfig, fixtureLiveProducts, fixtureLook, renderFixture } from './fixtures';
import { liveProduct } from './objects';
import type { StorefrontConfig, StorefrontLook } from '../../../../src/contracts/storefront';

/** The look block's offer (snippets/sl-discount.liquid): the complete look, the tiers, the next tier and combinations. */
const offerOf = (html: string) => /<div class="sl-offer"[\s\S]*?<\/div>/.exec(html)?.[0] ?? null;
/** The visible text, line by line (the next-tier lines for other counts are hidden; looks-offer.js shows them). */
const text = (html: string | null) =>
  (html ?? '')
    .replace(/<p [^>]*hidden>[^<]*<\/p>/g, '')
    .replace(/<script[^>]*><\/script>/g, '')
    .replace(/<[^>]+>/g, '|')
    .replace(/\|+/g, '|')
    .replace(/\s+/g, ' ');

const tiers = [
  { quantity: 2, percentage: 10 },
  { quantity: 3, percentage: 15 },
];
const look = (discount: Partial<NonNullable<StorefrontLook['discount']>> = {}) =>
  fixtureLook({ discount: { label: 'Deal', text: '', type: 'percentage', value: 20, tiers, ...discount } });
const config = (
  locale: StorefrontConfig['settings']['locale'] = 'en',
  productDiscounts?: boolean,
  currency = 'USD',
): StorefrontConfig => ({
  ...fixtureConfig({ definedTemplate: 'inpage' }, { locale }),
  currency,
  booster: {
    ...fixtureConfig().booster,
    ...(productDiscounts === undefined
      ? {}
      : { bundleDiscountCombinesWith: { productDiscounts, orderDiscounts: true, shippingDiscounts: true } }),
  },
});

/** Renders with these products of the look (by index: 0 the main product, 1… its items) in the cart. */
async function render(l: StorefrontLook, c: StorefrontConfig, inCart: number[] = [], cartCurrency?: string) {
  const live = fixtureLiveProducts(l);
  const main = liveProduct({
    gid: l.mainProduct.productId,
    handle: l.mainProduct.handle,
    title: 'Main',
    url: '/',
    price: 50,
    compareAtPrice: null,
    available: true,
    image: null,
  });
  const cartProducts = inCart.map((i) => (i === 0 ? main : live[i - 1]));
  const html = await renderFixture({
    look: l,
    config: c,
    extra: { cartProducts, ...(cartCurrency ? { currency: cartCurrency } : {}) },
  });
  return html;
}

jest.setTimeout(30_000);

describe('the look block says what the shopper gets', () => {
  it('the complete look, each tier, and the next tier from an empty cart', async () => {
    const offer = offerOf(await render(look(), config()));
    expect(text(offer)).toBe(
      '|Save 20 % when you buy the complete look|Buy 2, save 10 %|Buy 3, save 15 %|Add 2 more for 10 %|',
    );
    expect(offer).toContain('data-sl-count="0"');
    expect(offer).not.toContain('is-met');
    // The lines looks-offer.js shows as the cart fills, one per count below the top tier.
    expect(
      [...offer!.matchAll(/<p class="sl-next-tier" data-sl-at="(\d)"( hidden)?>([^<]*)<\/p>/g)].map((m) => [
        m[1],
        !!m[2],
        m[3],
      ]),
    ).toEqual([
      ['0', false, 'Add 2 more for 10 %'],
      ['1', true, 'Add 1 more for 10 %'],
      ['2', true, 'Add 1 more for 15 %'],
    ]);
    expect(offer).toContain('looks-offer.js');
  });

  it('counts the look products already in the cart (once each): the tier met is marked, the next one named', async () => {
    const one = offerOf(await render(look(), config(), [1]));
    expect(text(one)).toContain('|Add 1 more for 10 %|');
    const two = offerOf(await render(look(), config(), [0, 2, 2]));
    expect(two).toContain('data-sl-count="2" data-sl-owned="2000,2002,"');
    expect(two).toContain('<li class="sl-tier is-met" data-sl-tier="2">Buy 2, save 10 %</li>');
    expect(text(two)).toContain('|Add 1 more for 15 %|');
    const all = offerOf(await render(look(), config(), [0, 1, 2, 3]));
    expect(all).toContain('<li class="sl-tier is-met" data-sl-tier="3">');
    expect(text(all)).not.toContain('more for');
  });

  it('says when the bundle does not combine with other product discounts (the booster), and only then', async () => {
    expect(text(offerOf(await render(look(), config('en', false))))).toContain(
      '|Not combinable with other product discounts|',
    );
    expect(offerOf(await render(look(), config('en', true)))).not.toContain('sl-not-combinable');
    expect(offerOf(await render(look(), config('en')))).not.toContain('sl-not-combinable');
  });

  it('a fixed amount in the shop currency; in another currency without the amount; no tiers, no tier lines', async () => {
    const fixed = look({ type: 'fixed', value: 12.5, tiers: undefined });
    expect(text(offerOf(await render(fixed, config())))).toBe('|Save $12.50 when you buy the complete look|');
    expect(text(offerOf(await render(fixed, config(), [], 'EUR')))).toBe('|Save when you buy the complete look|');
    expect(text(offerOf(await render(look({ value: 0 }), config())))).toBe(
      '|Buy 2, save 10 %|Buy 3, save 15 %|Add 2 more for 10 %|',
    );
    expect(offerOf(await render(fixtureLook({ discount: null }), config()))).toBeNull();
  });

  it.each([
    [
      'de',
      '|Spare 20 %, wenn du den kompletten Look kaufst|Kaufe 2, spare 10 %|Kaufe 3, spare 15 %|Noch 1 Artikel mehr für 10 %|Nicht mit anderen Produktrabatten kombinierbar|',
    ],
    [
      'fr',
      '|Économisez 20 % en achetant le look complet|Achetez-en 2, économisez 10 %|Achetez-en 3, économisez 15 %|Ajoutez 1 article de plus pour 10 %|Non cumulable avec d’autres remises sur les produits|',
    ],
    [
      'it',
      '|Risparmia il 20% acquistando il look completo|Acquistane 2, risparmia il 10%|Acquistane 3, risparmia il 15%|Aggiungi ancora 1 articolo per il 10%|Non cumulabile con altri sconti sui prodotti|',
    ],
    [
      'es',
      '|Ahorra un 20 % al comprar el look completo|Compra 2 y ahorra un 10 %|Compra 3 y ahorra un 15 %|Añade 1 artículo más para un 10 %|No combinable con otros descuentos de productos|',
    ],
  ] as const)('in %s', async (locale, expected) => {
    expect(text(offerOf(await render(look(), config(locale, false), [1])))).toBe(expected);
  });
});
