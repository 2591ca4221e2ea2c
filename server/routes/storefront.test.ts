import { createTestApp, type TestApp } from '../test/testApp';
import { DEFAULT_LAYOUT_SETTINGS } from '../../src/contracts/layout';
import { DEMO_SHOP_DOMAIN } from '../config';

const L = '/admin/api/v1/layout';
const B = '/admin/api/v1/booster';
const C = '/admin/api/v1/productLookCollections';

describe('layout, booster, collections and the demo storefront', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  }, 60_000);
  afterAll(() => t.close());

  const shopUpdated = async (domain: string) =>
    (await t.db.selectFrom('shops').select('shopUpdated').where('domain', '=', domain).executeTakeFirstOrThrow())
      .shopUpdated;

  describe('layout', () => {
    it('GET /layout answers the SPEC defaults when nothing is saved', async () => {
      const res = await t.request({ method: 'GET', url: L, shop: 'lay-a.myshopify.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        definedTemplate: 'inpage_r',
        placementMethod: 'section',
        inPageCssSelector: null,
        customTitle: '{product}',
        addToCartButtonColor: '000000',
        addToCartText: 'Add to cart',
        customCss: '',
      });
    });

    it('PATCH /layout validates: 400 per field, nothing written', async () => {
      const res = await t.request({
        method: 'PATCH',
        url: L,
        shop: 'lay-a.myshopify.com',
        payload: {
          definedTemplate: 'carousel',
          placementMethod: 'top',
          addToCartText: '  ',
          addToCartButtonColor: '#00ff00',
          customCss: 5,
        },
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors).sort()).toEqual([
        'addToCartButtonColor',
        'addToCartText',
        'customCss',
        'definedTemplate',
        'placementMethod',
      ]);
      expect(res.json().errors.addToCartText).toBe('Add to cart text is a required field');
      expect((await t.request({ method: 'GET', url: L, shop: 'lay-a.myshopify.com' })).json()).toEqual(
        DEFAULT_LAYOUT_SETTINGS,
      );
      expect(await shopUpdated('lay-a.myshopify.com')).toBe(false);
      expect(
        (await t.request({ method: 'PATCH', url: L, shop: 'lay-a.myshopify.com', payload: { evil: 1 } })).statusCode,
      ).toBe(400);
      expect(
        (
          await t.request({
            method: 'PATCH',
            url: L,
            shop: 'lay-a.myshopify.com',
            payload: '[]',
            headers: { 'content-type': 'application/json' },
          })
        ).statusCode,
      ).toBe(400);
    });

    it('PATCH /layout saves, stores an empty selector as null, marks the shop updated, per shop', async () => {
      const res = await t.request({
        method: 'PATCH',
        url: L,
        shop: 'lay-b.myshopify.com',
        payload: {
          ...DEFAULT_LAYOUT_SETTINGS,
          definedTemplate: '',
          placementMethod: 'selector',
          inPageCssSelector: '',
          customCss: null,
          addToCartButtonColor: 'ff00aa',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        definedTemplate: '',
        inPageCssSelector: null,
        customCss: null,
        addToCartButtonColor: 'FF00AA',
      });
      expect((await t.request({ method: 'GET', url: L, shop: 'lay-b.myshopify.com' })).json().definedTemplate).toBe('');
      expect(await shopUpdated('lay-b.myshopify.com')).toBe(true);
      expect((await t.request({ method: 'GET', url: L, shop: 'lay-c.myshopify.com' })).json()).toEqual(
        DEFAULT_LAYOUT_SETTINGS,
      );
    });

    it('POST /layout/preview renders the unsaved settings with a sample look', async () => {
      const res = await t.request({
        method: 'POST',
        url: `${L}/preview`,
        shop: DEMO_SHOP_DOMAIN,
        payload: {
          ...DEFAULT_LAYOUT_SETTINGS,
          definedTemplate: 'shoppable',
          customTitle: 'Wear it with {product} <now>',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('sl-t-shoppable');
      expect(res.body).toContain('Wear it with Linen Shirt');
      expect(res.body).toContain('&lt;now&gt;');
      expect(res.body).toMatch(/<meta http-equiv="Content-Security-Policy" content="[^"]*script-src 'nonce-/);
      expect(res.body).toContain('"preview":true');
      // Nothing saved.
      expect((await t.request({ method: 'GET', url: L, shop: DEMO_SHOP_DOMAIN })).json().definedTemplate).toBe(
        'inpage_r',
      );
      const empty = await t.request({
        method: 'POST',
        url: `${L}/preview`,
        shop: 'lay-d.myshopify.com',
        payload: { definedTemplate: 'multi_col' },
      });
      expect(empty.statusCode).toBe(200);
      expect(empty.body).toContain('Sample product 1');
      const bad = await t.request({
        method: 'POST',
        url: `${L}/preview`,
        shop: DEMO_SHOP_DOMAIN,
        payload: { addToCartText: '' },
      });
      expect(bad.statusCode).toBe(400);
    });
  });

  describe('booster', () => {
    it('GET /booster answers defaults and the featured collection', async () => {
      const res = await t.request({ method: 'GET', url: B, shop: 'boo-a.myshopify.com' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        showOnCartPage: false,
        cartPageCssSelector: null,
        discountType: null,
        applyDiscountAtc: false,
      });
      expect(res.json().collections).toEqual([
        {
          id: expect.any(Number),
          name: 'Featured looks',
          isFeatured: true,
          storeFrontLink: expect.stringMatching(/^https:\/\/boo-a\.myshopify\.com\//),
        },
      ]);
    });

    it('PATCH /booster applies the discount and cart rules', async () => {
      const code = await t.request({
        method: 'PATCH',
        url: B,
        shop: 'boo-a.myshopify.com',
        payload: { discountType: 'code', applyDiscountAtc: false, showOnCartPage: false, cartPageCssSelector: '.cart' },
      });
      expect(code.statusCode).toBe(200);
      expect(code.json()).toMatchObject({ discountType: 'code', applyDiscountAtc: true, cartPageCssSelector: null });
      const none = await t.request({
        method: 'PATCH',
        url: B,
        shop: 'boo-a.myshopify.com',
        payload: { discountType: null, applyDiscountAtc: true, showOnCartPage: true, cartPageCssSelector: '#cart' },
      });
      expect(none.json()).toMatchObject({
        discountType: null,
        applyDiscountAtc: false,
        showOnCartPage: true,
        cartPageCssSelector: '#cart',
      });
      expect((await t.request({ method: 'GET', url: B, shop: 'boo-a.myshopify.com' })).json().cartPageCssSelector).toBe(
        '#cart',
      );
    });

    it('PATCH /booster validates: 400 per field, nothing written', async () => {
      const before = (await t.request({ method: 'GET', url: B, shop: 'boo-b.myshopify.com' })).json();
      const res = await t.request({
        method: 'PATCH',
        url: B,
        shop: 'boo-b.myshopify.com',
        payload: {
          discountType: 'percent',
          discountTypeRedirect: 'redirect_home',
          discountValue: '12abc',
          showOnCartPage: 'yes',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors).sort()).toEqual([
        'discountType',
        'discountTypeRedirect',
        'discountValue',
        'showOnCartPage',
      ]);
      expect(res.json().errors.discountValue).toBe('Discount value must be a number');
      expect((await t.request({ method: 'GET', url: B, shop: 'boo-b.myshopify.com' })).json()).toEqual(before);
    });
  });

  describe('collections', () => {
    it('creates with a required name, deletes non-featured ones only, scoped to the shop', async () => {
      const missing = await t.request({ method: 'POST', url: C, shop: 'col-a.myshopify.com', payload: { name: ' ' } });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors.name).toBe('Name is a required field');
      const created = await t.request({
        method: 'POST',
        url: C,
        shop: 'col-a.myshopify.com',
        payload: { name: 'Summer edit' },
      });
      expect(created.statusCode).toBe(201);
      const body = created.json();
      expect(body).toEqual({
        id: expect.any(Number),
        name: 'Summer edit',
        storeFrontLink: expect.stringContaining(`/collections/${body.id}-summer-edit`),
      });

      const list = (await t.request({ method: 'GET', url: B, shop: 'col-a.myshopify.com' })).json().collections;
      const featured = list.find((c: { isFeatured: boolean }) => c.isFeatured);
      expect(list.map((c: { name: string }) => c.name)).toEqual(['Featured looks', 'Summer edit']);

      const refused = await t.request({ method: 'DELETE', url: `${C}/${featured.id}`, shop: 'col-a.myshopify.com' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('collection_featured');

      const foreign = await t.request({ method: 'DELETE', url: `${C}/${body.id}`, shop: 'col-b.myshopify.com' });
      expect(foreign.statusCode).toBe(404);
      const deleted = await t.request({ method: 'DELETE', url: `${C}/${body.id}`, shop: 'col-a.myshopify.com' });
      expect(deleted.statusCode).toBe(204);
      const after = (await t.request({ method: 'GET', url: B, shop: 'col-a.myshopify.com' })).json().collections;
      expect(after).toHaveLength(1);
      expect((await t.request({ method: 'DELETE', url: `${C}/abc`, shop: 'col-a.myshopify.com' })).statusCode).toBe(
        404,
      );
    });
  });

  describe('demo storefront page', () => {
    it('renders the product and the widget of its active looks, with a nonce CSP', async () => {
      // The demo seed leaves every look a draft (room on the free plan): activate the shirt's look.
      const summer = await t.db
        .selectFrom('productLooks')
        .select('id')
        .where('title', '=', 'Summer in the City')
        .executeTakeFirstOrThrow();
      await t.db.updateTable('productLooks').set({ active: true }).where('id', '=', summer.id).execute();
      const res = await t.app.inject({ method: 'GET', url: '/storefront/products/linen-shirt-sand' });
      await t.db.updateTable('productLooks').set({ active: false }).where('id', '=', summer.id).execute();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-security-policy']).toMatch(/script-src 'nonce-[^']+'/);
      expect(res.body).toContain('<h1>Linen Shirt');
      // The look runs the demo's A/B test of two layouts: a widget per variant, only the control visible without the script.
      expect(res.body.match(/<section class="sl-widget [^>]*>/g)?.map((tag) => tag.endsWith(' hidden>'))).toEqual([
        false,
        true,
      ]);
      expect(res.body).toMatch(/src="http:\/\/localhost[^"]*\/files\/catalog\//);
      expect(res.body).toContain('"eventEndpoint":"/api/storefront/add-to-cart"');
    });

    it('shows drafts only when forced with ?look=, and nothing for products without looks', async () => {
      const draft = await t.db
        .selectFrom('productLooks')
        .innerJoin('shops', 'shops.id', 'productLooks.shopId')
        .select(['productLooks.id', 'productLooks.mainProduct'])
        .where('shops.domain', '=', DEMO_SHOP_DOMAIN)
        .where('active', '=', false)
        .orderBy('productLooks.id')
        .executeTakeFirstOrThrow();
      const handle = (
        await t.db
          .selectFrom('catalogProducts')
          .select('handle')
          .where('gid', '=', draft.mainProduct.itemId)
          .executeTakeFirstOrThrow()
      ).handle;
      const plain = await t.app.inject({ method: 'GET', url: `/storefront/products/${handle}` });
      expect(plain.statusCode).toBe(200);
      expect(plain.body).not.toContain('class="sl-widget');
      const forced = await t.app.inject({ method: 'GET', url: `/storefront/products/${handle}?look=${draft.id}` });
      expect(forced.body).toContain(`data-sl-look="${draft.id}"`);
    });

    it('answers 404 for unknown products, shops and bad parameters', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/storefront/products/nope' })).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: '/storefront/products/linen-shirt-sand?shop=evil.example' }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: '/storefront/products/linen-shirt-sand?shop=other.myshopify.com' }))
          .statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: '/storefront/products/linen-shirt-sand?look=x' })).statusCode,
      ).toBe(404);
    });
  });

  it('NUL characters are refused with 400 everywhere (PostgreSQL cannot store them)', async () => {
    const shop = 'nul.myshopify.com';
    for (const [method, url, payload] of [
      ['PATCH', L, { customCss: 'a\u0000b' }],
      ['POST', `${L}/preview`, { customTitle: 'a\u0000b' }],
      ['PATCH', B, { discountLabel: 'a\u0000b' }],
      ['POST', C, { name: 'a\u0000b' }],
      ['PATCH', '/admin/api/v1/shop', { variantLabel: 'a\u0000b' }],
    ] as const) {
      const res = await t.request({ method, url, payload, shop });
      expect([url, res.statusCode]).toEqual([url, 400]);
    }
  });

  describe('shop settings rules', () => {
    it('required strings and booleans, positive delay or null', async () => {
      const bad = await t.request({
        method: 'PATCH',
        url: '/admin/api/v1/shop',
        shop: 'set-a.myshopify.com',
        payload: {
          definedVariantStyle: 'radio',
          autoHideOutOfStockItems: null,
          usePoopUpDelay: 0,
          removeUTMParam: 'no',
          multiLocale: 1,
        },
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual([
        'autoHideOutOfStockItems',
        'definedVariantStyle',
        'multiLocale',
        'removeUTMParam',
        'usePoopUpDelay',
      ]);
      const ok = await t.request({
        method: 'PATCH',
        url: '/admin/api/v1/shop',
        shop: 'set-a.myshopify.com',
        payload: { usePoopUpDelay: null, usePoopUpEvent: 'post_onload_time' },
      });
      expect(ok.statusCode).toBe(200);
      expect(await shopUpdated('set-a.myshopify.com')).toBe(true);
    });
  });
});
