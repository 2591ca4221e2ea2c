import { createTestApp, type TestApp } from '../../test/testApp';
import { insertLook } from '../../test/looks';
import type { LookRelatedItem } from '../../../src/contracts/looks';
import { ADD_TO_CART_MAX_QUANTITY, recordAddToCart } from './addToCart';

jest.setTimeout(60_000);

const SHOP = 'atc-shop.myshopify.com';
const OTHER = 'atc-other.myshopify.com';
const gid = (n: number) => `gid://shopify/Product/${n}`;
const MAIN = gid(501); // 50.00, the look's main product
const SHIRT = gid(502); // 19.99, related item
const DRAFT = gid(503); // related item, but a draft: not on sale
const LOOSE = gid(504); // on sale, in no look
const FOREIGN = gid(601); // the other shop's product

const related = (...ids: string[]): LookRelatedItem[] =>
  ids.map((itemId, order) => ({ itemId, title: itemId, image: '', order, type: 'product', markerX: 10, markerY: 10 }));

/**
 * The public add-to-cart event carries ids only that the server trusts: the
 * price comes from the shop's catalog, the quantity is capped, and the look
 * and product must belong to the shop; anything else is refused with a
 * translated 4xx and records nothing.
 */
describe('storefront add-to-cart: revenue the public cannot forge', () => {
  let t: TestApp;
  let lookId: number;
  let otherLookId: number;
  let address = 0;

  const post = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    // A new client address per request: these cases are about the event, not about the rate limit.
    t.app.inject({
      method: 'POST',
      url: '/api/storefront/add-to-cart',
      payload: body,
      headers,
      remoteAddress: `198.51.100.${++address}`,
    });

  const recorded = async () => {
    const events = await t.db
      .selectFrom('addToCartEvents')
      .select(['productId', 'price', 'quantity'])
      .orderBy('id')
      .execute();
    const shopRevenue = await t.db.selectFrom('shopDailyStats').select('addToCartRevenue').execute();
    const lookStats = await t.db.selectFrom('lookDailyStats').select(['addToCartCount', 'addToCartRevenue']).execute();
    return {
      events: events.map((e) => ({ productId: e.productId, price: Number(e.price), quantity: e.quantity })),
      shopRevenue: shopRevenue.reduce((s, r) => s + Number(r.addToCartRevenue), 0),
      lookRevenue: lookStats.reduce((s, r) => s + Number(r.addToCartRevenue), 0),
      lookCount: lookStats.reduce((s, r) => s + r.addToCartCount, 0),
    };
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2025-05-05T12:00:00Z') });
    const shop = await t.provision(SHOP);
    const other = await t.provision(OTHER);
    const product = (
      shopId: number,
      id: string,
      price: string,
      status: 'active' | 'draft' | 'archived' = 'active',
    ) => ({
      shopId,
      gid: id,
      handle: id.split('/').pop()!,
      title: id,
      status,
      price,
      compareAtPrice: null,
      images: JSON.stringify([]),
      productType: 'Shirt',
    });
    await t.db
      .insertInto('catalogProducts')
      .values([
        product(shop.id, MAIN, '50.00'),
        product(shop.id, SHIRT, '19.99'),
        product(shop.id, DRAFT, '30.00', 'draft'),
        product(shop.id, LOOSE, '5.00'),
        product(other.id, FOREIGN, '7.00'),
      ])
      .execute();
    lookId = await insertLook(t.db, shop.id, {
      title: 'Spring',
      mainProduct: { itemId: MAIN },
      relatedItems: related(SHIRT, DRAFT),
    });
    otherLookId = await insertLook(t.db, other.id, {
      title: 'Other',
      mainProduct: { itemId: FOREIGN },
      relatedItems: related(FOREIGN),
    });
  });
  afterAll(() => t.close());

  it('counts the catalog price, whatever price the event claims', async () => {
    for (const price of [1_000_000, 0, 0.01]) {
      expect((await post({ shopDomain: SHOP, lookId, productId: SHIRT, price, quantity: 1 })).statusCode).toBe(204);
    }
    // The widget's own event (no price at all) is counted the same way; the main product counts too.
    expect((await post({ shopDomain: SHOP, lookId, productId: SHIRT, quantity: 1 })).statusCode).toBe(204);
    expect((await post({ shopDomain: SHOP, lookId, productId: MAIN, price: 1, quantity: 2 })).statusCode).toBe(204);
    const r = await recorded();
    expect(r.events).toEqual([
      ...Array.from({ length: 4 }, () => ({ productId: SHIRT, price: 19.99, quantity: 1 })),
      { productId: MAIN, price: 50, quantity: 2 },
    ]);
    expect(r.shopRevenue).toBeCloseTo(4 * 19.99 + 100, 2);
    expect(r.lookRevenue).toBeCloseTo(r.shopRevenue, 2);
  });

  it(`caps the counted quantity at ${ADD_TO_CART_MAX_QUANTITY} units per item`, async () => {
    const before = await recorded();
    expect(
      (await post({ shopDomain: SHOP, lookId, productId: SHIRT, price: 1_000_000, quantity: 1000 })).statusCode,
    ).toBe(204);
    const after = await recorded();
    expect(after.events.at(-1)).toEqual({ productId: SHIRT, price: 19.99, quantity: ADD_TO_CART_MAX_QUANTITY });
    expect(after.shopRevenue - before.shopRevenue).toBeCloseTo(19.99 * ADD_TO_CART_MAX_QUANTITY, 2);
    expect(after.lookCount - before.lookCount).toBe(ADD_TO_CART_MAX_QUANTITY);
    // Beyond what the endpoint accepts at all: 400, nothing recorded.
    expect((await post({ shopDomain: SHOP, lookId, productId: SHIRT, quantity: 1001 })).statusCode).toBe(400);
    expect((await post({ shopDomain: SHOP, lookId, productId: SHIRT, quantity: 0 })).statusCode).toBe(400);
    expect(await recorded()).toEqual(after);
  });

  it('refuses a foreign look, a product outside the look and a product not on sale, with a translated 404 and nothing recorded', async () => {
    const before = await recorded();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [
        { shopDomain: SHOP, lookId: otherLookId, productId: FOREIGN },
        'This look does not belong to the shop',
        'Dieser Look gehört nicht zum Shop',
      ],
      [
        { shopDomain: OTHER, lookId, productId: SHIRT },
        'This look does not belong to the shop',
        'Dieser Look gehört nicht zum Shop',
      ],
      [
        { shopDomain: SHOP, lookId: 2_147_483_647, productId: SHIRT },
        'This look does not belong to the shop',
        'Dieser Look gehört nicht zum Shop',
      ],
      [
        { shopDomain: SHOP, lookId, productId: LOOSE },
        'This product is not part of the look',
        'Dieses Produkt gehört nicht zum Look',
      ],
      [
        { shopDomain: SHOP, lookId, productId: FOREIGN },
        'This product is not part of the look',
        'Dieses Produkt gehört nicht zum Look',
      ],
      [
        { shopDomain: SHOP, lookId, productId: 'gid://shopify/Product/999999' },
        'This product is not part of the look',
        'Dieses Produkt gehört nicht zum Look',
      ],
      [
        { shopDomain: SHOP, lookId, productId: DRAFT },
        'This product is not on sale in the shop',
        'Dieses Produkt ist im Shop nicht erhältlich',
      ],
      [{ shopDomain: 'ghost.myshopify.com', lookId, productId: SHIRT }, 'Unknown shop', 'Unbekannter Shop'],
    ];
    for (const [body, en, de] of cases) {
      const res = await post({ ...body, price: 9999, quantity: 5 });
      expect([res.statusCode, res.json().message]).toEqual([404, en]);
      const german = await post({ ...body, quantity: 1 }, { 'accept-language': 'de-DE,de;q=0.9' });
      expect([german.statusCode, german.json().message]).toEqual([404, de]);
    }
    expect(await recorded()).toEqual(before);
  });

  it('the service itself (demo seed, widget) answers what it counted', async () => {
    const at = new Date('2025-05-06T09:00:00Z');
    await expect(
      recordAddToCart(t.db, { shopDomain: SHOP, lookId, productId: MAIN, price: 0.5, quantity: 25 }, at),
    ).resolves.toEqual({
      price: 50,
      quantity: ADD_TO_CART_MAX_QUANTITY,
      revenue: 500,
    });
    await expect(
      recordAddToCart(t.db, { shopDomain: SHOP, lookId, productId: LOOSE, quantity: 1 }, at),
    ).rejects.toMatchObject({
      statusCode: 404,
      message: 'Analytics.errors.productNotInLook',
    });
  });

  it('the stats show exactly the catalog revenue', async () => {
    const res = await t.request({ method: 'GET', url: '/admin/api/v1/stats?lite=true', shop: SHOP });
    const { events, shopRevenue } = await recorded();
    const expected = events.reduce((s, e) => s + Math.round(e.price * 100) * e.quantity, 0) / 100;
    expect(shopRevenue).toBeCloseTo(expected, 2);
    expect(res.json().addToCartRevenue).toBeCloseTo(expected, 2);
    expect(
      (await t.request({ method: 'GET', url: '/admin/api/v1/stats?lite=true', shop: OTHER })).json().addToCartRevenue,
    ).toBe(0);
  });
});
