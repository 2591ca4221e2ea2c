import { INTERFACE_LOCALE_HEADER } from '../../src/contracts/api';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../test/testApp';
import { insertLook } from '../test/looks';
import type { Experiment } from '../../src/contracts/experiments';
import type { FunnelEvent } from '../../src/contracts/storefront';
import { DEMO_EVENTS_PATH } from './funnel';
import { EXPERIMENTS_PATH } from './experiments';
import { assignVariant } from '../../src/contracts/assignVariant';

const SHOP_A = 'shop-a.myshopify.com';
const SHOP_B = 'shop-b.myshopify.com';
const IMG = '/files/catalog/b.jpg';

describe('experiment routes', () => {
  let t: TestApp;
  const clock = new Date('2026-11-20T12:00:00Z');
  let shopA: number;
  let lookA: number;
  let lookA2: number;
  let lookB: number;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
    shopA = (await t.provision(SHOP_A)).id;
    const shopB = (await t.provision(SHOP_B)).id;
    lookA = await insertLook(t.db, shopA, {
      title: 'Summer',
      mainProduct: { image: '/files/catalog/a.jpg', productImages: ['/files/catalog/a.jpg', IMG] },
    });
    lookA2 = await insertLook(t.db, shopA, { title: 'Evening' });
    lookB = await insertLook(t.db, shopB, { title: 'Other shop' });
  });
  afterAll(() => t.close());

  const req = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, shop = SHOP_A) =>
    t.request({ method, url, payload, shop, headers: { 'accept-language': 'de' } });
  const create = (lookId = lookA, over: object = {}) =>
    req('POST', EXPERIMENTS_PATH, {
      lookId,
      split: 50,
      variant: { name: 'B', imageUrl: IMG, template: null },
      ...over,
    });
  /** The first `visitor-<n>` (from `from`) whom assignVariant puts in this variant of the test. */
  const visitorOf = (e: Experiment, variantId: number, from = 0) => {
    for (let n = from; ; n++)
      if (assignVariant(`visitor-${n}`, e.id, e.variants)?.id === variantId) return `visitor-${n}`;
  };
  const count = async (table: string) =>
    Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`.execute(t.db)).rows[0].n);

  it('creates a draft with the control and variant B, and lists it in the contract shape', async () => {
    const res = await create(lookA, { split: 30 });
    expect(res.statusCode).toBe(201);
    const e = res.json() as Experiment;
    expect(e).toMatchObject({ lookId: lookA, status: 'draft', method: 'bayesian-beta-binomial', sampleTooSmall: true });
    expect(e.variants.map((v) => [v.name, v.split, v.isControl, v.imageUrl])).toEqual([
      ['A', 70, true, null],
      ['B', 30, false, IMG],
    ]);
    const list = (await req('GET', EXPERIMENTS_PATH)).json() as Experiment[];
    expect(list.map((x) => x.id)).toContain(e.id);
    const listed = list.find((x) => x.id === e.id)!;
    for (const v of listed.variants) {
      expect(Object.keys(v)).toEqual(
        expect.arrayContaining(['id', 'name', 'split', 'impressions', 'conversions', 'probabilityToBeatControl']),
      );
      expect(v.probabilityToBeatControl).toBeNull();
      expect(v.credibleInterval.low).toBeCloseTo(0.025, 6);
    }
    // Another shop sees none of it.
    expect((await req('GET', EXPERIMENTS_PATH, undefined, SHOP_B)).json()).toEqual([]);
  });

  it('says whether the look is active (a draft look shows a test to no shopper) and follows the look', async () => {
    const e = (
      await create(lookA2, { variant: { name: 'B', imageUrl: null, template: 'multi_col' } })
    ).json() as Experiment;
    const listed = async () =>
      ((await req('GET', `${EXPERIMENTS_PATH}?lookId=${lookA2}`)).json() as Experiment[]).find((x) => x.id === e.id)!;
    expect(e.lookActive).toBe(true);
    await t.db.updateTable('productLooks').set({ active: false }).where('id', '=', lookA2).execute();
    expect((await listed()).lookActive).toBe(false);
    await t.db.updateTable('productLooks').set({ active: true }).where('id', '=', lookA2).execute();
    expect((await listed()).lookActive).toBe(true);
    await t.db.deleteFrom('experiments').where('id', '=', e.id).execute();
  });

  it('refuses bad input with a translated 4xx and changes nothing', async () => {
    const before = await count('experiments');
    const bad: Array<[object, number]> = [
      [{}, 400],
      [{ lookId: lookA, split: 0, variant: { name: 'B', imageUrl: IMG, template: null } }, 400],
      [{ lookId: lookA, split: 100, variant: { name: 'B', imageUrl: IMG, template: null } }, 400],
      [{ lookId: lookA, split: 50, variant: { name: ' ', imageUrl: IMG, template: null } }, 400],
      [{ lookId: lookA, split: 50, variant: { name: 'B', imageUrl: null, template: null } }, 400],
      [{ lookId: lookA, split: 50, variant: { name: 'B', imageUrl: null, template: 'nope' } }, 400],
      [
        { lookId: lookA, split: 50, variant: { name: 'B', imageUrl: 'https://evil.example/x.jpg', template: null } },
        400,
      ],
      [{ lookId: lookB, split: 50, variant: { name: 'B', imageUrl: null, template: 'multi_col' } }, 404],
    ];
    for (const [payload, status] of bad) {
      const res = await req('POST', EXPERIMENTS_PATH, payload);
      expect([payload, res.statusCode]).toEqual([payload, status]);
      expect(typeof res.json().message).toBe('string');
    }
    const unchanged = await req('POST', EXPERIMENTS_PATH, {
      lookId: lookA,
      split: 50,
      variant: { name: 'B', imageUrl: null, template: null },
    });
    expect(JSON.stringify(unchanged.json().errors)).toMatch(/another image or another layout/);
    expect(await count('experiments')).toBe(before);
  });

  it("words validation errors in the interface language the client names (X-Interface-Locale), with the form's field names", async () => {
    const badSplit = { lookId: lookA, split: 100, variant: { name: ' ', imageUrl: IMG, template: null } };
    const post = (locale?: string) =>
      t.request({
        method: 'POST',
        url: EXPERIMENTS_PATH,
        payload: badSplit,
        shop: SHOP_A,
        headers: locale ? { [INTERFACE_LOCALE_HEADER]: locale } : {},
      });
    const de = await post('de');
    expect(de.statusCode).toBe(400);
    expect(de.json()).toMatchObject({
      message: 'Einige Felder sind ungültig.',
      errors: {
        split: 'Anteil der Kunden mit Variante B muss kleiner oder gleich 99 sein',
        'variant.name': 'Name der Variante B ist ein Pflichtfeld',
      },
    });
    const fr = await post('fr');
    expect(fr.json()).toMatchObject({
      message: 'Certains champs ne sont pas valides.',
      errors: { split: 'Part des clients qui voient la variante B doit être inférieur ou égal à 99' },
    });
    // Without it: the shop's language (English here), still with the field's name, not the raw key.
    expect((await post()).json().errors.split).toBe(
      'Share of shoppers seeing variant B must be less than or equal to 99',
    );
    // Other refusals of the A/B test routes too.
    const unknown = await t.request({
      method: 'PATCH',
      url: `${EXPERIMENTS_PATH}/2147483000`,
      payload: { split: 20 },
      shop: SHOP_A,
      headers: { [INTERFACE_LOCALE_HEADER]: 'de' },
    });
    expect(unknown.json().message).toBe('Diesen A/B-Test gibt es nicht.');
  });

  it('edits while draft, starts, allows one running test per look, stops; other shops get 404', async () => {
    const e = (
      await create(lookA2, { variant: { name: 'Grid', imageUrl: null, template: 'multi_col' } })
    ).json() as Experiment;
    expect((await req('PATCH', `${EXPERIMENTS_PATH}/${e.id}`, { split: 20 }, SHOP_B)).statusCode).toBe(404);
    expect((await req('PATCH', `${EXPERIMENTS_PATH}/${e.id}`, {})).statusCode).toBe(400);
    const edited = (
      await req('PATCH', `${EXPERIMENTS_PATH}/${e.id}`, {
        split: 20,
        variant: { name: 'Grid 2', imageUrl: null, template: 'one_column' },
      })
    ).json() as Experiment;
    expect(edited.variants.map((v) => [v.name, v.split, v.template])).toEqual([
      ['A', 80, null],
      ['Grid 2', 20, 'one_column'],
    ]);
    const started = await req('PATCH', `${EXPERIMENTS_PATH}/${e.id}`, { status: 'running' });
    expect(started.json()).toMatchObject({ status: 'running', startedAt: clock.toISOString() });
    expect((await req('PATCH', `${EXPERIMENTS_PATH}/${e.id}`, { split: 40 })).statusCode).toBe(409);
    const second = (
      await create(lookA2, { variant: { name: 'C', imageUrl: null, template: 'inpage' } })
    ).json() as Experiment;
    const clash = await req('PATCH', `${EXPERIMENTS_PATH}/${second.id}`, { status: 'running' });
    expect(clash.statusCode).toBe(409);
    expect(typeof clash.json().message).toBe('string');
    expect((await req('PATCH', `${EXPERIMENTS_PATH}/${e.id}`, { status: 'stopped' })).json()).toMatchObject({
      status: 'stopped',
    });
    expect((await req('PATCH', `${EXPERIMENTS_PATH}/${e.id}`, { status: 'stopped' })).statusCode).toBe(409);
    expect((await req('PATCH', `${EXPERIMENTS_PATH}/999999`, { status: 'stopped' })).statusCode).toBe(404);
  });

  it('counts variant impressions and add-to-carts of a running test from the funnel ingest, once per visitor and day', async () => {
    const look = await insertLook(t.db, shopA, { title: 'Tested', mainProduct: { productImages: [IMG] } });
    const e = (await create(look)).json() as Experiment;
    const [a, b] = e.variants;
    const send = (visitorId: string, events: Partial<FunnelEvent>[]) =>
      t.app.inject({
        method: 'POST',
        url: `${DEMO_EVENTS_PATH}?shop=${SHOP_A}`,
        payload: {
          visitorId,
          events: events.map((x) => ({
            type: 'impression',
            lookId: look,
            device: 'mobile',
            at: clock.getTime(),
            ...x,
          })),
        },
      });
    const [inA, inB] = [visitorOf(e, a.id), visitorOf(e, b.id)];
    // Not running yet: not counted.
    await send(inB, [{ variantId: b.id }]);
    await req('PATCH', `${EXPERIMENTS_PATH}/${e.id}`, { status: 'running' });
    await send(inA, [
      { variantId: a.id },
      { variantId: a.id },
      { type: 'add_to_cart', variantId: a.id, productId: 'gid://shopify/Product/2' },
    ]);
    await send(inA, [{ type: 'add_to_cart', variantId: a.id, productId: 'gid://shopify/Product/3' }]);
    await send(inB, [{ variantId: b.id }]);
    // A variant of another look's experiment, or no variant: ignored by the test.
    await send(visitorOf(e, a.id, 1000), [{ variantId: 999_999 }, {}]);
    const listed = ((await req('GET', `${EXPERIMENTS_PATH}?lookId=${look}`)).json() as Experiment[])[0];
    expect(listed.variants.map((v) => [v.impressions, v.conversions])).toEqual([
      [1, 1],
      [1, 0],
    ]);
    expect(listed.sampleTooSmall).toBe(true);
  });

  it('counts an event into a variant only for a visitor assigned to it; the look counts it either way', async () => {
    const look = await insertLook(t.db, shopA, { title: 'Checked', mainProduct: { productImages: [IMG] } });
    const e = (await create(look)).json() as Experiment;
    const [a, b] = e.variants;
    await req('PATCH', `${EXPERIMENTS_PATH}/${e.id}`, { status: 'running' });
    const [inA, inB] = [visitorOf(e, a.id), visitorOf(e, b.id)];
    const send = (visitorId: string, events: Partial<FunnelEvent>[]) =>
      t.app.inject({
        method: 'POST',
        url: `${DEMO_EVENTS_PATH}?shop=${SHOP_A}`,
        payload: {
          visitorId,
          events: events.map((x) => ({
            type: 'impression',
            lookId: look,
            device: 'desktop',
            at: clock.getTime(),
            ...x,
          })),
        },
      });
    // A visitor of A who claims B (a forged or stale id), and one of B who claims A: the look's funnel only.
    expect(
      (
        await send(inA, [
          { variantId: b.id },
          { type: 'add_to_cart', variantId: b.id, productId: 'gid://shopify/Product/9' },
        ])
      ).statusCode,
    ).toBeLessThan(300);
    await send(inB, [{ variantId: a.id }]);
    // B's own visitor: counted for B.
    await send(inB, [
      { variantId: b.id },
      { type: 'add_to_cart', variantId: b.id, productId: 'gid://shopify/Product/9' },
    ]);
    const listed = ((await req('GET', `${EXPERIMENTS_PATH}?lookId=${look}`)).json() as Experiment[])[0];
    expect(listed.variants.map((v) => [v.name, v.impressions, v.conversions])).toEqual([
      ['A', 0, 0],
      ['B', 1, 1],
    ]);
    const funnel = await sql<{ impressions: number; addToCarts: number }>`
      SELECT sum(impressions)::int AS impressions, sum(add_to_carts)::int AS "addToCarts" FROM look_funnel_daily WHERE look_id = ${look}`.execute(
      t.db,
    );
    expect(funnel.rows[0]).toEqual({ impressions: 2, addToCarts: 2 });
    // The raw events keep only the checked variant id.
    const raw = await sql<{ visitorId: string; variantId: number | null }>`
      SELECT visitor_id AS "visitorId", variant_id AS "variantId" FROM funnel_events WHERE look_id = ${look}`.execute(
      t.db,
    );
    const key = (r: [string, number | null]) => `${r[0]}:${r[1]}`;
    const rows = (list: Array<[string, number | null]>) => list.map(key).sort();
    expect(rows(raw.rows.map((r) => [r.visitorId, r.variantId]))).toEqual(
      rows([
        [inA, null],
        [inA, null],
        [inB, null],
        [inB, b.id],
        [inB, b.id],
      ]),
    );
  });

  it('gives P(B beats A) once the sample is large enough: 0.5 for equal data', async () => {
    const look = await insertLook(t.db, shopA, { title: 'Big', mainProduct: { productImages: [IMG] } });
    const e = (await create(look)).json() as Experiment;
    await req('PATCH', `${EXPERIMENTS_PATH}/${e.id}`, { status: 'running' });
    for (const v of e.variants) {
      await t.db
        .insertInto('experimentVariantDaily')
        .values({ variantId: v.id, day: '2026-11-19', impressions: 500, conversions: 25 })
        .execute();
    }
    const listed = ((await req('GET', `${EXPERIMENTS_PATH}?lookId=${look}`)).json() as Experiment[])[0];
    expect(listed.sampleTooSmall).toBe(false);
    expect(listed.variants[0].probabilityToBeatControl).toBeNull();
    expect(listed.variants[1].probabilityToBeatControl).toBeCloseTo(0.5, 6);
    expect(listed.variants[1].conversionRate).toBeCloseTo(0.05, 6);
  });

  it('applies the winner: the look gets its image and template, the test stops', async () => {
    const look = await insertLook(t.db, shopA, {
      title: 'Apply',
      mainProduct: { image: '/files/catalog/a.jpg', productImages: [IMG] },
    });
    const e = (
      await create(look, { variant: { name: 'B', imageUrl: IMG, template: 'multi_col' } })
    ).json() as Experiment;
    const b = e.variants[1];
    expect((await req('POST', `${EXPERIMENTS_PATH}/${e.id}/apply`, { variantId: b.id })).statusCode).toBe(409); // draft
    await req('PATCH', `${EXPERIMENTS_PATH}/${e.id}`, { status: 'running' });
    expect((await req('POST', `${EXPERIMENTS_PATH}/${e.id}/apply`, { variantId: b.id }, SHOP_B)).statusCode).toBe(404);
    expect((await req('POST', `${EXPERIMENTS_PATH}/${e.id}/apply`, { variantId: 999_999 })).statusCode).toBe(404);
    expect((await req('POST', `${EXPERIMENTS_PATH}/${e.id}/apply`, { variantId: 'x' })).statusCode).toBe(400);
    const row = await t.db
      .selectFrom('productLooks')
      .select(['mainProduct', 'layoutTemplate'])
      .where('id', '=', look)
      .executeTakeFirstOrThrow();
    expect([row.mainProduct.selectedMainImage, row.layoutTemplate]).toEqual([null, null]);
    const applied = await req('POST', `${EXPERIMENTS_PATH}/${e.id}/apply`, { variantId: b.id });
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ status: 'stopped', appliedVariantId: b.id });
    const after = await t.db
      .selectFrom('productLooks')
      .select(['mainProduct', 'layoutTemplate'])
      .where('id', '=', look)
      .executeTakeFirstOrThrow();
    expect([after.mainProduct.selectedMainImage, after.layoutTemplate]).toEqual([IMG, 'multi_col']);
    expect((await req('POST', `${EXPERIMENTS_PATH}/${e.id}/apply`, { variantId: b.id })).statusCode).toBe(409);
  });
});
