import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';
import { sql } from 'kysely';
import { shopifyTestApp, installShop } from '../../test/platformShop';
import type { FakeShopifyAdmin } from '../../test/fakeShopifyAdmin';
import type { TestApp } from '../../test/testApp';
import type { FakeFlow } from '../../test/fakeAdmin/flow';
import { catalogProductInput, insertLook, lookItem } from '../../test/looks';
import { signWebhook } from '../webhooks/hmac';
import { API_PREFIX } from '../../../src/contracts/api';
import type { Experiment } from '../../../src/contracts/experiments';
import type { ShopRow } from '../../services/shop/shops';
import { FLOW_TRIGGERS, FLOW_TRIGGER_HANDLES } from '../../services/flow/flowTriggers';
import { sendLookItemSoldOut } from '../../services/flow/flowEvents';
import { upsertCatalogProducts } from '../../services/shop/catalog';
import { unreadChanges } from '../../services/changes/reader';
import type { Db } from '../../db';
import { checkConversionDrops, findConversionDrops, MIN_WEEKLY_IMPRESSIONS } from '../../services/flow/conversionDrop';
import { FLOW_LIFECYCLE_PATH } from '../../routes/flowLifecycle';
import { EXPERIMENTS_PATH } from '../../routes/experiments';
import { sendFlowTrigger } from './flowTriggerReceive';

jest.setTimeout(60_000);

const KEY = 'flow-key';
const SECRET = 'flow-secret';
const EXTENSIONS = path.resolve(__dirname, '..', '..', '..', 'extensions');

interface ExtensionToml {
  extensions?: Array<{ type: string; handle: string; name: string; url?: string }>;
  settings?: { fields?: Array<{ type: string; key?: string }> };
}
const tomls = (type: string) =>
  fs
    .readdirSync(EXTENSIONS)
    .filter((dir) => fs.existsSync(path.join(EXTENSIONS, dir, 'shopify.extension.toml')))
    .map(
      (dir) =>
        parse(
          fs.readFileSync(path.join(EXTENSIONS, dir, 'shopify.extension.toml'), 'utf8'),
        ) as unknown as ExtensionToml,
    )
    .filter((t) => t.extensions?.[0]?.type === type)
    .map((t) => ({ ...t, extension: t.extensions![0] }));

describe('the flow_trigger extensions', () => {
  const triggers = () => tomls('flow_trigger');

  it('declare exactly the triggers the server sends, with the payload keys it sends', () => {
    const declared = Object.fromEntries(
      triggers().map((t) => [
        t.extension.handle,
        (t.settings?.fields ?? []).map((f) =>
          f.type.endsWith('_reference') ? `${f.type.replace('_reference', '')}_id` : f.key,
        ),
      ]),
    );
    expect(declared).toEqual(Object.fromEntries(Object.values(FLOW_TRIGGERS).map((t) => [t.handle, [...t.keys]])));
    expect(
      triggers()
        .map((t) => t.extension.name)
        .sort(),
    ).toEqual(['Look A/B test decided', 'Look conversion dropped', 'Look item sold out']);
  });

  it('follow the platform rules: handles ≤ 30 characters of letters, digits and hyphens; keys of letters and spaces', () => {
    for (const t of triggers()) {
      expect(t.extension.handle).toMatch(/^[a-z0-9-]{1,30}$/);
      for (const f of t.settings?.fields ?? [])
        if (!f.type.endsWith('_reference')) expect(f.key).toMatch(/^[a-zA-Z\s]+$/);
    }
  });

  it('the lifecycle callback extension points at the route that records it', () => {
    const callbacks = tomls('flow_trigger_lifecycle_callback');
    expect(callbacks.map((t) => t.extension.url)).toEqual([FLOW_LIFECYCLE_PATH]);
  });
});

describe('Shopify Flow triggers against the Admin API stand-in', () => {
  let fake: FakeShopifyAdmin;
  let t: TestApp;
  let close: () => Promise<void>;
  let shop: ShopRow;
  const DOMAIN = 'flow-shop.myshopify.com';
  const flow = () => fake.module<FakeFlow>('flow');
  const callback = (body: object, secret = SECRET) => {
    const raw = JSON.stringify(body);
    return t.app.inject({
      method: 'POST',
      url: FLOW_LIFECYCLE_PATH,
      payload: raw,
      headers: { 'content-type': 'application/json', 'x-shopify-hmac-sha256': signWebhook(raw, secret) },
    });
  };
  let clock = Date.parse('2026-11-20T10:00:00Z');
  const use = async (handle: string, enabled: boolean, domain = DOMAIN) => {
    clock += 1000;
    const res = await callback({
      flow_trigger_definition_id: handle,
      has_enabled_flow: enabled,
      shop_id: 690933842,
      shopify_domain: domain,
      timestamp: new Date(clock).toISOString(),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { recorded: boolean };
  };
  const received = async () => {
    await t.app.jobs.idle(['flow.lookItemSoldOut', 'flow.trigger']);
    return flow().received(DOMAIN);
  };

  beforeAll(async () => {
    ({ fake, t, close } = await shopifyTestApp(KEY, SECRET, {}, { restoreRate: 20_000 }));
    flow().deploy([...FLOW_TRIGGER_HANDLES]);
    shop = await installShop(t, DOMAIN);
  });
  afterAll(async () => close());

  describe('the lifecycle callback', () => {
    it('refuses a bad signature (401) and a body that is not a callback (400), recording nothing', async () => {
      const body = {
        flow_trigger_definition_id: FLOW_TRIGGERS.itemSoldOut.handle,
        has_enabled_flow: true,
        shopify_domain: DOMAIN,
        timestamp: new Date().toISOString(),
      };
      expect((await callback(body, 'wrong-secret')).statusCode).toBe(401);
      const raw = 'not json';
      const notJson = await t.app.inject({
        method: 'POST',
        url: FLOW_LIFECYCLE_PATH,
        payload: raw,
        headers: { 'content-type': 'application/json', 'x-shopify-hmac-sha256': signWebhook(raw, SECRET) },
      });
      expect(notJson.statusCode).toBe(400);
      expect((await callback({ ...body, has_enabled_flow: 'yes' })).statusCode).toBe(400);
      expect(await t.db.selectFrom('flowTriggerUsage').selectAll().execute()).toEqual([]);
    });

    it('answers 200 for a trigger or shop it does not know (Flow needs a 2xx to enable the workflow), recording nothing', async () => {
      expect(await use('someone-elses-trigger', true)).toEqual({ ok: true, recorded: false });
      expect(await use(FLOW_TRIGGERS.itemSoldOut.handle, true, 'unknown.myshopify.com')).toEqual({
        ok: true,
        recorded: false,
      });
    });

    it('records use per shop and trigger; a late, older callback does not overwrite a newer one', async () => {
      expect(await use(FLOW_TRIGGERS.itemSoldOut.handle, true)).toEqual({ ok: true, recorded: true });
      const old = await callback({
        flow_trigger_definition_id: FLOW_TRIGGERS.itemSoldOut.handle,
        has_enabled_flow: false,
        shopify_domain: DOMAIN,
        timestamp: '2020-01-01T00:00:00Z',
      });
      expect(old.json()).toEqual({ ok: true, recorded: false });
      const row = await t.db
        .selectFrom('flowTriggerUsage')
        .select(['handle', 'enabled'])
        .where('shopId', '=', shop.id)
        .execute();
      expect(row).toEqual([{ handle: FLOW_TRIGGERS.itemSoldOut.handle, enabled: true }]);
    });
  });

  it('"Look item sold out" is sent with flowTriggerReceive (handle + payload) only while the shop uses it', async () => {
    const lookId = await insertLook(t.db, shop.id, { title: 'Summer look' });
    await use(FLOW_TRIGGERS.itemSoldOut.handle, false);
    expect(
      await sendLookItemSoldOut(t.db, t.config, shop.id, { lookId, productGid: 'gid://shopify/Product/4242' }),
    ).toBe(false);
    expect(await received()).toEqual([]);
    await use(FLOW_TRIGGERS.itemSoldOut.handle, true);
    expect(
      await sendLookItemSoldOut(t.db, t.config, shop.id, { lookId, productGid: 'gid://shopify/Product/4242' }),
    ).toBe(true);
    // Another shop's look is not this shop's to report.
    expect(
      await sendLookItemSoldOut(t.db, t.config, shop.id + 1000, { lookId, productGid: 'gid://shopify/Product/4242' }),
    ).toBe(false);
    expect(await received()).toEqual([
      {
        shop: DOMAIN,
        handle: 'look-item-sold-out',
        payload: {
          product_id: 4242,
          'Look ID': String(lookId),
          'Look title': 'Summer look',
          'Look admin URL': `https://admin.shopify.com/store/flow-shop/apps/${t.config.shopifyApp.handle}/looks/edit/${lookId}`,
        },
      },
    ]);
    const call = fake.graphql.filter((g) => /flowTriggerReceive/.test(g.query)).at(-1)!;
    expect(call.variables).toEqual({
      handle: 'look-item-sold-out',
      payload: expect.objectContaining({ product_id: 4242 }),
    });
  });

  const product = (n: number, available: boolean) => catalogProductInput(n, { handle: `flow-${n}`, available });
  const item = (n: number) => lookItem(n);

  it('an item of an active look selling out (the stock write) reaches Flow as "Look item sold out", once', async () => {
    await upsertCatalogProducts(t.db, shop.id, [product(5151, true)]);
    const lookId = await insertLook(t.db, shop.id, { title: 'Winter look', relatedItems: [item(5151)] });
    await use(FLOW_TRIGGERS.itemSoldOut.handle, true);
    const before = (await received()).length;
    await upsertCatalogProducts(t.db, shop.id, [product(5151, false)]);
    // The same news again (a retried webhook): no second trigger.
    await upsertCatalogProducts(t.db, shop.id, [product(5151, false)]);
    const sent = (await received()).slice(before);
    expect(sent).toEqual([
      {
        shop: DOMAIN,
        handle: 'look-item-sold-out',
        payload: expect.objectContaining({ product_id: 5151, 'Look ID': String(lookId), 'Look title': 'Winter look' }),
      },
    ]);
  });

  it('a sold-out item whose instance died before any job ran: the change waits in the outbox, a reader run later sends it once', async () => {
    await upsertCatalogProducts(t.db, shop.id, [product(6161, true)]);
    const lookId = await insertLook(t.db, shop.id, { title: 'Rain look', relatedItems: [item(6161)] });
    await use(FLOW_TRIGGERS.itemSoldOut.handle, true);
    const before = (await received()).length;
    // The stock write through a handle without the job engine: it commits its changes and queues no reader
    // (as an instance killed right after the commit, before its jobs ran, leaves the shop).
    const crashed: Db = t.db.withTables<Record<never, never>>();
    await upsertCatalogProducts(crashed, shop.id, [product(6161, false)]);
    expect(
      (await unreadChanges(t.db, 'flow.lookItemSoldOut', shop.id)).filter((c) => c.kind === 'lookItemsSoldOut'),
    ).toEqual([expect.objectContaining({ after: { items: [{ lookId, productGid: 'gid://shopify/Product/6161' }] } })]);
    expect((await received()).slice(before)).toEqual([]);
    // A reader started later (the outbox upkeep queues it for a shop left behind): the trigger, once.
    await t.app.jobs.send('flow.lookItemSoldOut', { shopId: shop.id }, { shopId: shop.id });
    await received();
    await t.app.jobs.send('flow.lookItemSoldOut', { shopId: shop.id }, { shopId: shop.id });
    const sent = (await received()).slice(before);
    expect(sent).toEqual([
      {
        shop: DOMAIN,
        handle: 'look-item-sold-out',
        payload: expect.objectContaining({ product_id: 6161, 'Look ID': String(lookId), 'Look title': 'Rain look' }),
      },
    ]);
    expect(await unreadChanges(t.db, 'flow.lookItemSoldOut', shop.id)).toEqual([]);
  });

  it('a workflow disabled after the trigger was queued gets nothing; a handle Flow does not know is refused, not retried', async () => {
    const ref = { id: shop.id, domain: shop.domain };
    await use(FLOW_TRIGGERS.abTestDecided.handle, false);
    expect(
      await sendFlowTrigger(t.app.platform.context, t.app.platform.admin, ref, FLOW_TRIGGERS.abTestDecided.handle, {
        'Look ID': '1',
      }),
    ).toBe('not_in_use');
    flow().deploy([FLOW_TRIGGERS.itemSoldOut.handle]);
    await use(FLOW_TRIGGERS.abTestDecided.handle, true);
    try {
      expect(
        await sendFlowTrigger(t.app.platform.context, t.app.platform.admin, ref, FLOW_TRIGGERS.abTestDecided.handle, {
          'Look ID': '1',
        }),
      ).toBe('refused');
    } finally {
      flow().deploy([...FLOW_TRIGGER_HANDLES]);
    }
  });

  it('"Look A/B test decided" is sent when the merchant applies a winner, with the winning variant', async () => {
    await use(FLOW_TRIGGERS.abTestDecided.handle, true);
    const before = flow().received(DOMAIN).length;
    const lookId = await insertLook(t.db, shop.id, {
      title: 'Tested look',
      mainProduct: { image: '/files/a.jpg', productImages: ['https://cdn.example.com/b.jpg'] },
    });
    const req = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      t.request({ method, url, payload, shop: DOMAIN });
    const created = await req('POST', EXPERIMENTS_PATH, {
      lookId,
      split: 50,
      variant: { name: 'Lifestyle', imageUrl: 'https://cdn.example.com/b.jpg', template: null },
    });
    expect(created.statusCode).toBe(201);
    const e = created.json() as Experiment;
    await req('PATCH', `${EXPERIMENTS_PATH}/${e.id}`, { status: 'running' });
    for (const [v, conversions] of [
      [e.variants[0], 20],
      [e.variants[1], 40],
    ] as const) {
      await t.db
        .insertInto('experimentVariantDaily')
        .values({ variantId: v.id, day: '2026-11-19', impressions: 500, conversions })
        .execute();
    }
    expect((await req('POST', `${EXPERIMENTS_PATH}/${e.id}/apply`, { variantId: e.variants[1].id })).statusCode).toBe(
      200,
    );
    expect((await received()).slice(before)).toEqual([
      {
        shop: DOMAIN,
        handle: 'look-ab-test-decided',
        payload: {
          'Look ID': String(lookId),
          'Look title': 'Tested look',
          'Experiment ID': String(e.id),
          'Winning variant': 'Lifestyle',
          'Winner is control': false,
          'Winning conversion rate': 8,
        },
      },
    ]);
  });

  describe('"Look conversion dropped"', () => {
    const NOW = new Date('2026-11-23T08:00:00Z'); // a Monday; the weeks are Nov 16–22 and Nov 9–15
    const seed = async (lookId: number, rows: Array<[string, number, number]>) => {
      for (const [day, impressions, orders] of rows) {
        await t.db
          .insertInto('lookFunnelDaily')
          .values({ shopId: shop.id, day, lookId, device: 'desktop', impressions, orders })
          .execute();
      }
    };

    it('finds looks whose rate fell week over week by the threshold; too small samples say nothing', async () => {
      const dropped = await insertLook(t.db, shop.id, { title: 'Dropped' });
      const steady = await insertLook(t.db, shop.id, { title: 'Steady' });
      const tiny = await insertLook(t.db, shop.id, { title: 'Tiny' });
      await seed(dropped, [
        ['2026-11-10', 400, 20],
        ['2026-11-18', 400, 10],
      ]); // 5 % → 2.5 %: −50 %
      await seed(steady, [
        ['2026-11-10', 400, 20],
        ['2026-11-18', 400, 18],
      ]); // −10 %
      await seed(tiny, [
        ['2026-11-10', MIN_WEEKLY_IMPRESSIONS - 1, 5],
        ['2026-11-18', 400, 0],
      ]);
      const drops = await findConversionDrops(t.db, shop, 20, NOW);
      expect(drops.map((d) => [d.lookTitle, d.previousRate, d.rate, Math.round(d.dropPercent)])).toEqual([
        ['Dropped', 5, 2.5, 50],
      ]);
      expect((await findConversionDrops(t.db, shop, 5, NOW)).map((d) => d.lookTitle)).toEqual(['Dropped', 'Steady']);
      // Today's partial day and days before the two weeks do not count.
      await seed(steady, [
        ['2026-11-23', 10_000, 0],
        ['2026-11-01', 10_000, 0],
      ]);
      expect((await findConversionDrops(t.db, shop, 5, NOW)).map((d) => d.lookTitle)).toEqual(['Dropped', 'Steady']);
    });

    it('the weekly job sends it with the threshold from the settings, for shops that use it', async () => {
      const patched = await t.request({
        method: 'PATCH',
        url: `${API_PREFIX}/shop`,
        payload: { conversionDropThreshold: 40 },
        shop: DOMAIN,
      });
      expect(patched.statusCode).toBe(200);
      const before = flow().received(DOMAIN).length;
      await t.app.jobs.send('flow.conversionDrop', {});
      await t.app.jobs.idle(['flow.conversionDrop']);
      expect((await received()).slice(before)).toEqual([]); // not in use
      await use(FLOW_TRIGGERS.conversionDropped.handle, true);
      // What the job runs, at the Monday after the seeded weeks.
      expect(await checkConversionDrops(t.db, NOW)).toBe(1);
      const sent = (await received()).slice(before);
      expect(sent).toEqual([
        {
          shop: DOMAIN,
          handle: 'look-conversion-dropped',
          payload: expect.objectContaining({
            'Look title': 'Dropped',
            'Conversion rate': 2.5,
            'Previous conversion rate': 5,
            'Drop percent': 50,
            'Threshold percent': 40,
          }),
        },
      ]);
    });

    it('the threshold setting is validated: whole percent between 5 and 90', async () => {
      for (const bad of [4, 91, 12.5, '20', null]) {
        const res = await t.request({
          method: 'PATCH',
          url: `${API_PREFIX}/shop`,
          payload: { conversionDropThreshold: bad },
          shop: DOMAIN,
        });
        expect(res.statusCode).toBe(400);
        expect((res.json() as { errors: Record<string, string> }).errors).toHaveProperty('conversionDropThreshold');
      }
      const { rows } = await sql<{
        t: number;
      }>`select (settings->>'conversionDropThreshold')::int as t from shops where id = ${shop.id}`.execute(t.db);
      expect(rows[0].t).toBe(40);
    });
  });
});
