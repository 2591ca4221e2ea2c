import type { StorefrontAlternative } from '../../../../src/contracts/storefront';
import { fixtureConfig, fixtureItem, fixtureLiveProducts, fixtureLook, renderFixture } from './fixtures';
import { liveProduct } from './objects';

/** Sold-out items in the look block (issue 28 §4): marked, never added, replaced by their alternative. */

jest.setTimeout(30_000);

const cardOf = (html: string, productId: string) =>
  new RegExp(
    `<(article|div) class="sl-(?:line sl-)?item[^"]*"[^>]*data-sl-product="${productId}"[\\s\\S]*?</\\1>`,
  ).exec(html)?.[0] ?? '';

const alternative = (n: number, available = true): StorefrontAlternative => {
  const { markerX: _x, markerY: _y, ...item } = fixtureItem(n, { available });
  return item;
};
const liveOf = (a: StorefrontAlternative) =>
  liveProduct({
    gid: a.productId,
    handle: a.handle,
    title: a.title,
    url: a.url,
    price: a.price,
    compareAtPrice: a.compareAtPrice,
    available: a.available,
    image: a.image,
    variantId: a.variantId,
  });

describe('sold-out items in the look block', () => {
  it('marks a sold-out item, gives it no add button and says the complete-look discount applies to the available items', async () => {
    // fixtureLook: item 3 is sold out (its live product too), the look has a discount.
    const html = await renderFixture({ look: fixtureLook(), config: fixtureConfig({ definedTemplate: 'full_width' }) });
    const card = cardOf(html, 'gid://shopify/Product/2003');
    expect(card).toContain('class="sl-item is-sold-out"');
    expect(card).toContain('<button type="button" class="sl-atc" disabled>Sold out</button>');
    expect(cardOf(html, 'gid://shopify/Product/2001')).not.toContain('is-sold-out');
    expect(html).toContain(
      '<p class="sl-stock-note">Some items are sold out: the complete-look discount applies to the available items.</p>',
    );
  });

  it('says nothing of stock when every item is available, or the look has no discount', async () => {
    const available = fixtureLook({ items: [fixtureItem(1), fixtureItem(2)] });
    expect(await renderFixture({ look: available, config: fixtureConfig() })).not.toContain('sl-stock-note');
    expect(await renderFixture({ look: fixtureLook({ discount: null }), config: fixtureConfig() })).not.toContain(
      'sl-stock-note',
    );
  });

  it('the note follows the shopper language (theme locales)', async () => {
    const html = await renderFixture({ look: fixtureLook(), config: fixtureConfig({}, { locale: 'de' }) });
    expect(html).toContain('Einige Artikel sind ausverkauft');
  });

  it("shows a sold-out item's alternative in its place, added as the alternative, at the item's marker", async () => {
    const alt = alternative(9);
    const look = fixtureLook({ items: [fixtureItem(1), fixtureItem(3, { alternative: alt })] });
    const products = [...fixtureLiveProducts(look), liveOf(alt)];
    for (const template of ['full_width', 'shoppable', 'line_items'] as const) {
      const html = await renderFixture({
        look,
        config: fixtureConfig({ definedTemplate: template }),
        extra: { products },
      });
      expect(cardOf(html, 'gid://shopify/Product/2003')).toBe('');
      const card = cardOf(html, 'gid://shopify/Product/2009');
      expect(card).toContain('data-sl-variant="3009"');
      expect(card).toContain('In place of Item 3 (sold out)');
      expect(card).not.toContain('is-sold-out');
      // Every item can be sold: no stock note.
      expect(html).not.toContain('sl-stock-note');
      if (template === 'shoppable') expect(html).toContain('style="left:60%;top:45%" aria-label="Item 2: Item 9"');
    }
  });

  it('an available item keeps its place; a sold-out alternative is not shown', async () => {
    const inStock = fixtureLook({ items: [fixtureItem(1, { alternative: alternative(9) })] });
    const html = await renderFixture({
      look: inStock,
      config: fixtureConfig(),
      extra: { products: [...fixtureLiveProducts(inStock), liveOf(alternative(9))] },
    });
    expect(cardOf(html, 'gid://shopify/Product/2001')).not.toBe('');
    expect(html).not.toContain('gid://shopify/Product/2009');

    const soldOutAlt = alternative(9, false);
    const both = fixtureLook({ items: [fixtureItem(3, { alternative: soldOutAlt })] });
    const out = await renderFixture({
      look: both,
      config: fixtureConfig(),
      extra: { products: [...fixtureLiveProducts(both), liveOf(soldOutAlt)] },
    });
    expect(cardOf(out, 'gid://shopify/Product/2003')).toContain('is-sold-out');
    expect(out).not.toContain('gid://shopify/Product/2009');
  });

  it('the live availability wins over the stored one (the alternative is sold out live)', async () => {
    const alt = alternative(9, true);
    const look = fixtureLook({ items: [fixtureItem(3, { alternative: alt })] });
    const html = await renderFixture({
      look,
      config: fixtureConfig(),
      extra: { products: [...fixtureLiveProducts(look), liveOf({ ...alt, available: false })] },
    });
    expect(cardOf(html, 'gid://shopify/Product/2003')).toContain('is-sold-out');
  });

  it('hides sold-out items when the shop asks, and still says the discount applies to the available items', async () => {
    const html = await renderFixture({
      look: fixtureLook(),
      config: fixtureConfig({}, { autoHideOutOfStockItems: true }),
    });
    expect(html).not.toContain('gid://shopify/Product/2003');
    expect(html).toContain('sl-stock-note');
  });
});
