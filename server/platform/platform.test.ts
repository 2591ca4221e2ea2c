import { givePaidPlan } from '../test/platformShop';
import { createTestApp, type TestApp, shopifyModeEnv } from '../test/testApp';
import { FakeShopifyAdmin, makeFakeProducts } from '../test/fakeShopifyAdmin';
import { signSessionToken } from '../auth/sessionToken';
import { deliver } from './webhooks/test/deliver';
import { decryptToken } from './tokenCipher';
import { createPlatform } from '.';
import { PAGE_SIZE, SHOP_INFO_QUERY } from './catalogSync';
import { REFRESH_MARGIN_MS } from './accessTokens';
import { API_PREFIX } from '../../src/contracts/api';
import { STOPPED_ON_UNINSTALL } from '../services/gallery/stopGenerations';

const KEY = 'platform-key';
const SECRET = 'platform-secret';
const DETAILS = `${API_PREFIX}/shop/details`;

async function shopifyApp(fake: FakeShopifyAdmin): Promise<TestApp> {
  return createTestApp({
    env: shopifyModeEnv(fake.url, KEY, SECRET),
  });
}

const shopRow = (t: TestApp, domain: string) =>
  t.db.selectFrom('shops').selectAll().where('domain', '=', domain).executeTakeFirst();
const tokenRow = (t: TestApp, shopId: number) =>
  t.db.selectFrom('accessTokens').selectAll().where('shopId', '=', shopId).executeTakeFirst();

/** The first request of a shop, and the wait for the catalog sync it started. */
async function install(t: TestApp, domain: string) {
  const res = await t.request({ method: 'GET', url: DETAILS, shop: domain });
  expect(res.statusCode).toBe(200);
  const shop = (await shopRow(t, domain))!;
  await t.app.platform.catalogSync.running(shop.id);
  // …and for whatever follows the install and the sync (bundle discounts, storefront metafields).
  await t.app.platform.lifecycle.idle();
  return shop;
}

describe('token exchange (APP_MODE=shopify, Admin API stand-in)', () => {
  let fake: FakeShopifyAdmin;
  let t: TestApp;
  beforeAll(async () => {
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET, tokenDelayMs: 50 });
    t = await shopifyApp(fake);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("a new shop's first requests, concurrent, make exactly one exchange for an expiring offline token", async () => {
    const domain = 'first-load.myshopify.com';
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.request({ method: 'GET', url: DETAILS, shop: domain })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(fake.exchanges).toEqual([{ shop: domain, expiring: true }]);
    const shop = (await shopRow(t, domain))!;
    expect(shop.installedAt).not.toBeNull();
    expect(shop.origin).toBe('platform');
    const row = (await tokenRow(t, shop.id))!;
    expect(row.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect(row.refreshToken).not.toBeNull();
    expect(row.scope).toContain('read_products');
    // Later requests use the stored token: no further exchange.
    expect((await t.request({ method: 'GET', url: DETAILS, shop: domain })).statusCode).toBe(200);
    expect(fake.exchanges).toHaveLength(1);
    await t.app.platform.catalogSync.running(shop.id);
  });

  it('stores both tokens encrypted (AES-256-GCM, bound to the shop), never in plaintext', async () => {
    const shop = (await shopRow(t, 'first-load.myshopify.com'))!;
    const row = (await tokenRow(t, shop.id))!;
    const [live] = fake.liveAccessTokens(shop.domain);
    expect(live).toMatch(/^shpat_/);
    expect(row.accessToken).not.toContain(live);
    expect(row.accessToken).not.toContain('shpat_');
    expect(row.refreshToken).not.toContain('shprt_');
    expect(row.accessToken).toMatch(/^v2\.default\./);
    expect(decryptToken(t.config.tokenKeys, shop.id, 'access', row.accessToken)).toBe(live);
    expect(decryptToken(t.config.tokenKeys, shop.id, 'refresh', row.refreshToken!)).toMatch(/^shprt_/);
    // Copied to another shop's row, or read with another key, it does not decrypt.
    expect(() => decryptToken(t.config.tokenKeys, shop.id + 1, 'access', row.accessToken)).toThrow();
    expect(() =>
      decryptToken([{ id: 'other', key: Buffer.alloc(32, 7) }], shop.id, 'access', row.accessToken),
    ).toThrow();
  });

  it('a token no key of the ring opens is never deleted: every row stays, the call answers 503, the instance with the key still works', async () => {
    const domain = 'rekeyed.myshopify.com';
    const shop = await install(t, domain);
    const rows = await t.db.selectFrom('accessTokens').selectAll().orderBy('shopId').execute();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const logged: string[] = [];
    // An instance deployed with another key (a typo, a rolling deploy that forgot the old key).
    const other = createPlatform({
      db: t.db,
      config: { ...t.config, tokenKeys: [{ id: 'typo', key: Buffer.alloc(32, 9) }] },
      log: (_l, m) => logged.push(m),
    });
    for (const row of rows) {
      const ref = { id: row.shopId, domain: `shop-${row.shopId}` };
      await expect(other.admin.graphql(ref, SHOP_INFO_QUERY)).rejects.toMatchObject({ statusCode: 503 });
      await expect(other.tokens.refresh(ref, 'x')).rejects.toThrow(/cannot be decrypted/);
    }
    expect(logged.join('\n')).toMatch(/cannot be decrypted with TOKEN_ENCRYPTION_KEYS .*it is kept/);
    expect(await t.db.selectFrom('accessTokens').selectAll().orderBy('shopId').execute()).toEqual(rows);
    expect((await t.app.platform.admin.graphql<{ shop: { email: string } }>(shop, SHOP_INFO_QUERY)).shop.email).toBe(
      `owner@${domain}`,
    );
    expect(fake.exchanges.filter((e) => e.shop === domain)).toHaveLength(1);
    await other.catalogSync.stop();
  });

  it('a session token the platform refuses answers 401 with the retry header, and installs nothing', async () => {
    fake.uninstall('refused.myshopify.com');
    const res = await t.request({ method: 'GET', url: DETAILS, shop: 'refused.myshopify.com' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-shopify-retry-invalid-session-request']).toBe('1');
    expect(await shopRow(t, 'refused.myshopify.com')).toBeUndefined();
  });

  it('a platform that cannot be reached answers 503 with a translated message', async () => {
    const down = await createTestApp({
      env: {
        APP_MODE: 'shopify',
        SHOPIFY_API_KEY: KEY,
        SHOPIFY_API_SECRET: SECRET,
        SHOPIFY_ADMIN_API_BASE_URL: 'http://127.0.0.1:9',
      },
    });
    try {
      const res = await down.request({
        method: 'GET',
        url: DETAILS,
        shop: 'offline.myshopify.com',
        headers: { 'accept-language': 'de' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        message: 'Dein Shop konnte gerade nicht verbunden werden. Bitte versuche es gleich noch einmal.',
        code: 'token_exchange_unavailable',
        requestId: expect.any(String),
      });
    } finally {
      await down.close();
    }
  });
});

describe('token refresh (one at a time per shop)', () => {
  let fake: FakeShopifyAdmin;
  let t: TestApp;
  const domain = 'refresh.myshopify.com';
  beforeAll(async () => {
    // Access tokens live 4 minutes: less than the refresh margin, so each use is due a refresh.
    fake = await FakeShopifyAdmin.start({
      apiKey: KEY,
      apiSecret: SECRET,
      accessTokenTtlSeconds: 240,
      tokenDelayMs: 50,
    });
    t = await shopifyApp(fake);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('refreshes before expiry: concurrent calls share one refresh, the pair rotates, the old refresh token is dead', async () => {
    expect(REFRESH_MARGIN_MS).toBe(5 * 60_000);
    const shop = await install(t, domain);
    const before = (await tokenRow(t, shop.id))!;
    const oldRefresh = decryptToken(t.config.tokenKeys, shop.id, 'refresh', before.refreshToken!);
    fake.refreshes.length = 0;
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.app.platform.admin.graphql<{ shop: { email: string } }>(shop, SHOP_INFO_QUERY)),
    );
    expect(results.every((r) => r.shop.email === `owner@${domain}`)).toBe(true);
    expect(fake.refreshes).toEqual([{ shop: domain, ok: true }]);
    const after = (await tokenRow(t, shop.id))!;
    expect(decryptToken(t.config.tokenKeys, shop.id, 'refresh', after.refreshToken!)).not.toBe(oldRefresh);
    expect(fake.liveAccessTokens(domain)).toEqual([
      decryptToken(t.config.tokenKeys, shop.id, 'access', after.accessToken),
    ]);
    // Rotation: the old refresh token no longer works at the token endpoint.
    const replay = await fetch(`${fake.url}/admin/oauth/access_token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_id: KEY,
        client_secret: SECRET,
        grant_type: 'refresh_token',
        refresh_token: oldRefresh,
      }),
    });
    expect(replay.status).toBe(400);
    // One row per shop.
    expect(await t.db.selectFrom('accessTokens').select('shopId').where('shopId', '=', shop.id).execute()).toHaveLength(
      1,
    );
  });

  it('two instances refreshing at once rotate the pair once (the row lock), and both get the new token', async () => {
    const shop = (await shopRow(t, domain))!;
    const other = createPlatform({ db: t.db, config: t.config });
    fake.refreshes.length = 0;
    const [a, b] = await Promise.all([t.app.platform.tokens.accessToken(shop), other.tokens.accessToken(shop)]);
    expect(a).toBe(b);
    expect(fake.refreshes).toEqual([{ shop: domain, ok: true }]);
    await other.catalogSync.stop();
  });
});

describe('refresh on 401', () => {
  let fake: FakeShopifyAdmin;
  let t: TestApp;
  const domain = 'revoked.myshopify.com';
  beforeAll(async () => {
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET, tokenDelayMs: 30 });
    t = await shopifyApp(fake);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('a 401 from the Admin API refreshes once (serialized) and retries', async () => {
    const shop = await install(t, domain);
    fake.expireAccessTokens(domain);
    fake.refreshes.length = 0;
    const calls = fake.graphql.length;
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        t.app.platform.admin.graphql<{ productsCount: { count: number } }>(shop, SHOP_INFO_QUERY),
      ),
    );
    expect(results.map((r) => r.productsCount.count)).toEqual([0, 0, 0, 0]);
    expect(fake.refreshes).toEqual([{ shop: domain, ok: true }]);
    expect(fake.graphql.slice(calls).filter((c) => c.status === 401)).toHaveLength(4);
  });

  it('when the refresh is refused too, the token is forgotten and the call answers 503', async () => {
    const shop = (await shopRow(t, domain))!;
    fake.uninstall(domain);
    await expect(t.app.platform.admin.graphql(shop, SHOP_INFO_QUERY)).rejects.toMatchObject({
      statusCode: 503,
      message: 'platform.noAccessToken',
    });
    expect(await tokenRow(t, shop.id)).toBeUndefined();
  });
});

describe('catalog sync from the Admin API', () => {
  let fake: FakeShopifyAdmin;
  let t: TestApp;
  const domain = 'catalog.myshopify.com';
  beforeAll(async () => {
    // A small, slowly refilling bucket: the sync has to wait for it (and is THROTTLED once).
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET, maximumAvailable: 1000, restoreRate: 4000 });
    fake.setProducts(domain, makeFakeProducts(230, 'Linen'));
    fake.setShop(domain, { currencyCode: 'CHF', ianaTimezone: 'Europe/Zurich' });
    t = await shopifyApp(fake);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("lists the shop's own products after the first sync, paced by the cost limit, with the shop's currency", async () => {
    // THROTTLED once: the first page finds the bucket empty.
    fake.throttleNext(domain, 1);
    const shop = await install(t, domain);
    const state = await t.request({ method: 'GET', url: `${API_PREFIX}/catalog/sync`, shop: domain });
    expect(state.json()).toMatchObject({ status: 'done', synced: 230, total: 230, first: false });
    const product = await t.db
      .selectFrom('catalogProducts')
      .selectAll()
      .where('shopId', '=', shop.id)
      .where('handle', '=', 'linen-3')
      .executeTakeFirstOrThrow();
    expect(product).toMatchObject({
      gid: 'gid://shopify/Product/7000003',
      title: 'Linen 3',
      status: 'active',
      price: '13.00',
      compareAtPrice: '23.00',
      productType: 'Shirts',
      defaultVariantGid: 'gid://shopify/ProductVariant/700000301',
    });
    expect(product.images).toEqual(['https://cdn.example.com/linen-3-a.jpg', 'https://cdn.example.com/linen-3-b.jpg']);
    const list = await t.request({
      method: 'GET',
      url: `${API_PREFIX}/catalog/products?query=Linen%2022&limit=100`,
      shop: domain,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((p: { title: string }) => p.title)).toEqual([
      'Linen 22',
      'Linen 220',
      'Linen 221',
      'Linen 222',
      'Linen 223',
      'Linen 224',
      'Linen 225',
      'Linen 226',
      'Linen 227',
      'Linen 228',
      'Linen 229',
    ]);
    expect((await shopRow(t, domain))!.currency).toBe('CHF');
    const pages = fake.graphql.filter((c) => c.shop === domain && c.query.includes('products('));
    // The first page found the bucket empty; it was asked again (more than once only when the install's
    // other Admin API calls took the refilled points first) until the pages of PAGE_SIZE went through.
    expect(pages[0].throttled).toBe(true);
    const served = pages.filter((c) => !c.throttled);
    const pageCount = Math.ceil(230 / PAGE_SIZE);
    expect(served.map((c) => c.variables.first)).toEqual(Array(pageCount).fill(PAGE_SIZE));
    expect(pages.length).toBeLessThanOrEqual(served.length + 3);
    // Back-off and pacing: before each next page the reader waits (cost − reported available) / restoreRate
    // (≈ 215 ms after a served page of ≈ 930 points, which leaves ~70 of 1,000; less after a THROTTLED answer
    // that found the bucket nearly refilled), never less.
    for (let i = 1; i < pages.length; i++) {
      const { requested, available } = pages[i - 1].reported!;
      const due = Math.floor(((requested - available) / 4000) * 1000);
      expect(pages[i].at - pages[i - 1].at).toBeGreaterThanOrEqual(Math.max(0, due - 2));
    }
    const gapsAfterServed = pages.slice(1).flatMap((c, i) => (pages[i].throttled ? [] : [c.at - pages[i].at]));
    expect(gapsAfterServed).toHaveLength(pageCount - 1);
    for (const gap of gapsAfterServed) expect(gap).toBeGreaterThanOrEqual(200);
  });

  it('a later full sync removes the products the platform no longer has and marks them deleted', async () => {
    const shop = (await shopRow(t, domain))!;
    fake.setProducts(domain, makeFakeProducts(230, 'Linen').slice(0, 200));
    await t.app.platform.catalogSync.start(shop);
    expect(await t.db.selectFrom('catalogProducts').select('gid').where('shopId', '=', shop.id).execute()).toHaveLength(
      200,
    );
    const deleted = await t.db.selectFrom('deletedProducts').select('gid').where('shopId', '=', shop.id).execute();
    expect(deleted).toHaveLength(30);
  });
});

describe('app/uninstalled', () => {
  let fake: FakeShopifyAdmin;
  let t: TestApp;
  const domain = 'leaving.myshopify.com';
  beforeAll(async () => {
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET });
    fake.setProducts(domain, makeFakeProducts(3));
    t = await shopifyApp(fake);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('deletes the token at once, stops jobs and plan, keeps the data; the next request exchanges again', async () => {
    const shop = await install(t, domain);
    await givePaidPlan(t.db, shop.id);
    // A generation running on another instance (its job is held there: no worker here touches it).
    const job = await t.db
      .insertInto('imageGenerations')
      .values({
        shopId: shop.id,
        productLookId: null,
        lookTitle: 'Look',
        imageType: 'flat_lay',
        customPrompt: null,
        status: 'IN_PROGRESS',
        generatedImageUrl: null,
        errorMessage: null,
        run: 1,
        workerId: 'elsewhere',
        queuedAt: new Date(),
        startedAt: new Date(),
        completedAt: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await deliver(t, 'app/uninstalled', { id: 1, myshopify_domain: domain }, { shop: domain });
    expect(res.statusCode).toBe(200);
    expect(await tokenRow(t, shop.id)).toBeUndefined();
    expect((await shopRow(t, domain))!.installedAt).toBeNull();
    expect(
      (await t.db.selectFrom('shopPlans').select('planName').where('shopId', '=', shop.id).executeTakeFirst())
        ?.planName,
    ).toBe('free');
    expect(
      await t.db
        .selectFrom('imageGenerations')
        .select(['status', 'errorMessage'])
        .where('id', '=', job.id)
        .executeTakeFirst(),
    ).toEqual({ status: 'FAILED', errorMessage: STOPPED_ON_UNINSTALL });
    const refunds = await t.db
      .selectFrom('creditLedger')
      .select('reference')
      .where('shopId', '=', shop.id)
      .where('reason', '=', 'refund')
      .execute();
    expect(refunds).toEqual([{ reference: `${job.id}:1` }]);
    // Data stays until shop/redact.
    expect(await t.db.selectFrom('catalogProducts').select('gid').where('shopId', '=', shop.id).execute()).toHaveLength(
      3,
    );

    fake.uninstall(domain);
    fake.reinstall(domain);
    const again = await t.request({ method: 'GET', url: DETAILS, shop: domain });
    expect(again.statusCode).toBe(200);
    expect(fake.exchanges.filter((e) => e.shop === domain)).toHaveLength(2);
    expect(await tokenRow(t, shop.id)).toBeDefined();
    expect((await shopRow(t, domain))!.installedAt).not.toBeNull();
    await t.app.platform.catalogSync.running(shop.id);
  });

  it('a late retry of the uninstall does not undo a reinstall that came after it', async () => {
    const shop = (await shopRow(t, domain))!;
    const old = new Date(Date.now() - 60_000).toISOString();
    const raw = JSON.stringify({ id: 1 });
    const { signWebhook } = await import('./webhooks/hmac');
    await t.app.inject({
      method: 'POST',
      url: '/api/webhooks',
      payload: raw,
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'app/uninstalled',
        'x-shopify-shop-domain': domain,
        'x-shopify-hmac-sha256': signWebhook(raw, SECRET),
        'x-shopify-webhook-id': 'late-retry',
        'x-shopify-event-id': 'late-retry',
        'x-shopify-triggered-at': old,
      },
    });
    await t.app.webhookQueue.idle();
    expect(await tokenRow(t, shop.id)).toBeDefined();
    expect((await shopRow(t, domain))!.installedAt).not.toBeNull();
  });

  it('a valid session token of another app never exchanges', async () => {
    const foreign = await signSessionToken('intruder.myshopify.com', 'someone-else', SECRET);
    const res = await t.app.inject({ method: 'GET', url: DETAILS, headers: { authorization: `Bearer ${foreign}` } });
    expect(res.statusCode).toBe(401);
    expect(fake.exchanges.some((e) => e.shop === 'intruder.myshopify.com')).toBe(false);
  });
});
