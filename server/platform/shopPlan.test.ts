jest.setTimeout(60_000);
import { createTestApp, type TestApp, shopifyModeEnv } from '../test/testApp';
import { FakeShopifyAdmin } from '../test/fakeShopifyAdmin';
import type { FakeShopPlans } from '../test/fakeAdmin/shopPlan';
import { deliver } from './webhooks/test/deliver';
import { API_PREFIX } from '../../src/contracts/api';
import type { Onboarding } from '../../src/contracts/shop';
import { DEMO_SHOP_DOMAIN } from '../config';
import { PLAN_MAX_AGE_MS, canUseCheckoutExtensions } from './shopPlan';

const KEY = 'plan-key';
const SECRET = 'plan-secret';
const ONBOARDING = `${API_PREFIX}/shop/onboarding`;

describe('canUseCheckoutExtensions', () => {
  it('Plus and development stores may; every other plan, or no plan, may not', () => {
    expect(canUseCheckoutExtensions({ shopifyPlus: true, partnerDevelopment: false })).toBe(true);
    expect(canUseCheckoutExtensions({ shopifyPlus: false, partnerDevelopment: true })).toBe(true);
    expect(canUseCheckoutExtensions({ shopifyPlus: false, partnerDevelopment: false })).toBe(false);
    expect(canUseCheckoutExtensions(null)).toBe(false);
  });
});

describe('the shop plan flag (APP_MODE=shopify, Admin API stand-in)', () => {
  let fake: FakeShopifyAdmin;
  let t: TestApp;
  let clock = new Date('2026-11-20T10:00:00Z');
  const plans = () => fake.module<FakeShopPlans>('shopPlan');
  const planQueries = (domain: string) =>
    fake.graphql.filter((g) => g.shop === domain && /\bplan\s*\{/.test(g.query)).length;
  const row = (domain: string) =>
    t.db.selectFrom('shops').selectAll().where('domain', '=', domain).executeTakeFirstOrThrow();
  const flag = async (domain: string) => {
    const res = await t.request({ method: 'GET', url: ONBOARDING, shop: domain });
    expect(res.statusCode).toBe(200);
    return (res.json() as Onboarding).onboarding.canUseCheckoutUIExtension;
  };
  /** First request: token exchange, then the install's background work (catalog sync, plan). */
  async function install(domain: string) {
    expect((await t.request({ method: 'GET', url: `${API_PREFIX}/shop/details`, shop: domain })).statusCode).toBe(200);
    const shop = await row(domain);
    await t.app.platform.catalogSync.running(shop.id);
    await t.app.platform.lifecycle.idle();
    return shop;
  }

  beforeAll(async () => {
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET });
    t = await createTestApp({
      env: shopifyModeEnv(fake.url, KEY, SECRET),
      now: () => clock,
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('is read on install and cached: a Plus store may use the checkout extension, the next reads ask nothing', async () => {
    const domain = 'plus.myshopify.com';
    plans().setPlan(domain, { displayName: 'Shopify Plus', shopifyPlus: true, partnerDevelopment: false });
    await install(domain);
    expect(planQueries(domain)).toBe(1);
    expect((await row(domain)).canUseCheckoutUiExtension).toBe(true);
    expect((await row(domain)).planCheckedAt?.getTime()).toBe(clock.getTime());
    expect(await flag(domain)).toBe(true);
    expect(await flag(domain)).toBe(true);
    expect(planQueries(domain)).toBe(1);
  });

  it('a Basic store may not (checkoutApiSupported plays no part)', async () => {
    const domain = 'basic.myshopify.com';
    plans().setPlan(domain, { displayName: 'Basic', shopifyPlus: false, partnerDevelopment: false });
    await install(domain);
    expect(await flag(domain)).toBe(false);
    expect(fake.graphql.some((g) => /checkoutApiSupported/.test(g.query))).toBe(false);
  });

  it('is read again once a day old: an upgrade to Plus shows the next day', async () => {
    const domain = 'upgrade.myshopify.com';
    plans().setPlan(domain, { shopifyPlus: false, partnerDevelopment: false });
    await install(domain);
    plans().setPlan(domain, { shopifyPlus: true });
    clock = new Date(clock.getTime() + PLAN_MAX_AGE_MS - 60_000);
    expect(await flag(domain)).toBe(false);
    clock = new Date(clock.getTime() + 60_000);
    expect(await flag(domain)).toBe(true);
    expect(planQueries(domain)).toBe(2);
  });

  it('app/scopes_update marks it stale: the next read asks the platform', async () => {
    const domain = 'scopes-plan.myshopify.com';
    plans().setPlan(domain, { shopifyPlus: false, partnerDevelopment: false });
    await install(domain);
    plans().setPlan(domain, { partnerDevelopment: true });
    expect(await flag(domain)).toBe(false);
    expect(
      (
        await deliver(
          t,
          'app/scopes_update',
          { current: ['read_products', 'read_themes'] },
          { shop: domain, secret: SECRET },
        )
      ).statusCode,
    ).toBe(200);
    expect((await row(domain)).planCheckedAt).toBeNull();
    expect(await flag(domain)).toBe(true);
    expect(planQueries(domain)).toBe(2);
  });

  it('when the platform fails, the cached answer stays and is asked for again on the next read', async () => {
    const domain = 'flaky-plan.myshopify.com';
    plans().setPlan(domain, { shopifyPlus: true, partnerDevelopment: false });
    await install(domain);
    clock = new Date(clock.getTime() + PLAN_MAX_AGE_MS);
    fake.expireAccessTokens(domain);
    fake.uninstall(domain);
    expect(await flag(domain)).toBe(true);
    fake.reinstall(domain);
    expect((await row(domain)).canUseCheckoutUiExtension).toBe(true);
  });
});

describe('the shop plan flag (standalone)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  });
  afterAll(() => t.close());

  it("the demo shop's value comes from the demo seed, without any platform call", async () => {
    const res = await t.request({ method: 'GET', url: ONBOARDING, shop: DEMO_SHOP_DOMAIN });
    expect(res.statusCode).toBe(200);
    expect((res.json() as Onboarding).onboarding.canUseCheckoutUIExtension).toBe(true);
    const fresh = await t.request({ method: 'GET', url: ONBOARDING, shop: 'fresh-standalone.myshopify.com' });
    expect((fresh.json() as Onboarding).onboarding.canUseCheckoutUIExtension).toBe(false);
  });

  it('standalone there is no theme editor: no deep links, and the demo storefront has the look block by construction', async () => {
    for (const shop of [DEMO_SHOP_DOMAIN, 'fresh-standalone.myshopify.com']) {
      const onboarding = (await t.request({ method: 'GET', url: ONBOARDING, shop })).json() as Onboarding;
      expect(onboarding).toMatchObject({
        appBlockInstalled: true,
        appThemeExtensionDeepLink: '',
        onboarding: { appThemeExtensionCartDeepLink: '' },
      });
      const details = (await t.request({ method: 'GET', url: `${API_PREFIX}/shop/details`, shop })).json() as {
        appThemeExtensionDeepLink: string;
      };
      expect(details.appThemeExtensionDeepLink).toBe('');
    }
  });
});
