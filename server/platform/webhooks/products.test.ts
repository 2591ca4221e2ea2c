jest.setTimeout(60_000);
import { createTestApp, type TestApp } from '../../test/testApp';
import { insertLook } from '../../test/looks';
import { countRows, deliver } from './test/deliver';
import { toCatalogProduct } from '../catalogProducts';
import { upsertCatalogProducts } from '../../services/shop/catalog';

/** products/create, products/update, products/delete: the catalog stays current; looks show deleted products. */
const SHOP = 'products.myshopify.com';
// The platform's sample payloads use ids beyond JavaScript's safe integers.
const SHIRT_ID = '788032119674292922';
const SHIRT = `gid://shopify/Product/${SHIRT_ID}`;
const BAG = 'gid://shopify/Product/632910392';

/** A REST-shaped product payload, as the platform sends it (the id as a bare JSON number). */
const productBody = (id: string, fields: Record<string, unknown>) =>
  JSON.stringify({ ...fields, id: 0 }).replace('"id":0', `"id":${id}`);

const shirt = (fields: Record<string, unknown> = {}) =>
  productBody(SHIRT_ID, {
    title: 'Linen shirt',
    handle: 'linen-shirt',
    status: 'active',
    product_type: 'Shirts',
    images: [
      { id: 1, src: 'https://cdn.shopify.com/s/files/shirt-1.jpg' },
      { id: 2, src: 'https://cdn.shopify.com/s/files/shirt-2.jpg' },
      { src: 'javascript:alert(1)' },
    ],
    variants: [
      { id: 1, price: '49.00', compare_at_price: '59.00' },
      { id: 2, price: '45.50', compare_at_price: '55.00' },
    ],
    ...fields,
  });

describe('product webhooks', () => {
  let t: TestApp;
  let shopId: number;
  let shirtLook: number;
  let bagLook: number;
  beforeAll(async () => {
    t = await createTestApp();
    shopId = (await t.provision(SHOP)).id;
  });
  afterAll(() => t.close());

  const product = (gid: string) =>
    t.db
      .selectFrom('catalogProducts')
      .selectAll()
      .where('shopId', '=', shopId)
      .where('gid', '=', gid)
      .executeTakeFirst();
  const related = (itemId: string) => [
    { itemId, title: 'x', image: '', order: 0, type: 'product' as const, markerX: 50, markerY: 50 },
  ];
  const page = (handle: string, look: number) =>
    t.app.inject({ method: 'GET', url: `/storefront/products/${handle}?shop=${SHOP}&look=${look}` });

  it("products/update is ordered by the product's updated_at: an older payload, or a sync page fetched before, never overwrites newer data", async () => {
    const ORDERED = 'ordered.myshopify.com';
    const orderedShop = (await t.provision(ORDERED)).id;
    const product = (gid: string) =>
      t.db
        .selectFrom('catalogProducts')
        .selectAll()
        .where('shopId', '=', orderedShop)
        .where('gid', '=', gid)
        .executeTakeFirst();
    const TOTE_ID = '632910399';
    const TOTE = `gid://shopify/Product/${TOTE_ID}`;
    const tote = (title: string, updatedAt: string) =>
      productBody(TOTE_ID, {
        title,
        handle: 'tote',
        status: 'active',
        updated_at: updatedAt,
        variants: [{ id: 7, price: '20.00' }],
      });
    await deliver(t, 'products/create', null, { raw: tote('Tote', '2026-11-28T10:00:00-05:00'), shop: ORDERED });
    await deliver(t, 'products/update', null, { raw: tote('Tote, navy', '2026-11-28T10:05:00-05:00'), shop: ORDERED });
    // The platform retries an earlier delivery after the later one.
    await deliver(t, 'products/update', null, {
      raw: tote('Tote, first draft', '2026-11-28T10:01:00-05:00'),
      shop: ORDERED,
    });
    expect(await product(TOTE)).toMatchObject({
      title: 'Tote, navy',
      platformUpdatedAt: new Date('2026-11-28T15:05:00Z'),
    });
    // A catalog sync page read at 10:02 (before the last change) is written after it.
    const page = toCatalogProduct({
      id: TOTE,
      handle: 'tote',
      title: 'Tote (page)',
      status: 'ACTIVE',
      productType: null,
      updatedAt: '2026-11-28T15:01:00Z',
      variants: { nodes: [{ id: 'gid://shopify/ProductVariant/7', price: '19.00', compareAtPrice: null }] },
      media: { nodes: [] },
    });
    await upsertCatalogProducts(t.db, orderedShop, [page]);
    expect(await product(TOTE)).toMatchObject({ title: 'Tote, navy', price: '20.00' });
    // The same moment or later is written; a description without a time (unknown) too.
    await upsertCatalogProducts(t.db, orderedShop, [
      { ...page, title: 'Tote, navy (page)', platformUpdatedAt: new Date('2026-11-28T15:05:00Z') },
    ]);
    expect((await product(TOTE))?.title).toBe('Tote, navy (page)');
    await deliver(t, 'products/update', null, { raw: tote('Tote, red', '2026-11-28T10:09:00-05:00'), shop: ORDERED });
    expect(await product(TOTE)).toMatchObject({
      title: 'Tote, red',
      platformUpdatedAt: new Date('2026-11-28T15:09:00Z'),
    });
    await upsertCatalogProducts(t.db, orderedShop, [{ ...page, title: 'Tote (no time)', platformUpdatedAt: null }]);
    expect(await product(TOTE)).toMatchObject({
      title: 'Tote (no time)',
      platformUpdatedAt: new Date('2026-11-28T15:09:00Z'),
    });
  });

  it('products/create and products/update write the product: gid, title, handle, status, https images, lowest variant price', async () => {
    expect((await deliver(t, 'products/create', null, { raw: shirt(), shop: SHOP })).statusCode).toBe(200);
    expect(await product(SHIRT)).toMatchObject({
      handle: 'linen-shirt',
      title: 'Linen shirt',
      status: 'active',
      price: '45.50',
      compareAtPrice: '55.00',
      images: ['https://cdn.shopify.com/s/files/shirt-1.jpg', 'https://cdn.shopify.com/s/files/shirt-2.jpg'],
      productType: 'Shirts',
      defaultVariantGid: 'gid://shopify/ProductVariant/1',
    });
    await deliver(t, 'products/update', null, {
      raw: shirt({
        title: 'Linen shirt, sand',
        status: 'draft',
        variants: [{ price: '39.00', compare_at_price: null }],
      }),
      shop: SHOP,
    });
    // A payload whose variants carry no id keeps the variant known.
    expect(await product(SHIRT)).toMatchObject({
      title: 'Linen shirt, sand',
      status: 'draft',
      price: '39.00',
      compareAtPrice: null,
      defaultVariantGid: 'gid://shopify/ProductVariant/1',
    });
    await deliver(t, 'products/update', null, { raw: shirt({ status: 'active' }), shop: SHOP });
    await deliver(
      t,
      'products/update',
      {
        id: 632910392,
        title: 'Tote bag',
        handle: 'tote-bag',
        status: 'active',
        variants: [{ price: '20.00' }],
        images: [],
      },
      { shop: SHOP },
    );
    expect(await product(BAG)).toMatchObject({ title: 'Tote bag', handle: 'tote-bag', price: '20.00', images: [] });
    expect(await countRows(t, 'catalog_products', shopId)).toBe(2);
  });

  it("the product's default variant is its first by position (gid), from products/update", async () => {
    const variants = [
      {
        id: 44000000000002,
        admin_graphql_api_id: 'gid://shopify/ProductVariant/44000000000002',
        position: 2,
        price: '10.00',
      },
      {
        id: 44000000000001,
        admin_graphql_api_id: 'gid://shopify/ProductVariant/44000000000001',
        position: 1,
        price: '12.00',
      },
    ];
    await deliver(
      t,
      'products/update',
      { id: 632910392, title: 'Tote bag', handle: 'tote-bag', status: 'active', variants },
      { shop: SHOP },
    );
    expect((await product(BAG))?.defaultVariantGid).toBe('gid://shopify/ProductVariant/44000000000001');
    // REST ids alone (no admin_graphql_api_id) become gids too.
    await deliver(
      t,
      'products/update',
      {
        id: 632910392,
        title: 'Tote bag',
        handle: 'tote-bag',
        status: 'active',
        variants: [{ id: 39, position: 1, price: '10.00' }],
      },
      { shop: SHOP },
    );
    expect((await product(BAG))?.defaultVariantGid).toBe('gid://shopify/ProductVariant/39');
  });

  it('a handle moving to another product does not clash', async () => {
    await deliver(
      t,
      'products/update',
      { id: 632910392, title: 'Tote bag', handle: 'linen-shirt', status: 'active', variants: [{ price: '20.00' }] },
      { shop: SHOP },
    );
    expect((await product(BAG))?.handle).toBe('linen-shirt');
    await deliver(t, 'products/update', null, { raw: shirt({ handle: 'linen-shirt-2' }), shop: SHOP });
    await deliver(
      t,
      'products/update',
      { id: 632910392, title: 'Tote bag', handle: 'tote-bag', status: 'active', variants: [{ price: '20.00' }] },
      { shop: SHOP },
    );
    expect((await product(SHIRT))?.handle).toBe('linen-shirt-2');
    expect((await product(BAG))?.handle).toBe('tote-bag');
  });

  it('ignores product payloads without an id or title (200, nothing recorded)', async () => {
    const before = await countRows(t, 'webhook_deliveries');
    for (const body of [
      { title: 'No id' },
      { id: 'abc', title: 'x' },
      { id: 5 },
      { id: 'gid://shopify/Order/5', title: 'x' },
    ]) {
      expect((await deliver(t, 'products/update', body, { shop: SHOP })).statusCode).toBe(200);
    }
    expect((await deliver(t, 'products/delete', {}, { shop: SHOP })).statusCode).toBe(200);
    expect(await countRows(t, 'webhook_deliveries')).toBe(before);
  });

  it('products/delete: the product leaves the catalog; its looks are marked in the list and the form', async () => {
    shirtLook = await insertLook(t.db, shopId, {
      title: 'Shirt look',
      mainProduct: { itemId: SHIRT },
      relatedItems: related(BAG),
    });
    bagLook = await insertLook(t.db, shopId, {
      title: 'Bag look',
      mainProduct: { itemId: BAG },
      relatedItems: related(SHIRT),
    });
    const plain = await insertLook(t.db, shopId, { title: 'Plain look', mainProduct: { itemId: BAG } });
    const before = await page('tote-bag', shirtLook);
    expect(before.body).toContain(`data-sl-look="${shirtLook}"`);

    expect(
      (await deliver(t, 'products/delete', { id: Number(SHIRT_ID.slice(0, 15)) }, { shop: SHOP })).statusCode,
    ).toBe(200); // another product: no effect
    expect(
      (await deliver(t, 'products/delete', null, { raw: `{"id":${SHIRT_ID}}`, shop: SHOP, eventId: 'delete-shirt' }))
        .statusCode,
    ).toBe(200);
    expect(await product(SHIRT)).toBeUndefined();
    expect(await product(BAG)).toBeDefined();

    const list = await t.request({ method: 'GET', url: '/admin/api/v1/productLooks?page=1&limit=10', shop: SHOP });
    const byId = new Map(list.json().data.map((l: { id: number }) => [l.id, l]));
    expect(byId.get(shirtLook)).toMatchObject({ productDeleted: true });
    expect(byId.get(bagLook)).toMatchObject({ productDeleted: true });
    expect(byId.get(plain)).not.toHaveProperty('productDeleted');

    const detail = await t.request({ method: 'GET', url: `/admin/api/v1/productLooks/${shirtLook}`, shop: SHOP });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().deletedProducts).toEqual([SHIRT]);
    expect(
      (await t.request({ method: 'GET', url: `/admin/api/v1/productLooks/${plain}`, shop: SHOP })).json(),
    ).not.toHaveProperty('deletedProducts');
  });

  it('products/delete: the storefront stops showing a look whose product is gone', async () => {
    // The look of the deleted shirt no longer shows, even where it was forced in.
    const shirtGone = await page('tote-bag', shirtLook);
    expect(shirtGone.statusCode).toBe(200);
    expect(shirtGone.body).not.toContain(`data-sl-look="${shirtLook}"`);
    expect((await page('linen-shirt-2', shirtLook)).statusCode).toBe(404);
    // The bag's look still shows, without the deleted shirt among its items.
    const bag = await page('tote-bag', bagLook);
    expect(bag.body).toContain(`data-sl-look="${bagLook}"`);
    expect(bag.body).not.toContain(SHIRT);
  });

  it('a replayed products/delete changes nothing; a product that comes back clears the mark', async () => {
    const marks = () =>
      t.db.selectFrom('deletedProducts').select('gid').where('shopId', '=', shopId).where('gid', '=', SHIRT).execute();
    const replay = await deliver(t, 'products/delete', null, {
      raw: `{"id":${SHIRT_ID}}`,
      shop: SHOP,
      eventId: 'delete-shirt',
    });
    expect(replay.json().duplicate).toBe(true);
    expect(await marks()).toHaveLength(1);
    await deliver(t, 'products/update', null, { raw: shirt(), shop: SHOP });
    expect(await marks()).toHaveLength(0);
    expect(await product(SHIRT)).toMatchObject({ title: 'Linen shirt' });
    const detail = await t.request({ method: 'GET', url: `/admin/api/v1/productLooks/${shirtLook}`, shop: SHOP });
    expect(detail.json()).not.toHaveProperty('deletedProducts');
  });
});
