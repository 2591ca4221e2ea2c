import { createTestApp, type TestApp, shopifyModeEnv } from '../test/testApp';
import { FakeShopifyAdmin } from '../test/fakeShopifyAdmin';
import { installShop } from '../test/platformShop';
import { createPlatform, type Platform } from '.';
import { SHOP_INFO_QUERY } from './catalogSync';
import { REFRESH_ATTEMPTS } from './accessTokens';
import { decryptToken } from './tokenCipher';
import { parseTokenKeyRing } from '../tokenKeys';
import { API_PREFIX } from '../../src/contracts/api';

// Whole apps against the stand-in: generous under a loaded machine.
jest.setTimeout(60_000);

const KEY = 'tokens-key';
const SECRET = 'tokens-secret';
const OLD_KEY = Buffer.alloc(32, 1).toString('base64');
const NEW_KEY = Buffer.alloc(32, 2).toString('base64');

const shopifyApp = (fake: FakeShopifyAdmin, env: Record<string, string> = {}) =>
  createTestApp({
    env: {
      ...shopifyModeEnv(fake.url, KEY, SECRET),
      ...env,
    },
  });

const install = installShop;

const tokenRow = (t: TestApp, shopId: number) =>
  t.db.selectFrom('accessTokens').selectAll().where('shopId', '=', shopId).executeTakeFirstOrThrow();

describe('token key ring (the README\'s "Key rotation" steps)', () => {
  let fake: FakeShopifyAdmin;
  let t: TestApp;
  const instances: Platform[] = [];
  /** Another instance of the app, deployed with this TOKEN_ENCRYPTION_KEYS / TOKEN_ENCRYPTION_KEY. */
  const instance = (env: { TOKEN_ENCRYPTION_KEYS?: string; TOKEN_ENCRYPTION_KEY?: string }) => {
    const platform = createPlatform({ db: t.db, config: { ...t.config, tokenKeys: parseTokenKeyRing(env)! } });
    instances.push(platform);
    return platform;
  };
  beforeAll(async () => {
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET });
    // Before: the single TOKEN_ENCRYPTION_KEY, a ring of one key named "default".
    t = await shopifyApp(fake, { TOKEN_ENCRYPTION_KEY: OLD_KEY });
  });
  afterAll(async () => {
    for (const p of instances) await p.catalogSync.stop();
    await t.close();
    await fake.close();
  });

  it('adds a key, makes it the newest, re-encrypts on use and drops the old one, with every instance reading every row throughout', async () => {
    const a = await install(t, 'ring-a.myshopify.com');
    const b = await install(t, 'ring-b.myshopify.com');
    expect((await tokenRow(t, a.id)).accessToken).toMatch(/^v2\.default\./);
    const before = t.app.platform;

    // Step 1: every instance gets the new key after the old one (it only decrypts).
    const step1 = instance({ TOKEN_ENCRYPTION_KEYS: `default:${OLD_KEY},2026-11:${NEW_KEY}` });
    expect(await step1.tokens.accessToken(a)).toBe(fake.liveAccessTokens(a.domain)[0]);
    expect((await tokenRow(t, a.id)).accessToken).toMatch(/^v2\.default\./);

    // Step 2: the new key first: it encrypts, and a value read with the old key is re-encrypted on its next use.
    const step2 = instance({ TOKEN_ENCRYPTION_KEYS: `2026-11:${NEW_KEY},default:${OLD_KEY}` });
    const token = await step2.tokens.accessToken(a);
    const rotated = await tokenRow(t, a.id);
    expect(rotated.accessToken).toMatch(/^v2\.2026-11\./);
    expect(rotated.refreshToken).toMatch(/^v2\.2026-11\./);
    expect(
      decryptToken(parseTokenKeyRing({ TOKEN_ENCRYPTION_KEY: NEW_KEY })!, a.id, 'access', rotated.accessToken),
    ).toBe(token);
    // An instance that skipped step 1 refuses the new envelopes, and keeps them (a deploy mistake: step 1 comes first).
    await expect(before.tokens.accessToken(a)).rejects.toThrow(/cannot be decrypted/);
    expect((await tokenRow(t, a.id)).accessToken).toBe(rotated.accessToken);
    // Instances still on step 1 read both kinds, so rolling step 2 out is safe (they write with their own
    // newest key until they run step 2 too; every instance reads either).
    expect(await step1.tokens.accessToken(a)).toBe(token);
    expect(await step2.tokens.accessToken(a)).toBe(token);
    expect((await tokenRow(t, a.id)).accessToken).toMatch(/^v2\.2026-11\./);

    // Step 3: once no row names the old key (the README's query), it leaves the ring.
    const oldRows = () =>
      t.db.selectFrom('accessTokens').select('shopId').where('accessToken', 'not like', 'v2.2026-11.%').execute();
    expect(await oldRows()).toEqual([{ shopId: b.id }]);
    await step2.tokens.accessToken(b);
    expect(await oldRows()).toEqual([]);
    const step3 = instance({ TOKEN_ENCRYPTION_KEYS: `2026-11:${NEW_KEY}` });
    for (const shop of [a, b]) expect(await step3.tokens.accessToken(shop)).toBe(fake.liveAccessTokens(shop.domain)[0]);
    expect((await step3.admin.graphql<{ shop: { email: string } }>(b, SHOP_INFO_QUERY)).shop.email).toBe(
      `owner@${b.domain}`,
    );
  });

  it('refuses a malformed ring at start', () => {
    expect(() => parseTokenKeyRing({ TOKEN_ENCRYPTION_KEYS: `a:${NEW_KEY},a:${OLD_KEY}` })).toThrow(/twice/);
    expect(() => parseTokenKeyRing({ TOKEN_ENCRYPTION_KEYS: NEW_KEY })).toThrow(/<id>:<key>/);
    expect(() => parseTokenKeyRing({ TOKEN_ENCRYPTION_KEYS: 'a:c2hvcnQ=' })).toThrow(/32 bytes/);
    expect(
      parseTokenKeyRing({ TOKEN_ENCRYPTION_KEYS: `new:${NEW_KEY}`, TOKEN_ENCRYPTION_KEY: OLD_KEY })!.map((k) => k.id),
    ).toEqual(['new']);
    expect(parseTokenKeyRing({})).toBeUndefined();
  });
});

describe('refresh failures', () => {
  let fake: FakeShopifyAdmin;
  let t: TestApp;
  let platform: Platform;
  const waits: number[] = [];
  const domain = 'busy.myshopify.com';
  beforeAll(async () => {
    // Access tokens live 4 minutes: less than the refresh margin, so each use is due a refresh.
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET, accessTokenTtlSeconds: 240 });
    t = await shopifyApp(fake);
    platform = createPlatform({ db: t.db, config: t.config, sleep: async (ms) => void waits.push(ms) });
  });
  afterAll(async () => {
    await platform.catalogSync.stop();
    await t.close();
    await fake.close();
  });

  it('a 429 keeps the pair and retries with back-off (at least Retry-After) until the platform answers', async () => {
    const shop = await install(t, domain);
    fake.refreshes.length = 0;
    fake.failNextRefreshes(2, 429, 3);
    const token = await platform.tokens.accessToken(shop);
    expect(fake.refreshes).toEqual([
      { shop: domain, ok: false, status: 429 },
      { shop: domain, ok: false, status: 429 },
      { shop: domain, ok: true },
    ]);
    expect(waits).toEqual([3000, 3000]);
    expect(fake.liveAccessTokens(domain)).toEqual([token]);
    expect(decryptToken(t.config.tokenKeys, shop.id, 'access', (await tokenRow(t, shop.id)).accessToken)).toBe(token);
  });

  it('429 and 5xx on every attempt keep the pair: the live token is used meanwhile, an expired one fails without deleting', async () => {
    const shop = await t.db.selectFrom('shops').selectAll().where('domain', '=', domain).executeTakeFirstOrThrow();
    const row = await tokenRow(t, shop.id);
    fake.refreshes.length = 0;
    fake.failNextRefreshes(REFRESH_ATTEMPTS, 429);
    expect(await platform.tokens.accessToken(shop)).toBe(fake.liveAccessTokens(domain)[0]);
    expect(fake.refreshes).toHaveLength(REFRESH_ATTEMPTS);
    expect(await tokenRow(t, shop.id)).toEqual(row);

    await t.db
      .updateTable('accessTokens')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('shopId', '=', shop.id)
      .execute();
    fake.failNextRefreshes(REFRESH_ATTEMPTS, 503);
    await expect(platform.admin.graphql(shop, SHOP_INFO_QUERY)).rejects.toMatchObject({ statusCode: 502 });
    expect((await tokenRow(t, shop.id)).refreshToken).toBe(row.refreshToken);
    // The platform answers again: the kept pair refreshes.
    expect((await platform.admin.graphql<{ shop: { email: string } }>(shop, SHOP_INFO_QUERY)).shop.email).toBe(
      `owner@${domain}`,
    );
  });

  it('invalid_grant (the grant is gone) drops the pair', async () => {
    const shop = await t.db.selectFrom('shops').selectAll().where('domain', '=', domain).executeTakeFirstOrThrow();
    fake.uninstall(domain);
    await expect(platform.tokens.accessToken(shop)).rejects.toThrow(/no usable access token/);
    expect(await t.db.selectFrom('accessTokens').select('shopId').where('shopId', '=', shop.id).execute()).toEqual([]);
  });
});

describe('exchange and refresh hold no database transaction across the platform call (PGlite: one connection)', () => {
  let fake: FakeShopifyAdmin;
  let t: TestApp;
  beforeAll(async () => {
    fake = await FakeShopifyAdmin.start({
      apiKey: KEY,
      apiSecret: SECRET,
      accessTokenTtlSeconds: 240,
      tokenDelayMs: 1500,
    });
    t = await shopifyApp(fake);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** How long a one-row query takes while `during` is in flight. */
  async function queryTimeDuring(during: Promise<unknown>) {
    await new Promise((r) => setTimeout(r, 300));
    const started = Date.now();
    await t.db.selectFrom('shops').select('id').limit(1).execute();
    const took = Date.now() - started;
    await during;
    return took;
  }

  it('other queries run while the token endpoint takes its time', async () => {
    const first = t.request({ method: 'GET', url: `${API_PREFIX}/shop/details`, shop: 'slow.myshopify.com' });
    expect(await queryTimeDuring(first)).toBeLessThan(700);
    expect((await first).statusCode).toBe(200);
    const shop = await t.db
      .selectFrom('shops')
      .selectAll()
      .where('domain', '=', 'slow.myshopify.com')
      .executeTakeFirstOrThrow();
    await t.app.platform.catalogSync.running(shop.id);
    await t.app.platform.lifecycle.idle();
    const refresh = t.app.platform.tokens.refresh(shop, fake.liveAccessTokens(shop.domain)[0]);
    expect(await queryTimeDuring(refresh)).toBeLessThan(700);
    expect(fake.liveAccessTokens(shop.domain)).toEqual([await refresh]);
  });
});

describe('a 401 inside an admin request', () => {
  let fake: FakeShopifyAdmin;
  let t: TestApp;
  beforeAll(async () => {
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET });
    t = await shopifyApp(fake);
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("re-exchanges that request's session token when the pair cannot be refreshed, and answers", async () => {
    const domain = 'revoked-pair.myshopify.com';
    const shop = await install(t, domain);
    // The platform revoked both tokens (the install stays): the refresh is refused.
    fake.revokeTokens(domain);
    const res = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/shop/select-plan`,
      shop: domain,
      payload: { planName: 'monthly' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().confirmationUrl).toMatch(/\/admin\/charges\/\d+\/confirm$/);
    expect(fake.exchanges.filter((e) => e.shop === domain)).toHaveLength(2);
    expect(decryptToken(t.config.tokenKeys, shop.id, 'access', (await tokenRow(t, shop.id)).accessToken)).toBe(
      fake.liveAccessTokens(domain)[0],
    );
  });
});
