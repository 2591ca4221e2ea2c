jest.setTimeout(60_000);
import { createTestApp, type TestApp, shopifyModeEnv } from '../test/testApp';
import { FakeShopifyAdmin } from '../test/fakeShopifyAdmin';
import type { FakeTheme, FakeThemes } from '../test/fakeAdmin/themes';
import { API_PREFIX } from '../../src/contracts/api';
import type { ExtensionCheck } from '../../src/contracts/extensionCheck';
import type { Onboarding } from '../../src/contracts/shop';
import { DEMO_SHOP_DOMAIN } from '../config';
import { appBlockPlacedIn, embedEnabledIn, parseThemeJson } from './themeExtension';

const KEY = 'theme-client-id';
const SECRET = 'theme-secret';
const CHECK = `${API_PREFIX}/shop/extensionCheck`;
const HEADER =
  '/*\n * ------------------------------------------------------------\n * IMPORTANT: The contents of this file are auto-generated.\n * ------------------------------------------------------------\n */\n';

const embedBlock = (disabled: boolean) => ({
  type: `shopify://apps/shoppable-looks/blocks/looks-embed/0a1b2c3d-uuid`,
  disabled,
  settings: {},
});
const settingsData = (blocks: Record<string, unknown>) =>
  HEADER + JSON.stringify({ current: { colors_solid_button_labels: '#fff', blocks }, presets: {} }, null, 2);
const productTemplate = (mainBlocks: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  HEADER +
  JSON.stringify({
    sections: { main: { type: 'main-product', blocks: { title: { type: 'title' }, ...mainBlocks } }, ...extra },
    order: ['main'],
  });
const appBlock = (disabled = false) => ({
  type: 'shopify://apps/shoppable-looks/blocks/shoppable-look/0a1b2c3d-uuid',
  ...(disabled ? { disabled } : {}),
  settings: { product: '{{product}}' },
});
const theme = (files: Record<string, string>, over: Partial<FakeTheme> = {}): FakeTheme => ({
  id: 'gid://shopify/OnlineStoreTheme/1',
  name: 'Dawn',
  role: 'MAIN',
  files,
  ...over,
});

describe('reading the theme files', () => {
  it('strips the generated leading comments before parsing; anything unparsable is null', () => {
    expect(parseThemeJson(`${HEADER}{"a":1}`)).toEqual({ a: 1 });
    expect(parseThemeJson(`\uFEFF// line\n/* a */ /* b */\n{"a":2}`)).toEqual({ a: 2 });
    expect(parseThemeJson('/* never closed {"a":1}')).toBeNull();
    expect(parseThemeJson('{"a":')).toBeNull();
    expect(parseThemeJson(undefined)).toBeNull();
  });

  it('the embed is on only with an enabled current.blocks entry of looks-embed (also through a named preset)', () => {
    expect(embedEnabledIn({ current: { blocks: { x: embedBlock(false) } } })).toBe(true);
    expect(embedEnabledIn({ current: { blocks: { x: embedBlock(true) } } })).toBe(false);
    expect(
      embedEnabledIn({
        current: { blocks: { x: { type: 'shopify://apps/other/blocks/looks-embed-v2/1', disabled: false } } },
      }),
    ).toBe(false);
    expect(embedEnabledIn({ current: 'Default', presets: { Default: { blocks: { x: embedBlock(false) } } } })).toBe(
      true,
    );
    expect(embedEnabledIn({ current: {} })).toBe(false);
    expect(embedEnabledIn(null)).toBe(false);
  });

  it('the app block is placed when an enabled shoppable-look block sits in a section that is not disabled', () => {
    expect(appBlockPlacedIn({ sections: { main: { blocks: { a: appBlock() } } } })).toBe(true);
    expect(appBlockPlacedIn({ sections: { main: { blocks: { a: appBlock(true) } } } })).toBe(false);
    expect(appBlockPlacedIn({ sections: { apps: { disabled: true, blocks: { a: appBlock() } } } })).toBe(false);
    expect(
      appBlockPlacedIn({ sections: { main: { blocks: { a: { type: 'shopify://apps/x/blocks/looks-gallery/1' } } } } }),
    ).toBe(false);
    expect(appBlockPlacedIn({ sections: [] })).toBe(false);
  });
});

describe('GET /shop/extensionCheck (APP_MODE=shopify, Admin API stand-in)', () => {
  let fake: FakeShopifyAdmin;
  let t: TestApp;
  const themes = () => fake.module<FakeThemes>('themes');
  const check = async (domain: string, headers: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: CHECK, shop: domain, headers });

  beforeAll(async () => {
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET });
    t = await createTestApp({
      env: shopifyModeEnv(fake.url, KEY, SECRET),
    });
  });
  afterAll(async () => {
    await t.app.platform.lifecycle.idle();
    await t.close();
    await fake.close();
  });

  it('reads the published theme: embed on, block placed, with deep links to the right template and block', async () => {
    const domain = 'themed.myshopify.com';
    themes().setThemes(domain, [
      theme({
        'config/settings_data.json': settingsData({ '123': embedBlock(false) }),
        'templates/product.json': productTemplate({ look: appBlock() }),
      }),
      theme(
        { 'config/settings_data.json': settingsData({}) },
        { id: 'gid://shopify/OnlineStoreTheme/2', name: 'Draft', role: 'UNPUBLISHED' },
      ),
    ]);
    const res = await check(domain);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      mode: 'theme',
      themeName: 'Dawn',
      embedEnabled: true,
      appBlockPlaced: true,
      embedDeepLink: `https://${domain}/admin/themes/current/editor?context=apps&template=product&activateAppId=${KEY}/looks-embed`,
      appBlockDeepLink: `https://${domain}/admin/themes/current/editor?template=product&addAppBlockId=${KEY}/shoppable-look&target=mainSection`,
    } satisfies ExtensionCheck);
    const query = fake.graphql.filter((g) => g.shop === domain && /themes\s*\(/.test(g.query)).at(-1)!.query;
    expect(query).toMatch(/roles:\s*\[MAIN\]/);
    // The setup guide's "enable app extension" step follows the truth.
    const onboarding = (
      await t.request({ method: 'GET', url: `${API_PREFIX}/shop/onboarding`, shop: domain })
    ).json() as Onboarding;
    expect(onboarding.appBlockInstalled).toBe(true);
    expect(onboarding.appThemeExtensionDeepLink).toContain(`addAppBlockId=${KEY}/shoppable-look&target=mainSection`);
    expect(onboarding.onboarding.appThemeExtensionCartDeepLink).toContain(
      `template=cart&activateAppId=${KEY}/looks-embed`,
    );
  });

  it('a disabled embed, a removed block, or a theme without those files is reported off', async () => {
    const domain = 'plain.myshopify.com';
    themes().setThemes(domain, [
      theme({
        'config/settings_data.json': settingsData({ '123': embedBlock(true) }),
        'templates/product.json': productTemplate({}),
      }),
    ]);
    expect(await check(domain).then((r) => r.json())).toMatchObject({
      mode: 'theme',
      embedEnabled: false,
      appBlockPlaced: false,
    });
    themes().setThemes(domain, [theme({})]);
    expect(await check(domain).then((r) => r.json())).toMatchObject({
      themeName: 'Dawn',
      embedEnabled: false,
      appBlockPlaced: false,
    });
    const onboarding = (
      await t.request({ method: 'GET', url: `${API_PREFIX}/shop/onboarding`, shop: domain })
    ).json() as Onboarding;
    expect(onboarding.appBlockInstalled).toBe(false);
  });

  it('a block placed in the theme editor shows on the next check', async () => {
    const domain = 'later.myshopify.com';
    themes().setThemes(domain, [
      theme({ 'config/settings_data.json': settingsData({}), 'templates/product.json': productTemplate({}) }),
    ]);
    expect((await check(domain)).json()).toMatchObject({ embedEnabled: false, appBlockPlaced: false });
    themes().setFile(
      domain,
      'gid://shopify/OnlineStoreTheme/1',
      'templates/product.json',
      productTemplate({}, { apps: { type: '_blocks', blocks: { l: appBlock() } } }),
    );
    expect((await check(domain)).json()).toMatchObject({ embedEnabled: false, appBlockPlaced: true });
  });

  it('no published theme: nothing on, no theme name', async () => {
    expect((await check('no-theme.myshopify.com')).json()).toMatchObject({
      mode: 'theme',
      themeName: null,
      embedEnabled: false,
      appBlockPlaced: false,
    });
  });

  it('a failing Admin API answers a translated 5xx error, not a fake "enabled"', async () => {
    const domain = 'broken.myshopify.com';
    expect((await check(domain)).statusCode).toBe(200);
    fake.uninstall(domain);
    const res = await check(domain, { 'accept-language': 'de' });
    expect(res.statusCode).toBeGreaterThanOrEqual(500);
    expect(res.json().message).toEqual(expect.any(String));
    expect(res.json().message).not.toMatch(/^platform\./);
    fake.reinstall(domain);
  });
});

describe('GET /shop/extensionCheck (standalone)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it('says it is the demo storefront and links to the product page of a look of the shop', async () => {
    const res = await t.request({ method: 'GET', url: CHECK, shop: DEMO_SHOP_DOMAIN });
    expect(res.statusCode).toBe(200);
    const body = res.json() as ExtensionCheck;
    expect(body.mode).toBe('demo');
    expect(body).toEqual({
      mode: 'demo',
      storefrontUrl: expect.stringMatching(/\/storefront\/products\/[\w-]+\?look=\d+$/),
    });
    const lookId = Number(/look=(\d+)/.exec((body as { storefrontUrl: string }).storefrontUrl)![1]);
    const look = await t.db
      .selectFrom('productLooks')
      .select(['shopId', 'active'])
      .where('id', '=', lookId)
      .executeTakeFirstOrThrow();
    const shop = await t.db
      .selectFrom('shops')
      .select(['id'])
      .where('domain', '=', DEMO_SHOP_DOMAIN)
      .executeTakeFirstOrThrow();
    expect(look.shopId).toBe(shop.id);
    // An active look is preferred over drafts.
    const active = await t.db
      .selectFrom('productLooks')
      .select('id')
      .where('shopId', '=', shop.id)
      .where('active', '=', true)
      .execute();
    if (active.length) expect(active.map((l) => l.id)).toContain(lookId);
    const page = await t.app.inject({
      method: 'GET',
      url:
        new URL((body as { storefrontUrl: string }).storefrontUrl).pathname +
        new URL((body as { storefrontUrl: string }).storefrontUrl).search,
    });
    expect(page.statusCode).toBe(200);
  });

  it('a shop without any look gets no link', async () => {
    expect((await t.request({ method: 'GET', url: CHECK, shop: 'empty.myshopify.com' })).json()).toEqual({
      mode: 'demo',
      storefrontUrl: null,
    });
  });
});
