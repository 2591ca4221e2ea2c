import fs from 'node:fs';
import { createTestApp, type TestApp } from '../test/testApp';
import { queryHmac, signState, verifyQueryHmac, verifyState } from './oauth';
import { APP_TOML_FILE } from '../appToml';
import { FakeShopifyAdmin } from '../test/fakeShopifyAdmin';
import { decryptToken } from '../platform/tokenCipher';

const SECRET = 'oauth-secret';
const KEY = 'oauth-key';
const SHOP = 'new-store.myshopify.com';

const nowSeconds = () => String(Math.floor(Date.now() / 1000));

/** The platform's signed redirect to the callback, timestamped now unless given. */
function signedCallback(given: Record<string, string>, secret = SECRET) {
  const query = { timestamp: nowSeconds(), ...given };
  const hmac = queryHmac(query, secret);
  return `/api/auth/callback?${new URLSearchParams({ ...query, hmac })}`;
}

describe('OAuth helpers', () => {
  it('verifies the query HMAC of sorted parameters without hmac, and nothing else', () => {
    const query = { shop: SHOP, code: 'abc', timestamp: '1700000000', state: 's' };
    const hmac = queryHmac(query, SECRET);
    expect(hmac).toMatch(/^[0-9a-f]{64}$/);
    // Order-independent, and the documented message format.
    const { createHmac } = jest.requireActual('node:crypto') as typeof import('node:crypto');
    expect(hmac).toBe(
      createHmac('sha256', SECRET).update(`code=abc&shop=${SHOP}&state=s&timestamp=1700000000`).digest('hex'),
    );
    const at = 1700000000_000;
    expect(verifyQueryHmac({ ...query, hmac }, SECRET, at)).toBe(true);
    expect(verifyQueryHmac({ ...query, hmac: hmac.toUpperCase() }, SECRET, at)).toBe(true);
    // shopify-api's window: the timestamp within 90 s of now, either way, and a whole number.
    expect(verifyQueryHmac({ ...query, hmac }, SECRET, at + 90_000)).toBe(true);
    expect(verifyQueryHmac({ ...query, hmac }, SECRET, at - 90_000)).toBe(true);
    expect(verifyQueryHmac({ ...query, hmac }, SECRET, at + 91_000)).toBe(false);
    expect(verifyQueryHmac({ ...query, hmac }, SECRET, at - 91_000)).toBe(false);
    expect(verifyQueryHmac({ ...query, hmac }, SECRET)).toBe(false);
    const untimed = { shop: SHOP, code: 'abc', state: 's' };
    expect(verifyQueryHmac({ ...untimed, hmac: queryHmac(untimed, SECRET) }, SECRET, at)).toBe(false);
    const fractional = { ...untimed, timestamp: '1700000000.5' };
    expect(verifyQueryHmac({ ...fractional, hmac: queryHmac(fractional, SECRET) }, SECRET, at)).toBe(false);
    expect(verifyQueryHmac({ ...query, code: 'abd', hmac }, SECRET, at)).toBe(false);
    expect(verifyQueryHmac({ ...query, hmac }, 'other', at)).toBe(false);
    expect(verifyQueryHmac({ ...query, hmac: hmac.slice(0, 10) }, SECRET, at)).toBe(false);
    expect(verifyQueryHmac({ ...query, hmac: 'zz' }, SECRET, at)).toBe(false);
    expect(verifyQueryHmac(query, SECRET, at)).toBe(false);
  });

  it('binds the state to the shop, the secret and an expiry', () => {
    const now = Date.now();
    const state = signState(SHOP, SECRET, now);
    expect(verifyState(state, SHOP, SECRET, now)).toBe(true);
    expect(verifyState(state, 'other.myshopify.com', SECRET, now)).toBe(false);
    expect(verifyState(state, SHOP, 'other', now)).toBe(false);
    expect(verifyState(state, SHOP, SECRET, now + 11 * 60_000)).toBe(false);
    expect(
      verifyState(
        state.replace(/^./, (c) => (c === 'a' ? 'b' : 'a')),
        SHOP,
        SECRET,
        now,
      ),
    ).toBe(false);
    expect(verifyState(undefined, SHOP, SECRET, now)).toBe(false);
    expect(signState(SHOP, SECRET, now)).not.toBe(state);
  });
});

/** shopify.app.toml's own lines, read without the app's parser. */
const tomlLine = (key: string) =>
  new RegExp(`^${key}\\s*=\\s*"([^"]+)"`, 'm').exec(fs.readFileSync(APP_TOML_FILE, 'utf8'))?.[1];

describe('OAuth fallback (APP_MODE=shopify, outside the admin)', () => {
  let t: TestApp;
  let platform: FakeShopifyAdmin;
  beforeAll(async () => {
    platform = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET });
    t = await createTestApp({
      env: {
        APP_MODE: 'shopify',
        SHOPIFY_API_KEY: KEY,
        SHOPIFY_API_SECRET: SECRET,
        APP_URL: 'https://looks.example',
        SHOPIFY_ADMIN_API_BASE_URL: platform.url,
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await platform.close();
  });

  /** The browser's state cookie of the last authorize redirect. */
  let cookie = '';
  async function authorize(shop = SHOP) {
    const res = await t.app.inject({ method: 'GET', url: `/api/auth?shop=${shop}` });
    expect(res.statusCode).toBe(302);
    const set = String(res.headers['set-cookie'] ?? '');
    expect(set).toMatch(
      /^shopify_app_state=[^;]+; Max-Age=600; Path=\/api\/auth\/callback; HttpOnly; Secure; SameSite=Lax/,
    );
    cookie = set.split(';')[0];
    return new URL(res.headers.location as string);
  }
  /** The platform's redirect to the callback, in the browser that started it (its cookie). */
  const callback = (url: string, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'GET', url, headers });

  const storedToken = async (shop: string) => {
    const row = await t.db
      .selectFrom('accessTokens')
      .innerJoin('shops', 'shops.id', 'accessTokens.shopId')
      .select(['accessTokens.accessToken', 'accessTokens.shopId', 'accessTokens.refreshToken', 'shops.installedAt'])
      .where('shops.domain', '=', shop)
      .executeTakeFirstOrThrow();
    return { ...row, plain: decryptToken(t.config.tokenKeys, row.shopId, 'access', row.accessToken) };
  };

  it('GET /api/auth redirects to the store authorize page with client id, exactly the toml scopes, callback and a signed state', async () => {
    const url = await authorize();
    expect(`${url.origin}${url.pathname}`).toBe(`https://${SHOP}/admin/oauth/authorize`);
    expect(url.searchParams.get('client_id')).toBe(KEY);
    const scopes = tomlLine('scopes');
    expect(scopes).toContain('read_products');
    expect(url.searchParams.get('scope')).toBe(scopes);
    expect(url.searchParams.get('redirect_uri')).toBe('https://looks.example/api/auth/callback');
    expect(verifyState(url.searchParams.get('state'), SHOP, SECRET)).toBe(true);
  });

  it.each(['evil.example', 'x.myshopify.com.evil.example', '', 'https://a.myshopify.com', '-a.myshopify.com'])(
    'GET /api/auth refuses shop=%s',
    async (shop) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/auth?shop=${encodeURIComponent(shop)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'invalid_shop' });
      expect(res.headers.location).toBeUndefined();
    },
  );

  it('the callback exchanges the code for an expiring token, stores it encrypted, installs the shop and opens the app in the admin', async () => {
    const state = (await authorize()).searchParams.get('state')!;
    const code = platform.authorizationCode(SHOP);
    const res = await callback(signedCallback({ shop: SHOP, code, state }));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`https://admin.shopify.com/store/new-store/apps/${tomlLine('handle')}`);
    expect(platform.codeGrants).toEqual([{ shop: SHOP }]);
    const row = await storedToken(SHOP);
    expect(platform.liveAccessTokens(SHOP)).toEqual([row.plain]);
    expect(row.accessToken).not.toContain(row.plain);
    expect(row.refreshToken).not.toBeNull();
    expect(row.installedAt).not.toBeNull();
    // The session token of that shop is now accepted, without a token exchange.
    expect((await t.request({ method: 'GET', url: '/admin/api/v1/shop/details', shop: SHOP })).statusCode).toBe(200);
    expect(platform.exchanges).toEqual([]);
  });

  it('a second install replaces the pair: one row, the old token dead', async () => {
    const before = await storedToken(SHOP);
    const state = (await authorize()).searchParams.get('state')!;
    const res = await callback(signedCallback({ shop: SHOP, code: platform.authorizationCode(SHOP), state }));
    expect(res.statusCode).toBe(302);
    const after = await storedToken(SHOP);
    expect(after.plain).not.toBe(before.plain);
    expect(platform.liveAccessTokens(SHOP)).toEqual([after.plain]);
    expect(
      await t.db.selectFrom('accessTokens').select('shopId').where('shopId', '=', after.shopId).execute(),
    ).toHaveLength(1);
  });

  it('refuses a wrong HMAC, a foreign state, an expired-looking state and a failed exchange, storing nothing', async () => {
    const other = 'other-store.myshopify.com';
    const state = (await authorize(other)).searchParams.get('state')!;
    const code = platform.authorizationCode(other);
    const tampered = signedCallback({ shop: other, code, state, timestamp: '1' }).replace(`code=${code}`, 'code=y');
    expect((await callback(tampered)).statusCode).toBe(401);
    expect((await callback(signedCallback({ shop: other, code, state }, 'wrong'))).statusCode).toBe(401);
    const foreign = signState(SHOP, SECRET);
    expect((await callback(signedCallback({ shop: other, code, state: foreign }))).statusCode).toBe(401);
    expect((await callback(signedCallback({ shop: other, code, state: 'forged.state' }))).statusCode).toBe(401);
    // A callback timestamped outside the 90 s window, or opened in a browser without the state cookie (or another's).
    const stale = String(Math.floor(Date.now() / 1000) - 120);
    expect((await callback(signedCallback({ shop: other, code, state, timestamp: stale }))).statusCode).toBe(401);
    expect((await callback(signedCallback({ shop: other, code, state }), {})).statusCode).toBe(401);
    const ownCookie = cookie;
    await authorize(other);
    expect((await callback(signedCallback({ shop: other, code, state }))).statusCode).toBe(401);
    cookie = ownCookie;
    expect(platform.codeGrants.filter((g) => g.shop === other)).toEqual([]);

    const failed = await callback(signedCallback({ shop: other, code: 'never-issued', state }));
    expect(failed.statusCode).toBe(401);
    expect(failed.json()).toMatchObject({ code: 'unauthorized' });
    const shops = await t.db.selectFrom('shops').select('domain').where('domain', '=', other).execute();
    expect(shops).toEqual([]);
  });

  it('is not offered in standalone mode', async () => {
    const s = await createTestApp();
    try {
      expect((await s.app.inject({ method: 'GET', url: `/api/auth?shop=${SHOP}` })).statusCode).toBe(404);
    } finally {
      await s.close();
    }
  });
});
