jest.setTimeout(60_000);
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { createTestApp, type TestApp } from '../../test/testApp';
import { insertLook } from '../../test/looks';
import { DEV_API_SECRET } from '../../config';
import { signWebhook, verifyWebhookHmac } from './hmac';
import { WEBHOOK_TOPICS } from './registry';
import { MAX_ATTEMPTS, recordDelivery } from './deliveries';
import { deadLetterCounts } from '../../jobs';
import { processDelivery } from './process';
import { countRows, deliver } from './test/deliver';

/** The delivery itself, whatever the topic: signature, record-then-process, de-duplication, retries. */
const SHOP = 'hooks.myshopify.com';

const order = (id: number, lookId: number) => ({
  id,
  name: `#${id}`,
  total_price: '50.00',
  currency: 'USD',
  created_at: '2025-03-10T12:00:00Z',
  line_items: [
    { product_id: 1, quantity: 1, price: '50.00', properties: [{ name: '_look_id', value: String(lookId) }] },
  ],
});

describe('POST /api/webhooks', () => {
  let t: TestApp;
  let shopId: number;
  let lookId: number;
  beforeAll(async () => {
    t = await createTestApp();
    shopId = (await t.provision(SHOP)).id;
    lookId = await insertLook(t.db, shopId);
  });
  afterAll(() => t.close());

  const ordersOf = (platformOrderId: string) =>
    t.db
      .selectFrom('orders')
      .select(['id', 'generatedRevenue'])
      .where('platformOrderId', '=', platformOrderId)
      .execute();
  const deliveries = () => t.db.selectFrom('webhookDeliveries').selectAll().orderBy('id').execute();

  it('records a signed delivery with its ids, answers 200 and does the work after the answer', async () => {
    const res = await deliver(t, 'orders/create', order(1, lookId), { eventId: 'evt-1', webhookId: 'wh-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, handled: true, duplicate: false });
    expect(await ordersOf('1')).toEqual([expect.objectContaining({ generatedRevenue: '50.00' })]);
    const [row] = (await deliveries()).filter((d) => d.eventId === 'evt-1');
    expect(row).toMatchObject({
      shopId,
      topic: 'orders/create',
      webhookId: 'wh-1',
      apiVersion: '2026-10',
      status: 'processed',
      attempts: 1,
      payload: null,
    });
    expect(row.processedAt).toBeInstanceOf(Date);
  });

  it('answers 401 and writes nothing for a tampered body, a wrong secret, a missing or malformed signature', async () => {
    const before = { deliveries: await countRows(t, 'webhook_deliveries'), orders: await countRows(t, 'orders') };
    const raw = JSON.stringify(order(2, lookId));
    const signed = signWebhook(raw, t.config.apiSecret);
    const attempts = [
      deliver(t, 'orders/create', null, { raw: raw.replace('50.00', '99.00'), hmac: signed }),
      deliver(t, 'orders/create', order(2, lookId), { secret: 'not-the-secret' }),
      deliver(t, 'orders/create', order(2, lookId), { hmac: null }),
      deliver(t, 'orders/create', order(2, lookId), { hmac: '' }),
      deliver(t, 'orders/create', order(2, lookId), { hmac: 'garbage' }),
      // The same JSON with other whitespace: the signature covers the raw bytes, not the parsed object.
      deliver(t, 'orders/create', null, { raw: JSON.stringify(order(2, lookId), null, 2), hmac: signed }),
      // The right digest, but hex instead of base64, or with trailing junk.
      deliver(t, 'orders/create', null, { raw, hmac: Buffer.from(signed, 'base64').toString('hex') }),
      deliver(t, 'orders/create', null, { raw, hmac: `${signed}==` }),
      // Unknown topics and shops are checked after the signature too.
      deliver(t, 'products/whatever', { id: 1 }, { hmac: 'bad' }),
      deliver(t, 'shop/redact', { shop_domain: SHOP }, { hmac: signWebhook('{}', t.config.apiSecret) }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        received: false,
        message: 'Invalid webhook signature',
        requestId: expect.any(String),
      });
    }
    expect({ deliveries: await countRows(t, 'webhook_deliveries'), orders: await countRows(t, 'orders') }).toEqual(
      before,
    );
  });

  it('takes the exact bytes it was sent (unusual whitespace, unicode) when they are signed', async () => {
    const raw = `{ "id" : 3,\n "name": "#3 ü", "total_price": "50.00", "line_items": [] }`;
    const res = await deliver(t, 'orders/create', null, { raw });
    expect(res.statusCode).toBe(200);
    expect(await t.db.selectFrom('orders').select('identifier').where('platformOrderId', '=', '3').execute()).toEqual([
      { identifier: '#3 ü' },
    ]);
  });

  it('a replayed delivery (same event id, or same webhook id) changes nothing', async () => {
    const first = await deliver(t, 'orders/create', order(4, lookId), { eventId: 'evt-4', webhookId: 'wh-4a' });
    const sameEvent = await deliver(t, 'orders/create', order(4, lookId), { eventId: 'evt-4', webhookId: 'wh-4b' });
    const sameWebhook = await deliver(t, 'orders/create', order(4, lookId), { eventId: null, webhookId: 'wh-4a' });
    expect(first.json().duplicate).toBe(false);
    expect(sameEvent.json()).toEqual({ received: true, handled: true, duplicate: true });
    expect(sameWebhook.json()).toEqual({ received: true, handled: true, duplicate: true });
    expect((await deliveries()).filter((d) => d.eventId === 'evt-4' || d.webhookId?.startsWith('wh-4'))).toHaveLength(
      1,
    );
    expect(await ordersOf('4')).toHaveLength(1);
    const [{ id }] = await ordersOf('4');
    expect(await t.db.selectFrom('orderLookItems').select('quantity').where('orderId', '=', id).execute()).toEqual([
      { quantity: 1 },
    ]);
  });

  it('the same event id on another topic or another shop is a different delivery', async () => {
    const other = await t.provision('hooks-other.myshopify.com');
    await deliver(t, 'orders/create', order(5, lookId), { eventId: 'evt-5' });
    const paid = await deliver(t, 'orders/paid', order(5, lookId), { eventId: 'evt-5' });
    const otherShop = await deliver(t, 'orders/create', order(5, lookId), {
      eventId: 'evt-5',
      shop: 'hooks-other.myshopify.com',
    });
    expect(paid.json().duplicate).toBe(false);
    expect(otherShop.json().duplicate).toBe(false);
    expect(await countRows(t, 'webhook_deliveries', other.id)).toBe(1);
  });

  it('acknowledges topics without a handler and unknown shops with 200, recording nothing', async () => {
    const before = await countRows(t, 'webhook_deliveries');
    const unknownTopic = await deliver(t, 'inventory_levels/update', { inventory_item_id: 1 });
    const unknownShop = await deliver(t, 'orders/create', order(6, lookId), { shop: 'nobody.myshopify.com' });
    const erasedShop = await deliver(
      t,
      'shop/redact',
      { shop_id: 1, shop_domain: 'gone.myshopify.com' },
      { shop: 'gone.myshopify.com' },
    );
    for (const res of [unknownTopic, unknownShop, erasedShop]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, handled: false });
    }
    expect(await countRows(t, 'webhook_deliveries')).toBe(before);
  });

  it('answers 400 without the platform headers; a signed body that is not JSON, or a payload the topic cannot use, is logged and answered 200; nothing is recorded', async () => {
    const before = await countRows(t, 'webhook_deliveries');
    for (const res of [
      await deliver(t, '', order(7, lookId)),
      await deliver(t, 'orders/create', order(7, lookId), { shop: '' }),
    ]) {
      expect(res.statusCode).toBe(400);
    }
    // A 4xx would have the platform retry the same bytes for 48 hours and count it against the app.
    const unusable = [
      await deliver(t, 'orders/create', null, { raw: '{not json' }),
      await deliver(t, 'orders/create', null, { raw: '' }),
      await deliver(t, 'orders/create', { name: 'no id' }),
      await deliver(t, 'orders/create', [1, 2]),
      await deliver(t, 'orders/create', { id: 7, line_items: 'many' }),
    ];
    for (const res of unusable) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true, handled: false, message: expect.any(String) });
    }
    expect(await countRows(t, 'webhook_deliveries')).toBe(before);
    expect(await ordersOf('7')).toEqual([]);
  });

  /** The delivery's job as the engine holds it. */
  const jobOf = async (deliveryId: number) => {
    const { rows } = await t.app.jobs.boss
      .getDb()
      .executeSql(
        `select id, state, retry_count, retry_limit, extract(epoch from start_after - now())::float8 as due_in from pgboss.job where name = 'webhook.deliver' and (data->>'deliveryId')::int = $1`,
        [deliveryId],
      );
    return rows[0] as { id: string; state: string; retry_count: number; retry_limit: number; due_in: number };
  };
  /** The clock moves on: the delivery's retry is due now. */
  const retryNow = (jobId: string, retryCount?: number) =>
    t.app.jobs.boss
      .getDb()
      .executeSql(
        `update pgboss.job set start_after = now()${retryCount === undefined ? '' : `, retry_count = ${retryCount}`} where name = 'webhook.deliver' and id = $1`,
        [jobId],
      );
  const withoutOrdersTable = async (fn: () => Promise<unknown>) => {
    // The database loses the orders table for a moment: processing throws.
    await sql`ALTER TABLE orders RENAME TO orders_away`.execute(t.db);
    try {
      await fn();
    } finally {
      await sql`ALTER TABLE orders_away RENAME TO orders`.execute(t.db);
    }
  };

  it('a delivery whose processing fails is kept, answered 200, retried on a timer with backoff, and done exactly once', async () => {
    let res: Awaited<ReturnType<typeof deliver>> | undefined;
    await withoutOrdersTable(
      async () => (res = await deliver(t, 'orders/create', order(8, lookId), { eventId: 'evt-8' })),
    );
    expect(res!.statusCode).toBe(200);
    const [failed] = (await deliveries()).filter((d) => d.eventId === 'evt-8');
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed.payload).toContain('"id":8');
    expect(failed.lastError).toMatch(/orders/);
    expect(await ordersOf('8')).toEqual([]);
    // Its job waits for its retry: 30 s, with jitter up to twice that.
    const first = await jobOf(failed.id);
    expect(first.state).toBe('retry');
    expect(first.due_in).toBeGreaterThan(25);
    expect(first.due_in).toBeLessThanOrEqual(60);

    // The platform's retry of the same event is a duplicate: acknowledged, no extra try.
    const retry = await deliver(t, 'orders/create', order(8, lookId), { eventId: 'evt-8' });
    expect(retry.json().duplicate).toBe(true);
    expect((await deliveries()).find((d) => d.eventId === 'evt-8')).toMatchObject({ status: 'failed', attempts: 1 });

    // The retry comes due and fails again: the next one waits longer (60 to 120 s).
    await withoutOrdersTable(async () => {
      await retryNow(first.id);
      await t.app.webhookQueue.idle();
    });
    expect((await deliveries()).find((d) => d.eventId === 'evt-8')).toMatchObject({ status: 'failed', attempts: 2 });
    const second = await jobOf(failed.id);
    expect(second).toMatchObject({ id: first.id, state: 'retry' });
    expect(second.due_in).toBeGreaterThan(55);

    // The third try succeeds: the order is recorded once, the payload dropped, nothing dead.
    await retryNow(first.id);
    await t.app.webhookQueue.idle();
    expect(await ordersOf('8')).toHaveLength(1);
    expect((await deliveries()).find((d) => d.eventId === 'evt-8')).toMatchObject({
      status: 'processed',
      attempts: 3,
      payload: null,
      lastError: null,
    });
    expect((await jobOf(failed.id)).state).toBe('completed');
    expect((await deadLetterCounts(t.app.jobs))['webhook.deliver']).toBeUndefined();
  });

  it('a delivery that keeps failing is left for an operator: dead, payload kept, its job in the dead letter queue', async () => {
    await withoutOrdersTable(async () => {
      await deliver(t, 'orders/create', order(11, lookId), { eventId: 'evt-11' });
      const [row] = (await deliveries()).filter((d) => d.eventId === 'evt-11');
      // Its tries run out: the last allowed one comes due and fails.
      await t.db
        .updateTable('webhookDeliveries')
        .set({ attempts: MAX_ATTEMPTS - 1 })
        .where('id', '=', row.id)
        .execute();
      const job = await jobOf(row.id);
      await retryNow(job.id, job.retry_limit - 1);
      await t.app.webhookQueue.idle();
    });
    const [dead] = (await deliveries()).filter((d) => d.eventId === 'evt-11');
    expect(dead).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS });
    expect(dead.payload).toContain('"id":11');
    expect((await jobOf(dead.id)).state).toBe('failed');
    expect((await deadLetterCounts(t.app.jobs))['webhook.deliver']).toBe(1);
    expect(await processDelivery({ db: t.db, config: t.config }, dead.id)).toBe('skipped');
    expect(await ordersOf('11')).toEqual([]);
  });

  it('the upkeep queues a delivery recorded without a job (an older version, the demo seed)', async () => {
    const body = JSON.stringify(order(14, lookId));
    const recorded = await recordDelivery(t.db, shopId, { topic: 'orders/create', eventId: 'evt-14' }, body);
    await t.db
      .updateTable('webhookDeliveries')
      .set({ receivedAt: sql`now() - interval '2 minutes'` })
      .where('id', '=', recorded.id)
      .execute();
    expect(await t.app.webhookQueue.upkeep()).toMatchObject({ queued: 1 });
    await t.app.webhookQueue.idle();
    expect(await ordersOf('14')).toHaveLength(1);
    expect(await t.app.webhookQueue.upkeep()).toMatchObject({ queued: 0 });
  });

  it('a delivery is processed once even when two workers reach for it', async () => {
    const res = await deliver(t, 'orders/create', order(12, lookId), { eventId: 'evt-12', settle: false });
    expect(res.statusCode).toBe(200);
    const [row] = (await deliveries()).filter((d) => d.eventId === 'evt-12');
    const outcomes = await Promise.all([1, 2, 3].map(() => processDelivery({ db: t.db, config: t.config }, row.id)));
    await t.app.webhookQueue.idle();
    expect(outcomes.filter((o) => o === 'processed').length).toBeLessThanOrEqual(1);
    const [done] = (await deliveries()).filter((d) => d.eventId === 'evt-12');
    expect(done).toMatchObject({ status: 'processed', attempts: 1 });
    expect(await ordersOf('12')).toHaveLength(1);
  });
});

describe('topic registry', () => {
  it('has one handler file per topic under topics/', () => {
    expect([...WEBHOOK_TOPICS].sort()).toEqual(
      [
        'app/scopes_update',
        'app/uninstalled',
        'app_subscriptions/update',
        'customers/data_request',
        'customers/redact',
        'orders/cancelled',
        'orders/create',
        'orders/paid',
        'refunds/create',
        'products/create',
        'products/delete',
        'products/update',
        'shop/redact',
      ].sort(),
    );
    for (const topic of WEBHOOK_TOPICS) {
      const file = topic.replace(/[/_](\w)/g, (_m, c: string) => c.toUpperCase());
      expect(fs.existsSync(path.join(__dirname, 'topics', `${file}.ts`))).toBe(true);
    }
  });
});

describe('verifyWebhookHmac', () => {
  const body = Buffer.from('{"id":1}');
  it('accepts exactly the base64 HMAC-SHA256 of the raw body with the secret', () => {
    expect(verifyWebhookHmac(body, signWebhook(body, DEV_API_SECRET), DEV_API_SECRET)).toBe(true);
    expect(verifyWebhookHmac(body, signWebhook(body, 'x'), DEV_API_SECRET)).toBe(false);
    expect(verifyWebhookHmac(Buffer.from('{"id":2}'), signWebhook(body, DEV_API_SECRET), DEV_API_SECRET)).toBe(false);
    expect(verifyWebhookHmac(body, undefined, DEV_API_SECRET)).toBe(false);
    expect(verifyWebhookHmac(body, signWebhook(body, ''), '')).toBe(false);
    const hex = Buffer.from(signWebhook(body, DEV_API_SECRET), 'base64').toString('hex');
    expect(verifyWebhookHmac(body, hex, DEV_API_SECRET)).toBe(false);
  });
});
