import { createTestApp, type TestApp } from '../../test/testApp';
import { bundleLooks } from '../../platform/discounts/bundleConfig';
import { INTERFACE_LOCALE_HEADER } from '../../../src/contracts/api';
import { lookFormBody } from '../../test/looks';

const DEMO = 'demo-shop.myshopify.com';
const URL_ = '/admin/api/v1/productLooks';

/** A look of three products (main, two related) with a 20 % complete-look discount and these tiers. */
const body = (tiers: unknown, overrides: Record<string, unknown> = {}) =>
  lookFormBody({
    relatedItems: [
      {
        itemId: 'gid://shopify/Product/1002',
        title: 'Second',
        image: '',
        order: 0,
        type: 'product',
        markerX: 50,
        markerY: 50,
      },
      {
        itemId: 'gid://shopify/Product/1003',
        title: 'Third',
        image: '',
        order: 1,
        type: 'product',
        markerX: 10,
        markerY: 90,
      },
    ],
    discount: { enabled: true, label: 'Complete the look', type: 'percentage', value: 20, discountText: '', tiers },
    ...overrides,
  });

jest.setTimeout(20_000);

describe('look discount tiers (mix and match)', () => {
  let t: TestApp;
  let shopId: number;
  let activeId = 0;
  const rows = async () =>
    t.db
      .selectFrom('productLooks')
      .select(['id', 'discount', 'discountTiers'])
      .where('shopId', '=', shopId)
      .orderBy('id')
      .execute();

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    shopId = (await t.db.selectFrom('shops').select('id').where('domain', '=', DEMO).executeTakeFirstOrThrow()).id;
    // The demo's one active look fills the free plan: it becomes a draft so the test's look can be active.
    await t.db.updateTable('productLooks').set({ active: false }).where('shopId', '=', shopId).execute();
    await t.db
      .updateTable('shops')
      .set({
        settings: JSON.stringify({
          ...(await t.db.selectFrom('shops').select('settings').where('id', '=', shopId).executeTakeFirstOrThrow())
            .settings,
          useProductLookDiscount: true,
        }),
      })
      .where('id', '=', shopId)
      .execute();
  }, 60_000);
  afterAll(() => t.close());

  it('stores the tiers with the look, answers them in the look API and writes them into the Function configuration', async () => {
    const tiers = [
      { quantity: 2, percentage: 10 },
      { quantity: 3, percentage: 15 },
    ];
    const created = await t.request({ method: 'POST', url: URL_, payload: body(tiers, { active: true }), shop: DEMO });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    activeId = id;
    expect(created.json().look.discount.tiers).toEqual(tiers);
    const read = (await t.request({ method: 'GET', url: `${URL_}/${id}`, shop: DEMO })).json();
    expect(read.look.discount).toEqual({
      enabled: true,
      label: 'Complete the look',
      type: 'percentage',
      value: 20,
      discountText: '',
      tiers,
    });
    const row = (await rows()).find((r) => r.id === id)!;
    expect(row.discountTiers).toEqual(tiers);
    expect(row.discount).not.toHaveProperty('tiers');

    expect((await bundleLooks(t.db, shopId)).find((l) => l.lookId === id)).toEqual({
      lookId: id,
      productIds: ['gid://shopify/Product/1001', 'gid://shopify/Product/1002', 'gid://shopify/Product/1003'],
      type: 'percentage',
      value: 20,
      label: 'Complete the look',
      tiers,
    });

    // Removing the tiers (PATCH is the whole form) empties them; a look without tiers answers [].
    const patched = await t.request({
      method: 'PATCH',
      url: `${URL_}/${id}`,
      payload: body([], { active: true }),
      shop: DEMO,
    });
    expect(patched.json().look.discount.tiers).toEqual([]);
    expect((await bundleLooks(t.db, shopId)).find((l) => l.lookId === id)).not.toHaveProperty('tiers');
    const older = (await t.request({ method: 'GET', url: `${URL_}?limit=50`, shop: DEMO }))
      .json()
      .data.find((l: { id: number }) => l.id !== id);
    expect(
      (await t.request({ method: 'GET', url: `${URL_}/${older.id}`, shop: DEMO })).json().look.discount.tiers,
    ).toEqual([]);
  });

  it('a look with tiers and no complete-look value still configures the Function', async () => {
    const tiers = [{ quantity: 2, percentage: 5 }];
    const res = await t.request({
      method: 'PATCH',
      url: `${URL_}/${activeId}`,
      payload: lookFormBody({ ...body(tiers, { active: true }), discount: { ...body(tiers).discount, value: 0 } }),
      shop: DEMO,
    });
    expect(res.statusCode).toBe(200);
    expect((await bundleLooks(t.db, shopId)).find((l) => l.lookId === activeId)).toMatchObject({ value: 0, tiers });
  });

  it('refuses bad tiers with translated per-field messages and writes nothing', async () => {
    const before = await rows();
    const cases: Array<[unknown, Record<string, string>]> = [
      [[{ quantity: 1, percentage: 10 }], { 'discount.tiers[0].quantity': 'Items must be greater than or equal to 2' }],
      [[{ quantity: 2, percentage: 0 }], { 'discount.tiers[0].percentage': 'Tier discount must be a positive number' }],
      [
        [{ quantity: 2, percentage: 101 }],
        { 'discount.tiers[0].percentage': 'Tier discount must be less than or equal to 100' },
      ],
      [
        [
          { quantity: 3, percentage: 15 },
          { quantity: 2, percentage: 10 },
        ],
        {
          'discount.tiers[1].quantity': 'Items must be more than in the tier before',
          'discount.tiers[1].percentage': 'Tier discount must be more than in the tier before',
        },
      ],
      [
        [{ quantity: 4, percentage: 10 }],
        { 'discount.tiers[0].quantity': 'Items can be at most 3 items: the look has no more products' },
      ],
      [
        [2, 3, 4, 5, 6].map((quantity) => ({ quantity, percentage: quantity * 5 })),
        { 'discount.tiers': 'Tiers must have at most 4 items' },
      ],
      [[{ quantity: 2.5, percentage: 10 }], { 'discount.tiers[0].quantity': 'Items must be a whole number' }],
      ['two', { 'discount.tiers': 'Tiers must be a array' }],
    ];
    for (const [tiers, errors] of cases) {
      const res = await t.request({ method: 'POST', url: URL_, payload: body(tiers), shop: DEMO });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toMatchObject(errors);
    }
    const [first] = before;
    const patch = await t.request({
      method: 'PATCH',
      url: `${URL_}/${first.id}`,
      payload: body([
        { quantity: 3, percentage: 10 },
        { quantity: 2, percentage: 20 },
      ]),
      shop: DEMO,
    });
    expect(patch.statusCode).toBe(400);
    expect(await rows()).toEqual(before);
  });

  it("answers in the admin's language", async () => {
    const res = await t.request({
      method: 'POST',
      url: URL_,
      payload: body([
        { quantity: 2, percentage: 10 },
        { quantity: 4, percentage: 5 },
      ]),
      shop: DEMO,
      headers: { [INTERFACE_LOCALE_HEADER.toLowerCase()]: 'de' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      'discount.tiers[1].quantity': 'Artikel darf höchstens 3 Artikel sein: Mehr Produkte hat der Look nicht',
      'discount.tiers[1].percentage': 'Staffelrabatt muss größer sein als in der vorigen Staffel',
    });
  });
});
