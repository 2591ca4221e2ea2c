import { sql } from 'kysely';
import { givePaidPlan } from '../../test/platformShop';
import { createTestApp, type TestApp, shopifyModeEnv } from '../../test/testApp';
import { FakeShopifyAdmin, makeFakeProducts, type FakeDiscount } from '../../test/fakeShopifyAdmin';
import { deliver } from '../webhooks/test/deliver';
import { API_PREFIX } from '../../../src/contracts/api';
import type { LookFormValues } from '../../../src/contracts/looks';
import {
  cartLinesDiscountsGenerateRun,
  type CartInput,
} from '../../../extensions/look-bundle/src/cart_lines_discounts_generate_run';

const KEY = 'bundle-key';
const SECRET = 'bundle-secret';
const LOOKS = `${API_PREFIX}/productLooks`;
const METAFIELD = '$app:looks.bundle';
const P = (n: number) => `gid://shopify/Product/${7000000 + n}`;

jest.setTimeout(30_000);

function look(products: number[], discount: Partial<LookFormValues['discount']> = {}, active = true): LookFormValues {
  const [main, ...related] = products;
  return {
    mainProduct: { itemId: P(main), title: `Product ${main}`, image: '', selectedMainImage: null, productImages: [] },
    active,
    relatedItems: related.map((n, i) => ({
      itemId: P(n),
      title: `Product ${n}`,
      image: '',
      order: i,
      type: 'product',
      markerX: 50,
      markerY: 50,
    })),
    markerColor: 'FFFFFF',
    featured: false,
    media: [],
    discount: {
      enabled: true,
      label: 'Complete the look',
      type: 'percentage',
      value: 15,
      discountText: '',
      ...discount,
    },
    tags: '',
  };
}

/** The bundle configuration the stand-in holds for the discount. */
const configOf = (discount: FakeDiscount) => JSON.parse(discount.metafields[METAFIELD].value);

/** A cart of one unit of each product (10.00 each) run through the Function with this configuration. */
function runFunction(discount: FakeDiscount, products: number[]) {
  const input: CartInput = {
    cart: {
      lines: products.map((n, i) => ({
        id: `gid://shopify/CartLine/${i + 1}`,
        quantity: 1,
        cost: { amountPerQuantity: { amount: '10.00' } },
        merchandise: { product: { id: P(n) } },
      })),
    },
    discount: { discountClasses: discount.discountClasses, metafield: { jsonValue: configOf(discount) } },
    presentmentCurrencyRate: '1.0',
  };
  return cartLinesDiscountsGenerateRun(input);
}

describe('look bundle discount on the platform (APP_MODE=shopify, Admin API stand-in)', () => {
  let fake: FakeShopifyAdmin;
  let t: TestApp;
  const domain = 'bundles.myshopify.com';
  let shopId: number;

  const request = (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: LookFormValues) =>
    t.request({ method, url, payload, shop: domain });
  const synced = () => t.app.bundleDiscounts!.idle(shopId);
  const rows = () =>
    t.db.selectFrom('bundleDiscounts').selectAll().where('shopId', '=', shopId).orderBy('part').execute();
  const mutations = () => fake.graphql.filter((c) => c.shop === domain && /discountAutomatic/.test(c.query));

  beforeAll(async () => {
    // A fast refill: the throttling test empties the bucket, later syncs need not wait for it.
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET, restoreRate: 20_000 });
    fake.setProducts(domain, makeFakeProducts(5));
    t = await createTestApp({
      env: shopifyModeEnv(fake.url, KEY, SECRET),
    });
    const res = await t.request({ method: 'GET', url: `${API_PREFIX}/shop/details`, shop: domain });
    expect(res.statusCode).toBe(200);
    const shop = await t.db.selectFrom('shops').selectAll().where('domain', '=', domain).executeTakeFirstOrThrow();
    shopId = shop.id;
    // What follows the install (its shop.installed job reads the shop's plan and currency, the catalog sync).
    await t.app.platform.lifecycle.idle();
    // The merchant turned "Use look discounts" on (Settings), which makes the looks' discounts apply in the cart.
    const settings = await t.request({
      method: 'PATCH',
      url: `${API_PREFIX}/shop`,
      payload: { useProductLookDiscount: true },
      shop: domain,
    });
    expect(settings.statusCode).toBe(200);
    // A paid plan: more than one active look.
    await givePaidPlan(t.db, shopId);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  let first: number;
  let second: number;

  it('creating a look with a discount creates one automatic app discount of the Function with the look in its metafield', async () => {
    const res = await request(
      'POST',
      LOOKS,
      look([1, 2], { type: 'percentage', value: 15, label: 'Complete the look' }),
    );
    expect(res.statusCode).toBe(201);
    first = res.json().id;
    await synced();
    const [discount, ...others] = fake.discounts(domain);
    expect(others).toEqual([]);
    expect(discount).toMatchObject({
      title: 'Look bundles',
      functionHandle: 'look-bundle',
      discountClasses: ['PRODUCT'],
      // The booster's default: order and shipping discounts yes, product discounts no.
      combinesWith: { productDiscounts: false, orderDiscounts: true, shippingDiscounts: true },
    });
    expect(discount.metafields[METAFIELD].type).toBe('json');
    expect(configOf(discount)).toEqual({
      currencyCode: 'EUR',
      looks: [{ lookId: first, productIds: [P(1), P(2)], type: 'percentage', value: 15, label: 'Complete the look' }],
    });
    expect(await rows()).toMatchObject([
      { part: 0, discountId: discount.id, error: null, value: discount.metafields[METAFIELD].value },
    ]);
    // What the platform would run: the Function discounts the complete look with the look's label.
    const result = runFunction(discount, [1, 2, 3]);
    expect(result.operations[0].productDiscountsAdd.candidates).toEqual([
      {
        message: 'Complete the look',
        targets: [
          { cartLine: { id: 'gid://shopify/CartLine/1', quantity: 1 } },
          { cartLine: { id: 'gid://shopify/CartLine/2', quantity: 1 } },
        ],
        value: { percentage: { value: 15 } },
      },
    ]);
  });

  it("the booster's combinations round-trip through GET/PATCH /booster and reach the automatic discount (combinesWith)", async () => {
    const before = mutations().length;
    const chosen = { productDiscounts: true, orderDiscounts: true, shippingDiscounts: false };
    const patched = await t.request({
      method: 'PATCH',
      url: `${API_PREFIX}/booster`,
      payload: { bundleDiscountCombinesWith: chosen },
      shop: domain,
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().bundleDiscountCombinesWith).toEqual(chosen);
    expect(
      (await t.request({ method: 'GET', url: `${API_PREFIX}/booster`, shop: domain })).json()
        .bundleDiscountCombinesWith,
    ).toEqual(chosen);
    await synced();
    expect(fake.discounts(domain)[0].combinesWith).toEqual(chosen);
    expect(
      mutations()
        .slice(before)
        .map((c) => /discountAutomaticApp(Create|Update)/.exec(c.query)?.[0]),
    ).toEqual(['discountAutomaticAppUpdate']);
    // Not a boolean: a 400, nothing written.
    const bad = await t.request({
      method: 'PATCH',
      url: `${API_PREFIX}/booster`,
      payload: { bundleDiscountCombinesWith: { ...chosen, productDiscounts: 'yes' } },
      shop: domain,
    });
    expect(bad.statusCode).toBe(400);
    // Back to the default for the tests below.
    const reset = { productDiscounts: false, orderDiscounts: true, shippingDiscounts: true };
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `${API_PREFIX}/booster`,
          payload: { bundleDiscountCombinesWith: reset },
          shop: domain,
        })
      ).statusCode,
    ).toBe(200);
    await synced();
    expect(fake.discounts(domain)[0].combinesWith).toEqual(reset);
  });

  it('a second discounted look and an edit update the same discount; an edit that changes no bundle calls nothing', async () => {
    const start = mutations().length;
    const res = await request('POST', LOOKS, look([3, 4, 5], { type: 'fixed', value: 12.5, label: 'Three for less' }));
    expect(res.statusCode).toBe(201);
    second = res.json().id;
    await synced();
    const edited = await request(
      'PATCH',
      `${LOOKS}/${first}`,
      look([1, 2], { type: 'percentage', value: 20, label: 'Twenty off' }),
    );
    expect(edited.statusCode).toBe(200);
    await synced();
    const discounts = fake.discounts(domain);
    expect(discounts).toHaveLength(1);
    expect(configOf(discounts[0]).looks).toEqual([
      { lookId: first, productIds: [P(1), P(2)], type: 'percentage', value: 20, label: 'Twenty off' },
      { lookId: second, productIds: [P(3), P(4), P(5)], type: 'fixed', value: 12.5, label: 'Three for less' },
    ]);
    expect(
      mutations()
        .slice(start)
        .map((c) => c.query.match(/discountAutomatic\w+/)![0]),
    ).toEqual(['discountAutomaticAppUpdate', 'discountAutomaticAppUpdate']);
    // The update writes the metafield and the booster's combinations: the merchant's title stays.
    expect(mutations()[start + 1].variables).toEqual({
      id: discounts[0].id,
      automaticAppDiscount: {
        combinesWith: { productDiscounts: false, orderDiscounts: true, shippingDiscounts: true },
        metafields: [
          { namespace: '$app:looks', key: 'bundle', type: 'json', value: discounts[0].metafields[METAFIELD].value },
        ],
      },
    });

    const before = mutations().length;
    const tagsOnly = await request('PATCH', `${LOOKS}/${first}`, {
      ...look([1, 2], { type: 'percentage', value: 20, label: 'Twenty off' }),
      tags: 'summer',
    });
    expect(tagsOnly.statusCode).toBe(200);
    await synced();
    expect(mutations()).toHaveLength(before);
  });

  it('deactivating a look and disabling its discount take it out of the configuration', async () => {
    await request(
      'PATCH',
      `${LOOKS}/${second}`,
      look([3, 4, 5], { type: 'fixed', value: 12.5, label: 'Three for less' }, false),
    );
    await synced();
    expect(configOf(fake.discounts(domain)[0]).looks.map((l: { lookId: number }) => l.lookId)).toEqual([first]);
    await request(
      'PATCH',
      `${LOOKS}/${second}`,
      look([3, 4, 5], { type: 'fixed', value: 12.5, label: 'Three for less' }, true),
    );
    await synced();
    expect(configOf(fake.discounts(domain)[0]).looks.map((l: { lookId: number }) => l.lookId)).toEqual([first, second]);
    await request('PATCH', `${LOOKS}/${second}`, look([3, 4, 5], { enabled: false, label: '' }, true));
    await synced();
    expect(configOf(fake.discounts(domain)[0]).looks.map((l: { lookId: number }) => l.lookId)).toEqual([first]);
  });

  it('"Use look discounts" off deletes the discount, on creates it again', async () => {
    const setting = (on: boolean) =>
      t.request({ method: 'PATCH', url: `${API_PREFIX}/shop`, payload: { useProductLookDiscount: on }, shop: domain });
    const [before] = fake.discounts(domain);
    expect((await setting(false)).statusCode).toBe(200);
    await synced();
    expect(fake.discounts(domain)).toEqual([]);
    expect(await rows()).toEqual([]);
    // Another settings change does not touch the discounts.
    const calls = mutations().length;
    expect(
      (await t.request({ method: 'PATCH', url: `${API_PREFIX}/shop`, payload: { variantLabel: 'Size' }, shop: domain }))
        .statusCode,
    ).toBe(200);
    await synced();
    expect(mutations()).toHaveLength(calls);
    expect((await setting(true)).statusCode).toBe(200);
    await synced();
    const [after] = fake.discounts(domain);
    expect(after.id).not.toBe(before.id);
    expect(configOf(after)).toEqual(configOf(before));
  });

  it('a userError is logged and kept, the look is saved anyway, and the next change writes it', async () => {
    fake.rejectNextDiscountWith('Metafield value is too large');
    const res = await request(
      'PATCH',
      `${LOOKS}/${first}`,
      look([1, 2], { type: 'percentage', value: 30, label: 'Thirty off' }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().look.discount).toMatchObject({ value: 30, label: 'Thirty off' });
    await synced();
    const [row] = await rows();
    expect(row.error).toContain('Metafield value is too large');
    expect(configOf(fake.discounts(domain)[0]).looks[0].value).toBe(20);
    // The next change of a discounted look retries with the whole current state.
    await request(
      'PATCH',
      `${LOOKS}/${second}`,
      look([3, 4, 5], { type: 'fixed', value: 8, label: 'Eight off' }, true),
    );
    await synced();
    expect((await rows())[0].error).toBeNull();
    expect(configOf(fake.discounts(domain)[0]).looks.map((l: { value: number }) => l.value)).toEqual([30, 8]);
  });

  it('a discount the merchant deleted in the admin is created again', async () => {
    const [old] = fake.discounts(domain);
    fake.deleteDiscount(old.id);
    await request('PATCH', `${LOOKS}/${first}`, look([1, 2], { type: 'percentage', value: 25, label: 'Quarter off' }));
    await synced();
    const [again] = fake.discounts(domain);
    expect(again.id).not.toBe(old.id);
    expect(configOf(again).looks.map((l: { value: number }) => l.value)).toEqual([25, 8]);
    expect((await rows())[0]).toMatchObject({ discountId: again.id, error: null });
  });

  it('a platform failure (throttled beyond the retries) is kept as the error, the save stands, the next change writes it', async () => {
    fake.throttleNext(domain, 6, /discountAutomatic/);
    const res = await request(
      'PATCH',
      `${LOOKS}/${first}`,
      look([1, 2], { type: 'percentage', value: 26, label: 'Quarter off' }),
    );
    expect(res.statusCode).toBe(200);
    await synced();
    expect((await rows())[0].error).toMatch(/^platform_failed: .*Throttled/);
    expect(configOf(fake.discounts(domain)[0]).looks[0].value).toBe(25);
    await request('PATCH', `${LOOKS}/${first}`, look([1, 2], { type: 'percentage', value: 27, label: 'Quarter off' }));
    await synced();
    expect((await rows())[0].error).toBeNull();
    expect(configOf(fake.discounts(domain)[0]).looks[0].value).toBe(27);
  });

  it('deleting the last discounted look deletes the discount', async () => {
    expect((await request('DELETE', `${LOOKS}/${second}`)).statusCode).toBe(204);
    await synced();
    expect(fake.discounts(domain)).toHaveLength(1);
    expect((await request('DELETE', `${LOOKS}/${first}`)).statusCode).toBe(204);
    await synced();
    expect(fake.discounts(domain)).toEqual([]);
    expect(await rows()).toEqual([]);
    expect(mutations().at(-1)!.query).toContain('discountAutomaticDelete');
  });

  it('concurrent saves end with the last state, one discount', async () => {
    const created = await Promise.all(
      [1, 2, 3].map((n) =>
        request('POST', LOOKS, look([n, n + 1], { type: 'percentage', value: 10 + n, label: `Look ${n}` })),
      ),
    );
    expect(created.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    await synced();
    const discounts = fake.discounts(domain);
    expect(discounts).toHaveLength(1);
    expect(
      configOf(discounts[0])
        .looks.map((l: { value: number }) => l.value)
        .sort(),
    ).toEqual([11, 12, 13]);
  });

  it('app/uninstalled marks the discounts for rewriting; the first change after a reinstall re-creates a dropped one', async () => {
    const res = await deliver(t, 'app/uninstalled', { id: 1, myshopify_domain: domain }, { shop: domain });
    expect(res.statusCode).toBe(200);
    expect((await rows()).map((r) => r.value)).toEqual([null]);
    for (const d of fake.discounts(domain)) fake.deleteDiscount(d.id);
    // Reinstall: the next request from the admin exchanges a token and marks the shop installed.
    expect((await t.request({ method: 'GET', url: `${API_PREFIX}/shop/details`, shop: domain })).statusCode).toBe(200);
    await t.app.platform.catalogSync.running(shopId);
    const one = await t.db
      .selectFrom('productLooks')
      .select('id')
      .where('shopId', '=', shopId)
      .where('title', '=', 'Product 1')
      .executeTakeFirstOrThrow();
    await request('PATCH', `${LOOKS}/${one.id}`, look([1, 2], { type: 'percentage', value: 40, label: 'Back again' }));
    await synced();
    const [discount] = fake.discounts(domain);
    expect(
      configOf(discount)
        .looks.map((l: { value: number }) => l.value)
        .sort(),
    ).toEqual([12, 13, 40]);
  });

  it('looks beyond one metafield value go to a second discount, deleted again when they shrink', async () => {
    const bulk = Array.from({ length: 60 }, (_, i) => {
      const values = look([1, 2, 3, 4, 5], { type: 'percentage', value: 5, label: `Bulk look ${i}` });
      return {
        shopId,
        title: `Bulk ${i}`,
        active: true,
        mainProduct: JSON.stringify(values.mainProduct),
        relatedItems: JSON.stringify(values.relatedItems),
        markerColor: 'FFFFFF',
        featured: false,
        media: JSON.stringify([]),
        discount: JSON.stringify(values.discount),
        tags: '',
      };
    });
    await t.db.insertInto('productLooks').values(bulk).execute();
    await t.app.bundleDiscounts!.sync(shopId);
    const discounts = fake.discounts(domain);
    expect(discounts.map((d) => d.title)).toEqual(['Look bundles', 'Look bundles (2)']);
    for (const d of discounts)
      expect(Buffer.byteLength(d.metafields[METAFIELD].value, 'utf8')).toBeLessThanOrEqual(10_000);
    expect(discounts.flatMap((d) => configOf(d).looks)).toHaveLength(63);
    expect((await rows()).map((r) => [r.part, r.error])).toEqual([
      [0, null],
      [1, null],
    ]);

    await t.db.deleteFrom('productLooks').where('shopId', '=', shopId).where('title', 'like', 'Bulk %').execute();
    await t.app.bundleDiscounts!.sync(shopId);
    expect(fake.discounts(domain).map((d) => d.id)).toEqual([discounts[0].id]);
    expect(configOf(fake.discounts(domain)[0]).looks).toHaveLength(3);
    expect((await rows()).map((r) => r.part)).toEqual([0]);
  });

  it("the booster's bundle discount (type app) covers the active looks without a discount of their own, and leaves with it", async () => {
    // Room under the plan's active looks (app/uninstalled above ended the paid plan): one discounted look stays active.
    await t.db.deleteFrom('shopPlans').where('shopId', '=', shopId).execute();
    await givePaidPlan(t.db, shopId);
    const discounted = await request(
      'POST',
      LOOKS,
      look([1, 3], { type: 'percentage', value: 30, label: 'Own discount' }, false),
    );
    await t.db.updateTable('productLooks').set({ active: false }).where('shopId', '=', shopId).execute();
    await t.db.updateTable('productLooks').set({ active: true }).where('id', '=', discounted.json().id).execute();
    const plain = await request('POST', LOOKS, look([2, 4], { enabled: false, label: '' }));
    expect(plain.statusCode).toBe(201);
    const plainId = plain.json().id;
    await synced();
    const ids = () =>
      (fake.discounts(domain).flatMap((d) => configOf(d).looks) as Array<{ lookId: number }>).map((l) => l.lookId);
    expect(ids()).not.toContain(plainId);

    const booster = (payload: Record<string, unknown>) =>
      t.request({ method: 'PATCH', url: `${API_PREFIX}/booster`, payload, shop: domain });
    expect(
      (await booster({ discountType: 'app', discountValue: 12, discountLabel: 'Bundle from the booster' })).statusCode,
    ).toBe(200);
    await synced();
    const bundles = fake.discounts(domain).flatMap((d) => configOf(d).looks) as Array<{
      lookId: number;
      value: number;
      label: string;
      type: string;
    }>;
    expect(bundles.find((l) => l.lookId === plainId)).toEqual({
      lookId: plainId,
      productIds: [P(2), P(4)],
      type: 'percentage',
      value: 12,
      label: 'Bundle from the booster',
    });
    // A look's own discount wins over the booster's.
    const own = await t.db
      .selectFrom('productLooks')
      .select('id')
      .where('shopId', '=', shopId)
      .where('active', '=', true)
      .where(sql<boolean>`discount->>'enabled' = 'true'`)
      .execute();
    expect(own.map((r) => r.id)).toEqual([discounted.json().id]);
    expect(bundles.find((l) => l.lookId === discounted.json().id)).toMatchObject({ value: 30, label: 'Own discount' });

    expect((await booster({ discountType: null })).statusCode).toBe(200);
    await synced();
    expect(ids()).not.toContain(plainId);
  });

  it('a downgrade that turns looks into drafts takes them out of the discount; the sync is a job queued with the change', async () => {
    await t.db.deleteFrom('productLooks').where('shopId', '=', shopId).execute();
    const made: number[] = [];
    for (const products of [
      [1, 2],
      [3, 4],
      [2, 5],
    ]) {
      const res = await request('POST', LOOKS, look(products));
      expect(res.statusCode).toBe(201);
      made.push(res.json().id);
    }
    await synced();
    const ids = () =>
      (fake.discounts(domain).flatMap((d) => configOf(d).looks) as Array<{ lookId: number }>)
        .map((l) => l.lookId)
        .sort();
    expect(ids()).toEqual([...made].sort());

    const res = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/shop/downgrade?planName=free`,
      shop: domain,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    const drafts = (res.json() as { deactivatedLooks: Array<{ id: number }> }).deactivatedLooks.map((l) => l.id);
    expect(drafts.length).toBeGreaterThan(0);
    // The downgrade's transaction queued the shop's sync (durable: a crash now would not lose it).
    const { rows: queued } = await t.app.jobs.boss
      .getDb()
      .executeSql(
        `select count(*)::int as n from pgboss.job where name = 'discount.sync' and (data->>'shopId')::int = $1 and created_on > now() - interval '1 minute'`,
        [shopId],
      );
    expect(queued[0].n).toBeGreaterThan(0);
    await synced();
    const active = await t.db
      .selectFrom('productLooks')
      .select('id')
      .where('shopId', '=', shopId)
      .where('active', '=', true)
      .execute();
    expect(ids()).toEqual(active.map((r) => r.id).sort());
    for (const id of drafts) expect(ids()).not.toContain(id);
  });
});

describe('look bundle discount: standalone', () => {
  it('makes no platform call and has no sync', async () => {
    const t = await createTestApp({});
    try {
      expect(t.app.bundleDiscounts).toBeNull();
      const res = await t.request({ method: 'POST', url: LOOKS, payload: look([1, 2]), shop: 'alone.myshopify.com' });
      expect(res.statusCode).toBe(201);
      expect(await t.db.selectFrom('bundleDiscounts').selectAll().execute()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
