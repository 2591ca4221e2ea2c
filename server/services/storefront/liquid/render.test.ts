import { DEFINED_TEMPLATES, type DefinedTemplate } from '../../../../src/contracts/layout';
import { storefrontLiquid } from './engine';
import { fixtureConfig, fixtureGlobals, fixtureItem, fixtureLook, renderFixture, type FixtureRender } from './fixtures';
import { liveProduct, storefrontGlobals } from './objects';
import { XSS_PAYLOADS, xssContexts } from './xssCorpus';

/** The markup without the widget's style tag, for readable snapshots. */
const markup = (html: string) => html.replace(/<style class="sl-style">[\s\S]*?<\/style>/g, '<style/>');
const configOf = (html: string) =>
  JSON.parse(/<script type="application\/json" class="sl-config">(.*?)<\/script>/s.exec(html)![1]);
const render = (
  layout: Parameters<typeof fixtureConfig>[0] = {},
  settings: Parameters<typeof fixtureConfig>[1] = {},
  extra: Partial<FixtureRender> = {},
) => renderFixture({ ...extra, look: fixtureLook(extra.look), config: fixtureConfig(layout, settings) });
const name = (t: DefinedTemplate) => t || 'popup';

jest.setTimeout(30_000);

describe('the shoppable look block (Liquid)', () => {
  it.each(DEFINED_TEMPLATES.map((t) => [name(t), t] as const))('renders the %s template', async (_name, template) => {
    const html = await render({ definedTemplate: template });
    expect(html.match(/class="sl-widget /g)).toHaveLength(1);
    expect(html).toContain(`data-sl-template="${name(template)}"`);
    expect(configOf(html).template).toBe(name(template));
    expect(markup(html)).toMatchSnapshot();
  });

  it('every template has its own structure', async () => {
    const bodies = await Promise.all(
      DEFINED_TEMPLATES.map(async (t) =>
        markup(await render({ definedTemplate: t })).replace(/sl-t-\w+|data-sl-template="\w*"|"template":"\w+"/g, ''),
      ),
    );
    expect(new Set(bodies).size).toBeGreaterThanOrEqual(5);
    expect(await render({ definedTemplate: 'shoppable' })).toContain('class="sl-marker"');
    expect(await render({ definedTemplate: 'line_items' })).toContain('sl-line-check');
    expect(await render({ definedTemplate: 'inpage_r' })).toContain('sl-track');
    expect(await render({ definedTemplate: 'full_width' })).toContain('sl-add-all');
  });

  it('places markers at markerX/markerY in markerColor, numbered, with a contrasting ink (WCAG luminance)', async () => {
    const html = await render({ definedTemplate: 'shoppable' });
    expect(html).toContain('style="left:20%;top:15%"');
    expect(html).toContain('aria-label="Item 1: Item 1">1</button>');
    expect(html).toContain('--sl-marker:#FF0000;--sl-marker-ink:#FFFFFF;--sl-marker-ring:#FFFFFF');
    const ink = async (markerColor: string) =>
      /--sl-marker-ink:(#\w+)/.exec(
        await render({ definedTemplate: 'shoppable' }, {}, { look: { markerColor } as never }),
      )![1];
    expect(await ink('1A1A1A')).toBe('#FFFFFF');
    expect(await ink('FFFFFF')).toBe('#111111');
    expect(await ink('FFE600')).toBe('#111111');
    expect(await ink('ffe600')).toBe('#111111');
    expect(await ink('0000FF')).toBe('#FFFFFF');
    // Not a colour: the dark default with a white ring.
    expect(await render({}, {}, { look: { markerColor: 'red;}' } as never })).toContain(
      '--sl-marker:#1A1A1A;--sl-marker-ink:#FFFFFF;--sl-marker-ring:#FFFFFF',
    );
  });

  it('clamps marker positions to the image', async () => {
    const look = fixtureLook();
    look.items[0] = { ...look.items[0], markerX: -20, markerY: 140.26 };
    const html = await renderFixture({ look, config: fixtureConfig({ definedTemplate: 'left_sha' }) });
    expect(html).toContain('style="left:0%;top:100%"');
  });

  it('honours title placeholder, button colour and text, compare-at price and low stock', async () => {
    const html = await render({
      customTitle: 'Complete {product} now',
      addToCartButtonColor: '12ab34',
      addToCartText: 'Buy it',
    });
    expect(html).toContain('<h2 class="sl-title">Complete Linen shirt now</h2>');
    expect(html).toContain('--sl-atc:#12AB34');
    expect(html).toContain('>Buy it</button>');
    expect(html).toContain('<s class="sl-was">$15.00</s>');
    expect(html).toContain('<p class="sl-low">Only 2 left</p>');
    expect(html).toContain('<p class="sl-discount">Save 10%</p>');
    expect(configOf(html).text).toEqual({ added: 'Added to cart', addToCart: 'Buy it', total: 'Total' });
    const plain = markup(await render({}, { showCompareAtPrice: false, lowQuantityUnitLimit: '-1' }));
    expect(plain).not.toContain('sl-was');
    expect(plain).not.toContain('sl-low');
    expect(await render({ customTitle: '' })).not.toContain('sl-title');
  });

  it('prices and adds from the live product only: one the storefront cannot resolve shows no price and no add button', async () => {
    const look = fixtureLook();
    const live = await renderFixture({ look, config: fixtureConfig({ definedTemplate: 'inpage' }) });
    expect(live).toContain('data-sl-variant="v-1-black" data-sl-price="10"');
    // all_products misses them (a renamed handle, past its per-page limit): the JSON's price is in the
    // shop's currency and its ids may be a product's, so there is nothing to price or add: title,
    // image and link only, in every template.
    for (const definedTemplate of ['inpage', 'shoppable', 'full_width', 'line_items'] as const) {
      const json = await renderFixture({ look, config: fixtureConfig({ definedTemplate }), live: false });
      expect(json).toContain('data-sl-product="gid://shopify/Product/2001" data-sl-variant="" data-sl-price=""');
      expect(json).toContain('Item 1');
      expect(json).not.toContain('class="sl-price"');
      expect(json).not.toContain('sl-variants');
      expect(json).not.toMatch(
        /<button type="button" class="sl-atc"( disabled)?>(Add to cart|Sold out)<\/button>\s*<\/div>\s*<\/article>/,
      );
      if (definedTemplate === 'line_items') {
        // Listed, not selected, not counted.
        expect(json).not.toMatch(/class="sl-line-check"[^>]*checked/);
        expect(json).toContain('<strong class="sl-total">$0.00</strong>');
      } else expect(json).not.toContain('$');
    }
    // A live price differs from the JSON: the live one wins.
    const products = [
      liveProduct({
        gid: look.items[1].productId,
        handle: 'item-2',
        title: 'Item 2 live',
        url: '/products/item-2',
        price: 21.5,
        compareAtPrice: 30,
        available: true,
        image: null,
      }),
    ];
    const changed = await renderFixture({
      look,
      config: fixtureConfig({ definedTemplate: 'inpage' }),
      extra: { products },
    });
    expect(changed).toContain('Item 2 live');
    expect(changed).toContain('<span class="sl-now">$21.50</span> <s class="sl-was">$30.00</s>');
  });

  it('formats money in the shop currency and the storefront language', async () => {
    const html = await renderFixture({
      look: fixtureLook(),
      config: { ...fixtureConfig({}, { locale: 'de' }), currency: 'EUR' },
    });
    expect(html).toMatch(/<s class="sl-was">15,00\s€<\/s>/);
    expect(html).toContain('Nur noch 2 verfügbar');
    expect(html).toContain('aria-label="Zurück"');
  });

  it('renders the variant style and label', async () => {
    expect(await render({}, { definedVariantStyle: 'select', variantLabel: 'Colour' })).toMatch(
      /<label class="sl-vlabel"[^>]*>Colour<\/label>\s*<select/,
    );
    expect(await render({}, { definedVariantStyle: 'size' })).toContain('sl-vs-size');
    const color = await render({}, { definedVariantStyle: 'color' });
    expect(color).toContain('style="--sl-swatch:black"');
    expect(color).toMatch(/class="sl-option is-selected" role="radio" aria-checked="true" data-sl-variant="v-1-black"/);
    expect(color).toMatch(/data-sl-variant="v-1-white" data-sl-price="12" style="--sl-swatch:white" disabled>/);
  });

  it('hides out-of-stock items when asked (live availability), renumbering the rest', async () => {
    expect(await render()).toContain('Item 3');
    const hidden = await render({ definedTemplate: 'shoppable' }, { autoHideOutOfStockItems: true });
    expect(hidden).not.toContain('Item 3');
    expect(hidden.match(/class="sl-marker"/g)).toHaveLength(2);
  });

  it('line items: checked when available, total of the available ones', async () => {
    const html = await render({ definedTemplate: 'line_items' });
    expect(html.match(/class="sl-line-check"[^>]* checked>/g)).toHaveLength(2);
    expect(html).toContain('<strong class="sl-total">$30.00</strong>');
  });

  it('item links carry the UTM parameters unless the shop removed them', async () => {
    const withUtm = await renderFixture({ look: fixtureLook(), config: { ...fixtureConfig(), utm: true } });
    expect(withUtm).toContain('href="/products/item-1?utm_source=shoppable-looks&amp;utm_content=7"');
    expect(await render()).toContain('href="/products/item-1"');
  });

  it('item images stay out of the product photo’s way: lazy, low priority, async decoding; CDN images right-sized', async () => {
    const cdn = 'https://cdn.shopify.com/s/files/1/item.jpg?v=1';
    const html = await renderFixture({
      look: fixtureLook({ items: [fixtureItem(1, { image: cdn }), fixtureItem(2)] }),
      config: fixtureConfig({ definedTemplate: 'inpage_r' }),
    });
    const imgs = html.match(/<img [^>]*>/g)!;
    expect(imgs).toHaveLength(2);
    for (const img of imgs)
      expect(img).toMatch(/ loading="lazy" fetchpriority="low" decoding="async" width="600" height="600"/);
    expect(imgs[0]).toContain(
      `srcset="${cdn}&amp;width=300 300w, ${cdn}&amp;width=600 600w" sizes="(min-width: 750px) 300px, 50vw"`,
    );
    // Another host serves one size: no srcset.
    expect(imgs[1]).toContain('src="https://cdn.example/item-2.jpg"');
    expect(imgs[1]).not.toContain('srcset');
  });

  it('the discount button links to the discount code', async () => {
    const html = await render({}, { applyDiscount: true, discountCode: 'LOOK 10', discountButtonText: '' });
    expect(html).toContain('<a class="sl-discount-button" href="/discount/LOOK+10">Apply discount</a>');
  });

  it('popup carries its trigger settings; the app embed shows it', async () => {
    const delayed = configOf(
      await render({ definedTemplate: '' }, { usePoopUpEvent: 'post_onload_time', usePoopUpDelay: 4 }),
    );
    expect(delayed.popup).toEqual({ event: 'post_onload_time', delaySeconds: 4, button: false });
    for (const event of ['onload', 'on_user_scroll', 'on_add_to_cart'] as const) {
      expect(configOf(await render({ definedTemplate: '' }, { usePoopUpEvent: event })).popup.event).toBe(event);
    }
    const html = await render({ definedTemplate: '' }, { useButtonPDP: true });
    expect(html).toContain('class="sl-popup" hidden');
    expect(html).toContain('<button type="button" class="sl-popup-open">Shop the look</button>');
    // The product block leaves the popup to the embed (no duplicate), unless its own template is set.
    const globals = fixtureGlobals({ look: fixtureLook(), config: fixtureConfig({ definedTemplate: '' }) });
    expect(await storefrontLiquid().render('shoppable-look', globals)).not.toContain('sl-widget');
    expect(await storefrontLiquid().render('shoppable-look', globals, { template: 'multi_col' })).toContain(
      'sl-t-multi_col',
    );
  });

  it('selector and after-add-to-cart placements are shown by the embed with their target', async () => {
    const html = await render({ placementMethod: 'selector', inPageCssSelector: '#here' });
    expect(configOf(html)).toMatchObject({ placement: 'selector', selector: '#here' });
    expect(configOf(await render({ placementMethod: 'after_atc', inPageCssSelector: '#ignored' }))).toMatchObject({
      placement: 'after_atc',
      selector: null,
    });
    expect(configOf(await render())).toMatchObject({
      placement: 'section',
      selector: null,
      platformCart: true,
      preview: false,
      eventEndpoint: null,
    });
  });

  it('demo storefront and theme editor: no platform cart; the editor sends nothing', async () => {
    expect(
      configOf(await renderFixture({ look: fixtureLook(), config: { ...fixtureConfig(), demo: true } })),
    ).toMatchObject({
      platformCart: false,
      eventEndpoint: '/api/storefront/add-to-cart',
      preview: false,
    });
    expect(
      configOf(await renderFixture({ look: fixtureLook(), config: fixtureConfig(), designMode: true })),
    ).toMatchObject({ platformCart: false, eventEndpoint: null, preview: true });
  });

  it('block settings: heading override, one look or a chosen look', async () => {
    const first = fixtureLook();
    const second = fixtureLook({ id: 8, title: 'Second' });
    const globals = fixtureGlobals({ look: first, config: fixtureConfig() });
    (
      globals.product as { metafields: Record<string, Record<string, { value: unknown }>> }
    ).metafields.$app.looks.value = { v: 1, looks: [first, second] };
    const engine = storefrontLiquid();
    expect((await engine.render('shoppable-look', globals)).match(/class="sl-widget /g)).toHaveLength(2);
    expect(
      (await engine.render('shoppable-look', globals, { looks_shown: 'first' })).match(
        /data-sl-look="(\d+)" data-sl-template/g,
      ),
    ).toEqual(['data-sl-look="7" data-sl-template']);
    expect(
      (await engine.render('shoppable-look', globals, { look_id: '8' })).match(
        /data-sl-look="(\d+)" data-sl-template/g,
      ),
    ).toEqual(['data-sl-look="8" data-sl-template']);
    expect(await engine.render('shoppable-look', globals, { heading: 'Wear {product} with' })).toContain(
      '<h2 class="sl-title">Wear Linen shirt with</h2>',
    );
  });

  it('nothing when the app is off or the product has no looks; a hint in the theme editor', async () => {
    const engine = storefrontLiquid();
    const off = fixtureGlobals({ look: fixtureLook(), config: fixtureConfig({}, { enabled: false }) });
    expect(await engine.render('shoppable-look', off)).not.toContain('sl-widget');
    const none = storefrontGlobals({
      shopDomain: 'x.myshopify.com',
      currency: 'USD',
      locale: 'fr',
      config: fixtureConfig(),
      products: [],
      template: 'product',
      designMode: true,
    });
    expect(await engine.render('shoppable-look', none)).toContain('Aucun look actif ne présente encore ce produit.');
    expect(
      await engine.render('shoppable-look', { ...none, request: { design_mode: false, locale: { iso_code: 'fr' } } }),
    ).not.toContain('sl-note');
  });
});

describe('the looks gallery block and the cart booster', () => {
  it('lists the gallery looks with item counts (plural) and links', async () => {
    const looks = [fixtureLook(), fixtureLook({ id: 9, title: 'Solo', items: [fixtureLook().items[0]] })];
    const globals = storefrontGlobals({
      shopDomain: 'x.myshopify.com',
      currency: 'USD',
      locale: 'de',
      config: fixtureConfig(),
      gallery: { v: 1, looks },
      products: [],
      template: 'page',
    });
    const html = await storefrontLiquid().render('looks-gallery', globals, { columns: 2 });
    expect(html).toContain('style="--sl-columns:2"');
    expect(html).toContain('<h2 class="sl-gallery-title">Entdecke unsere Looks</h2>');
    expect(html).toContain('3 Artikel');
    expect(html).toContain('1 Artikel');
    expect(html).toContain('href="/products/linen-shirt"');
    expect(html.match(/class="sl-look-card"/g)).toHaveLength(2);
    expect(
      (await storefrontLiquid().render('looks-gallery', globals, { max_looks: 1 })).match(/class="sl-look-card"/g),
    ).toHaveLength(1);
  });

  it('shows the looks of the cart’s products on the cart page when the booster asks, once each', async () => {
    const look = fixtureLook();
    const config = fixtureConfig();
    config.booster = { ...config.booster, showOnCartPage: true, cartPageCssSelector: '.cart-items' };
    const inCart = liveProduct({
      gid: 'gid://shopify/Product/1',
      handle: 'a',
      title: 'A',
      url: '/products/a',
      price: 1,
      compareAtPrice: null,
      available: true,
      image: null,
      looks: { v: 1, looks: [look] },
    });
    const globals = storefrontGlobals({
      shopDomain: 'x.myshopify.com',
      currency: 'USD',
      locale: 'en',
      config,
      products: [],
      template: 'cart',
      cartProducts: [inCart, inCart],
    });
    const html = await storefrontLiquid().render('looks-embed', globals);
    expect(html.match(/class="sl-widget /g)).toHaveLength(1);
    expect(configOf(html)).toMatchObject({ placement: 'selector', selector: '.cart-items' });
    config.booster.showOnCartPage = false;
    expect(await storefrontLiquid().render('looks-embed', globals)).toBe('');
  });
});

describe('Liquid output escaping (XSS corpus)', () => {
  const TAGS =
    /^(style|script|section|div|h2|p|a|img|button|span|article|s|label|select|option|input|strong|link|ul|li)$/;
  const ATTRS =
    /^(class|href|src|srcset|sizes|alt|loading|fetchpriority|decoding|width|height|type|role|aria-[a-z]+|data-sl-[a-z]+|style|id|for|value|min|max|checked|disabled|hidden|selected|rel|media|defer)$/;

  it.each(xssContexts())('no payload markup survives: %s', async (_label, fixture) => {
    const html = await renderFixture(fixture);
    // One script element carries data (the config); the popup's looks-popup.js and the tiers' looks-offer.js tags are fixed asset URLs.
    const scripts = (html.match(/<script[^>]*>/g) ?? []).filter(
      (tag) => !/^<script src="[^"<>]*\/looks-(popup|offer)\.js" defer>$/.test(tag),
    );
    expect(scripts).toEqual(['<script type="application/json" class="sl-config">']);
    expect(html.match(/<\/style>/g)).toHaveLength(1);
    const style = /<style class="sl-style">([^<]*)<\/style>/.exec(html);
    expect(style).not.toBeNull();
    expect(style![1]).not.toMatch(/@import|expression|javascript/i);
    const config = configOf(html);
    expect(config.text.addToCart).toBe(fixture.config.layout.addToCartText);
    // Every `<` outside the stylesheet and the JSON starts one of our tags with our attributes only.
    const body = html
      .replace(/<style class="sl-style">[^<]*<\/style>/, '')
      .replace(/(<script type="application\/json" class="sl-config">)[^<]*(<\/script>)/, '$1$2');
    for (const tag of body.split('<').slice(1)) {
      const m = /^\/?([a-z0-9]+)((?:\s+[a-z-]+(?:="[^"<>]*")?)*)\s*>/.exec(tag);
      expect(m).not.toBeNull();
      expect(m![1]).toMatch(TAGS);
      for (const [, attr, value] of m![2].matchAll(/\s+([a-z-]+)(?:="([^"]*)")?/g)) {
        expect(attr).toMatch(ATTRS);
        if (attr === 'href' || attr === 'src') expect(value).toMatch(/^(https?:\/\/|\/)/);
        if (attr === 'srcset')
          expect(value).toMatch(
            /^https:\/\/cdn\.shopify\.com\/[\s\S]* 300w, https:\/\/cdn\.shopify\.com\/[\s\S]* 600w$/,
          );
        if (attr === 'style') expect(value).toMatch(/^(left:[\d.]+%;top:[\d.]+%|--sl-swatch:[a-z0-9]+)$/);
      }
    }
  });

  it('the corpus has at least 30 payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(30);
  });
});
