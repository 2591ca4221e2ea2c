import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { parse } from 'smol-toml';
import { createTestApp, type TestApp } from '../test/testApp';
import { FakeShopifyAdmin } from '../test/fakeShopifyAdmin';
import type { FakeWebhookSubscriptions } from '../test/fakeAdmin/webhookSubscriptions';
import { API_PREFIX } from '../../src/contracts/api';
import { APP_TOML_FILE } from '../appToml';
import { WEBHOOKS_PATH } from '../routes/webhooks';
import { PROXY_EVENTS_PATH } from '../routes/funnel';
import { insertLook } from '../test/looks';
import { WEBHOOK_TOPICS } from './webhooks';
import { attributeItems, orderDevice, orderShopCurrency, type OrderPayload } from '../services/analytics/orders';
import { INCLUDE_FIELDS, ORDER_INCLUDE_FIELDS, ORDER_WEBHOOK_TOPICS, WEBHOOKS_URI_PATH } from './orderWebhooks';

jest.setTimeout(60_000);

const KEY = 'orders-hooks-key';
const SECRET = 'orders-hooks-secret';
const APP_URL = 'https://looks.example.test';

/** Topics of customer-related resources: protected customer data, refused in the toml until the request is approved. */
const PROTECTED_TOPIC =
  /^(orders|order_transactions|refunds|customers|customer_|draft_orders|checkouts|fulfillments|fulfillment_orders)\b/;
const COMPLIANCE_TOPICS = ['customers/data_request', 'customers/redact', 'shop/redact'];

const appToml = () =>
  parse(fs.readFileSync(APP_TOML_FILE, 'utf8')) as {
    webhooks: { subscriptions: Array<{ topics?: string[]; compliance_topics?: string[]; uri: string }> };
  };
const tomlTopics = () => appToml().webhooks.subscriptions.flatMap((s) => s.topics ?? []);
const restTopic = (graphqlTopic: string) => graphqlTopic.toLowerCase().replace('_', '/');

describe('webhook topics of shopify.app.toml (the first deploy passes before protected customer data is approved)', () => {
  it('subscribes no topic with protected customer data in the toml', () => {
    expect(tomlTopics().filter((t) => PROTECTED_TOPIC.test(t))).toEqual([]);
  });

  it('every handled topic is subscribed: in the toml, per shop (orders), or as a compliance topic', () => {
    const subscribed = new Set([...tomlTopics(), ...ORDER_WEBHOOK_TOPICS.map(restTopic), ...COMPLIANCE_TOPICS]);
    expect(WEBHOOK_TOPICS.filter((t) => !subscribed.has(t))).toEqual([]);
    expect(ORDER_WEBHOOK_TOPICS.map(restTopic).sort()).toEqual([
      'orders/cancelled',
      'orders/create',
      'orders/paid',
      'refunds/create',
    ]);
  });

  it('the per-shop subscriptions deliver where the toml ones do', () => {
    expect(WEBHOOKS_URI_PATH).toBe(WEBHOOKS_PATH);
    expect(appToml().webhooks.subscriptions.every((s) => s.uri === WEBHOOKS_PATH)).toBe(true);
  });
});

describe('the order payload fields (includeFields)', () => {
  // A REST-shaped order as the platform sends it without includeFields (customer data included).
  const full: Record<string, unknown> = {
    id: 820982911946154500,
    name: '#1001',
    order_number: 1001,
    email: 'jon@example.com',
    phone: '+15555550100',
    customer: { id: 1, email: 'jon@example.com', first_name: 'Jon', last_name: 'Doe' },
    billing_address: { first_name: 'Jon', address1: '1 Main St', city: 'Ottawa' },
    shipping_address: { first_name: 'Jon', address1: '1 Main St', city: 'Ottawa' },
    total_price: '199.00',
    total_price_set: {
      shop_money: { amount: '215.00', currency_code: 'USD' },
      presentment_money: { amount: '199.00', currency_code: 'EUR' },
    },
    currency: 'EUR',
    created_at: '2026-11-20T10:00:00Z',
    financial_status: 'paid',
    client_details: { user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)', browser_ip: '203.0.113.7' },
    line_items: [
      {
        product_id: 11,
        quantity: 2,
        price: '50.00',
        discount_allocations: [{ amount: '10.00' }],
        properties: [{ name: '_look_id', value: '7' }],
      },
      { product_id: 12, quantity: 1, price: '99.00', properties: [] },
    ],
  };
  const cut = Object.fromEntries(
    Object.entries(full).filter(([k]) => (ORDER_INCLUDE_FIELDS as readonly string[]).includes(k)),
  ) as unknown as OrderPayload;

  it('keep everything the order attribution reads', () => {
    const order = full as unknown as OrderPayload;
    expect(attributeItems(cut, new Set([7]))).toEqual(attributeItems(order, new Set([7])));
    expect(attributeItems(cut, new Set([7]))).toHaveLength(1);
    expect(orderDevice(cut)).toBe('mobile');
    for (const key of [
      'id',
      'name',
      'order_number',
      'total_price',
      'total_price_set',
      'currency',
      'created_at',
      'financial_status',
    ] as const)
      expect(cut[key]).toEqual(order[key]);
    // The total in the shop's currency survives the cut (an order paid in EUR at a USD shop).
    expect(orderShopCurrency(cut, 'XXX')).toBe('USD');
  });

  it('leave out the customer, addresses and contact details', () => {
    for (const key of ['email', 'phone', 'customer', 'billing_address', 'shipping_address'])
      expect(cut).not.toHaveProperty(key);
  });
});

describe('order webhooks per shop (APP_MODE=shopify, Admin API stand-in)', () => {
  let fake: FakeShopifyAdmin;
  let t: TestApp;
  const hooks = () => fake.module<FakeWebhookSubscriptions>('webhookSubscriptions');
  const row = (domain: string) =>
    t.db.selectFrom('shops').selectAll().where('domain', '=', domain).executeTakeFirstOrThrow();
  async function install(domain: string) {
    const res = await t.request({ method: 'GET', url: `${API_PREFIX}/shop/details`, shop: domain });
    expect(res.statusCode).toBe(200);
    const shop = await row(domain);
    await t.app.platform.catalogSync.running(shop.id);
    await t.app.platform.lifecycle.idle();
    return shop;
  }
  const expected = (topic: keyof typeof INCLUDE_FIELDS) => ({
    topic,
    uri: `${APP_URL}/api/webhooks`,
    format: 'JSON',
    includeFields: [...INCLUDE_FIELDS[topic]],
  });
  const all = () => ORDER_WEBHOOK_TOPICS.map((topic) => expect.objectContaining(expected(topic)));

  beforeAll(async () => {
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET, restoreRate: 20_000 });
    t = await createTestApp({
      env: {
        APP_MODE: 'shopify',
        APP_URL,
        SHOPIFY_API_KEY: KEY,
        SHOPIFY_API_SECRET: SECRET,
        SHOPIFY_ADMIN_API_BASE_URL: fake.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('while the protected customer data request is pending: the install goes through, nothing is subscribed, the app works', async () => {
    hooks().setProtectedCustomerDataApproved(false);
    const shop = await install('pending.myshopify.com');
    expect(hooks().subscriptionsOf(shop.domain)).toEqual([]);
    // The platform was asked (and refused), the rest of the install went on.
    expect(
      fake.graphql.filter((g) => g.shop === shop.domain && /webhookSubscriptionCreate/.test(g.query)).length,
    ).toBeGreaterThan(0);
    expect(await t.app.platform.orderWebhooks.ensure(shop)).toBe('awaiting_access');
    // Looks: listed in the admin. Storefront and funnel: a signed proxy event of the look counts.
    const lookId = await insertLook(t.db, shop.id);
    const looks = await t.request({ method: 'GET', url: `${API_PREFIX}/productLooks`, shop: shop.domain });
    expect(looks.statusCode).toBe(200);
    expect(JSON.stringify(looks.json())).toContain(`"id":${lookId}`);
    const params = {
      shop: shop.domain,
      logged_in_customer_id: '',
      path_prefix: '/apps/looks',
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    const signature = createHmac('sha256', SECRET)
      .update(
        Object.entries(params)
          .map(([k, v]) => `${k}=${v}`)
          .sort()
          .join(''),
      )
      .digest('hex');
    const event = await t.app.inject({
      method: 'POST',
      url: `${PROXY_EVENTS_PATH}?${new URLSearchParams({ ...params, signature })}`,
      payload: {
        visitorId: 'visitor-pending',
        events: [{ type: 'impression', lookId, device: 'mobile', at: Date.now() }],
      },
    });
    expect(event.statusCode).toBe(202);
    expect(event.json()).toEqual({ accepted: 1, ignored: 0 });
    expect((await t.app.platform.orderWebhooks.runOnce()).get(shop.id)).toBe('awaiting_access');
  });

  it('once approved, the next sweep subscribes both topics with only the fields the app reads; sweeps after it ask nothing', async () => {
    const shop = await row('pending.myshopify.com');
    hooks().setProtectedCustomerDataApproved(true);
    expect((await t.app.platform.orderWebhooks.runOnce()).get(shop.id)).toBe('subscribed');
    expect(hooks().subscriptionsOf(shop.domain)).toEqual(all());
    const calls = fake.graphql.length;
    expect((await t.app.platform.orderWebhooks.runOnce()).has(shop.id)).toBe(false);
    expect(fake.graphql.slice(calls).filter((g) => g.shop === shop.domain)).toEqual([]);
    // Asked directly, it finds them subscribed and creates no second one.
    expect(await t.app.platform.orderWebhooks.ensure(shop)).toBe('subscribed');
    expect(hooks().subscriptionsOf(shop.domain)).toHaveLength(4);
  });

  it('approved before the install: the install subscribes them', async () => {
    hooks().setProtectedCustomerDataApproved(true);
    const shop = await install('approved.myshopify.com');
    expect(
      hooks()
        .subscriptionsOf(shop.domain)
        .map((s) => s.topic)
        .sort(),
    ).toEqual(['ORDERS_CANCELLED', 'ORDERS_CREATE', 'ORDERS_PAID', 'REFUNDS_CREATE']);
  });

  it('a subscription to an old address or with other fields is updated, not duplicated', async () => {
    hooks().setProtectedCustomerDataApproved(true);
    const domain = 'moved.myshopify.com';
    hooks().seed(domain, {
      topic: 'ORDERS_CREATE',
      uri: 'https://old-host.example.test/api/webhooks',
      format: 'JSON',
      includeFields: [],
    });
    const shop = await install(domain);
    expect(hooks().subscriptionsOf(shop.domain)).toEqual(all());
  });

  it('an error other than the refusal is reported (the sweep leaves the shop for the next one)', async () => {
    hooks().setProtectedCustomerDataApproved(true);
    const shop = await row('approved.myshopify.com');
    const ensureWithAppUrl = async (appUrl: string) => {
      // The platform side reads the app's config object; an http URL is one the platform refuses.
      const config = t.config as { appUrl: string };
      const original = config.appUrl;
      config.appUrl = appUrl;
      try {
        return await t.app.platform.orderWebhooks.ensure(shop);
      } finally {
        config.appUrl = original;
      }
    };
    await expect(ensureWithAppUrl('http://insecure.example.test')).rejects.toThrow(/Address is invalid/);
  });
});
