jest.setTimeout(120_000);
import { createTestApp, type TestApp } from '../../test/testApp';
import { catalogProductInput, insertLook, lookFormBody, lookItem } from '../../test/looks';
import { deliver } from '../../platform/webhooks/test/deliver';
import { upsertCatalogProducts } from '../shop/catalog';
import { bundleLooks } from '../../platform/discounts/bundleConfig';
import type { LookListItem, SoldOutLooksResponse } from '../../../src/contracts/looks';

/** Stock (issue 28 §4): sold-out transitions, the outbox's lookItemsSoldOut changes, the looks API's marks, the bundle. */
const SHOP = 'stock.myshopify.com';
const DEMO = 'demo-shop.myshopify.com';
const gid = (n: number) => `gid://shopify/Product/${n}`;
const product = catalogProductInput;
const item = lookItem;

describe('stock', () => {
  let t: TestApp;
  let shopId: number;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    shopId = (await t.provision(SHOP)).id;
  }, 120_000);
  /** The look items the outbox recorded as sold out (what the Flow trigger's reader sends), oldest first. */
  const heard = async () => {
    const rows = await t.db
      .selectFrom('changes')
      .select('after')
      .where('shopId', '=', shopId)
      .where('kind', '=', 'lookItemsSoldOut')
      .orderBy('id')
      .execute();
    return rows.flatMap((r) => (r.after as { items: Array<{ lookId: number; productGid: string }> }).items);
  };
  afterAll(() => t.close());

  const available = async (n: number) =>
    (
      await t.db
        .selectFrom('catalogProducts')
        .select('available')
        .where('shopId', '=', shopId)
        .where('gid', '=', gid(n))
        .executeTakeFirstOrThrow()
    ).available;

  it('records a lookItemsSoldOut change once per active look and item when a product goes from available to sold out', async () => {
    await upsertCatalogProducts(t.db, shopId, [product(1), product(2), product(3)]);
    const active = await insertLook(t.db, shopId, { title: 'Active', relatedItems: [item(2, 0), item(3, 1)] });
    await insertLook(t.db, shopId, { title: 'Draft', active: false, relatedItems: [item(2, 0)] });
    expect(await heard()).toEqual([]);

    await upsertCatalogProducts(t.db, shopId, [product(2, { available: false })]);
    expect(await available(2)).toBe(false);
    expect(await heard()).toEqual([{ lookId: active, productGid: gid(2) }]);

    // The same news again (a retried webhook, a reconciliation page): no second event.
    await Promise.all([
      upsertCatalogProducts(t.db, shopId, [product(2, { available: false })]),
      upsertCatalogProducts(t.db, shopId, [product(2, { available: false })]),
    ]);
    expect(await heard()).toHaveLength(1);
    // Unknown stock (a payload without inventory fields) keeps what is stored.
    await upsertCatalogProducts(t.db, shopId, [product(2)]);
    expect(await available(2)).toBe(false);

    // Back in stock, then sold out again: a new transition, a new event.
    await upsertCatalogProducts(t.db, shopId, [product(2, { available: true })]);
    expect(await heard()).toHaveLength(1);
    await upsertCatalogProducts(t.db, shopId, [product(2, { available: false })]);
    expect(await heard()).toHaveLength(2);
    // The stock write and its changes are one transaction: a write that fails after the stock update records neither.
    await expect(
      upsertCatalogProducts(t.db, shopId, [product(3, { available: false }), { ...product(9), status: null as never }]),
    ).rejects.toThrow();
    expect(await available(3)).toBe(true);
    expect(await heard()).toHaveLength(2);
  });

  it("products/update selling out an item of an active look: its changes are recorded with the product's write", async () => {
    const raw = (inStock: boolean, updatedAt: string) =>
      JSON.stringify({
        id: 8803,
        title: 'Beret',
        handle: 'beret',
        status: 'active',
        updated_at: updatedAt,
        variants: [
          {
            price: '20.00',
            inventory_policy: 'deny',
            inventory_quantity: inStock ? 2 : 0,
            inventory_management: 'shopify',
          },
        ],
      });
    await deliver(t, 'products/create', null, { raw: raw(true, '2026-11-28T12:00:00Z'), shop: SHOP });
    const lookId = await insertLook(t.db, shopId, { title: 'Beret look', relatedItems: [item(8803, 0)] });
    const last = await t.db
      .selectFrom('changes')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    await deliver(t, 'products/update', null, { raw: raw(false, '2026-11-28T12:01:00Z'), shop: SHOP });
    expect(await available(8803)).toBe(false);
    const changes = await t.db
      .selectFrom('changes')
      .select(['kind', 'after'])
      .where('shopId', '=', shopId)
      .where('id', '>', Number(last.id ?? 0))
      .orderBy('id')
      .execute();
    expect(changes).toEqual([
      { kind: 'lookItemsSoldOut', after: { items: [{ lookId, productGid: gid(8803) }] } },
      { kind: 'stockChanged', after: { soldOut: [gid(8803)], restocked: [] } },
      { kind: 'catalogProductsChanged', after: { gids: [gid(8803)] } },
    ]);
  });

  it('an older description never changes the stock of a newer one', async () => {
    await upsertCatalogProducts(t.db, shopId, [
      product(5, { available: true, platformUpdatedAt: new Date('2026-11-28T10:00:00Z') }),
    ]);
    await upsertCatalogProducts(t.db, shopId, [
      product(5, { available: false, platformUpdatedAt: new Date('2026-11-28T09:00:00Z') }),
    ]);
    expect(await available(5)).toBe(true);
    await upsertCatalogProducts(t.db, shopId, [
      product(5, { available: false, platformUpdatedAt: new Date('2026-11-28T11:00:00Z') }),
    ]);
    expect(await available(5)).toBe(false);
  });

  it('products/update: a payload whose variants cannot be sold marks the product sold out; stock or "continue" selling sells it', async () => {
    const body = (variants: unknown[], updatedAt: string) =>
      JSON.stringify({
        id: 0,
        title: 'Scarf',
        handle: 'scarf',
        status: 'active',
        updated_at: updatedAt,
        variants,
      }).replace('"id":0', '"id":8801');
    const scarf = async () =>
      (
        await t.db
          .selectFrom('catalogProducts')
          .select('available')
          .where('shopId', '=', shopId)
          .where('gid', '=', gid(8801))
          .executeTakeFirstOrThrow()
      ).available;
    const denied = { price: '10.00', inventory_policy: 'deny', inventory_quantity: 0, inventory_management: 'shopify' };
    await deliver(t, 'products/create', null, {
      raw: body([{ ...denied, inventory_quantity: 4 }], '2026-11-28T10:00:00Z'),
      shop: SHOP,
    });
    expect(await scarf()).toBe(true);
    await deliver(t, 'products/update', null, {
      raw: body([denied, { ...denied, id: 2 }], '2026-11-28T10:01:00Z'),
      shop: SHOP,
    });
    expect(await scarf()).toBe(false);
    await deliver(t, 'products/update', null, {
      raw: body([denied, { ...denied, inventory_policy: 'continue' }], '2026-11-28T10:02:00Z'),
      shop: SHOP,
    });
    expect(await scarf()).toBe(true);
    await deliver(t, 'products/update', null, {
      raw: body([denied, { ...denied, inventory_management: null }], '2026-11-28T10:03:00Z'),
      shop: SHOP,
    });
    expect(await scarf()).toBe(true);
  });

  it('the bundle configuration lists the sold-out products, and counts an alternative for sale as its item', async () => {
    await t.db
      .updateTable('shops')
      .set({ settings: { useProductLookDiscount: true } as never })
      .where('id', '=', shopId)
      .execute();
    await upsertCatalogProducts(t.db, shopId, [
      product(10),
      product(11, { available: false }),
      product(12, { available: false }),
      product(13),
      product(14),
    ]);
    const lookId = await insertLook(t.db, shopId, {
      title: 'Bundle',
      mainProduct: { itemId: gid(10) },
      relatedItems: [item(11, 0, 13), item(12, 1), item(14, 2)],
    });
    await t.db
      .updateTable('productLooks')
      .set({
        discount: JSON.stringify({ enabled: true, label: 'Deal', type: 'percentage', value: 10, discountText: '' }),
      })
      .where('id', '=', lookId)
      .execute();
    const look = (await bundleLooks(t.db, shopId)).find((l) => l.lookId === lookId);
    expect(look).toMatchObject({ productIds: [gid(10), gid(13), gid(12), gid(14)], soldOutProductIds: [gid(12)] });
    // The alternative sells out too: the item is sold out again.
    await upsertCatalogProducts(t.db, shopId, [product(13, { available: false })]);
    const again = (await bundleLooks(t.db, shopId)).find((l) => l.lookId === lookId);
    expect(again).toMatchObject({
      productIds: [gid(10), gid(11), gid(12), gid(14)],
      soldOutProductIds: [gid(11), gid(12)],
    });
  });

  it('the demo catalog has a sold-out product: its look is marked in the list, named in the form and on the dashboard', async () => {
    const list = await t.request({ method: 'GET', url: '/admin/api/v1/productLooks?limit=50', shop: DEMO });
    const looks = list.json().data as LookListItem[];
    expect(looks.find((l) => l.title === 'Autumn Layers')).toMatchObject({ soldOutItems: 1 });
    expect(looks.filter((l) => l.soldOutItems)).toHaveLength(1);
    const autumn = looks.find((l) => l.title === 'Autumn Layers')!;
    const detail = (
      await t.request({ method: 'GET', url: `/admin/api/v1/productLooks/${autumn.id}`, shop: DEMO })
    ).json();
    expect(detail.soldOutProducts).toHaveLength(1);
    const dashboard = (
      await t.request({ method: 'GET', url: '/admin/api/v1/productLooks/soldOut', shop: DEMO })
    ).json() as SoldOutLooksResponse;
    expect(dashboard.looks).toEqual([
      {
        id: autumn.id,
        title: 'Autumn Layers',
        active: false,
        items: [{ productId: detail.soldOutProducts[0], title: 'Suede Boots — Taupe', alternative: false }],
      },
    ]);
    // Another shop sees none of it.
    expect(
      (await t.request({ method: 'GET', url: '/admin/api/v1/productLooks/soldOut', shop: SHOP }))
        .json()
        .looks.every((l: { title: string }) => l.title !== 'Autumn Layers'),
    ).toBe(true);
  });

  it('saves an alternative per item; an item cannot be its own alternative (translated 400, nothing written)', async () => {
    const body = lookFormBody({
      relatedItems: [{ ...item(1002, 0), alternative: { itemId: gid(1003), title: 'Shoes', image: '' } }],
    });
    const created = await t.request({ method: 'POST', url: '/admin/api/v1/productLooks', payload: body, shop: DEMO });
    expect(created.statusCode).toBe(201);
    expect(created.json().look.relatedItems[0].alternative).toEqual({ itemId: gid(1003), title: 'Shoes', image: '' });
    // The storefront adds the alternative as the look's item (the demo cart records it; another product is refused).
    const add = (productId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/storefront/add-to-cart',
        payload: { shopDomain: DEMO, lookId: created.json().id, productId, price: 1, quantity: 1 },
        remoteAddress: '198.51.100.77',
      });
    expect((await add(gid(1003))).statusCode).toBe(204);
    expect((await add(gid(1010))).statusCode).toBe(404);
    const count = async () =>
      (
        await t.db
          .selectFrom('productLooks')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n;
    const before = await count();
    const bad = await t.request({
      method: 'POST',
      url: '/admin/api/v1/productLooks',
      payload: lookFormBody({
        relatedItems: [{ ...item(1002, 0), alternative: { itemId: gid(1002), title: 'Same', image: '' } }],
      }),
      shop: DEMO,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors['relatedItems[0].alternative']).toBe('An item cannot be its own alternative.');
    expect(await count()).toBe(before);
  });
});
