import { createTestApp, type TestApp, shopifyModeEnv } from '../../test/testApp';
import { insertLook } from '../../test/looks';
import { API_PREFIX, INTERFACE_LOCALE_HEADER } from '../../../src/contracts/api';
import type { BillingPlans, DowngradePreview } from '../../../src/contracts/billing';
import { activeLookLimit, shouldUpgradeToPaidPlan } from './planLimits';
import { FakeShopifyAdmin } from '../../test/fakeShopifyAdmin';
import { installShop } from '../../test/platformShop';
import type { ShopRow } from '../shop/shops';
import { DISCOUNT_CHECKS_PER_MINUTE } from '../../routes/billing';

// Whole apps on cloned databases (one seeded): generous under a loaded machine.
jest.setTimeout(60_000);

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  payload: JSON.stringify(body),
  headers: { 'content-type': 'application/json', ...headers },
});

const addLook = (t: TestApp, shop: ShopRow, title: string, active: boolean, updatedAt: Date) =>
  insertLook(t.db, shop.id, { title, active, updatedAt });

const chargeCount = async (t: TestApp) =>
  Number(
    (
      await t.db
        .selectFrom('charges')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Approves the standalone charge behind a confirmation URL and follows the return; answers the final redirect. */
async function approve(t: TestApp, confirmationUrl: string, decision: 'approve' | 'decline' = 'approve') {
  const url = new URL(confirmationUrl);
  const id = url.pathname.split('/')[2];
  const decided = await t.app.inject({
    method: 'POST',
    url: `/charges/${id}/decide`,
    payload: `token=${url.searchParams.get('token')}&decision=${decision}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(decided.statusCode).toBe(303);
  const back = new URL(decided.headers.location as string);
  expect(back.pathname).toBe('/api/billing/return');
  const returned = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
  expect(returned.statusCode).toBe(303);
  return { location: returned.headers.location as string, returnPath: back.pathname + back.search };
}

describe('billing (standalone)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const plans = async (shop: string, locale?: string) =>
    (
      await t.request({
        method: 'GET',
        url: `${API_PREFIX}/shop/billing-plans${locale ? `?locale=${locale}` : ''}`,
        shop,
      })
    ).json() as BillingPlans;
  const select = (shop: string, body: unknown) =>
    t.request({ method: 'POST', url: `${API_PREFIX}/shop/select-plan`, shop, ...json(body) });

  it('serves the plans data from the database, free by default', async () => {
    const data = await plans('plans.myshopify.com');
    expect(Object.keys(data.plans)).toEqual(['free', 'monthly', 'yearly', 'lifetime']);
    expect(data.currentPlan).toEqual({ name: 'free', period: 'monthly', discount: null, ended: null });
    expect(data.plans.free).toMatchObject({ price: 0, usageLimit: 1, isCurrent: true, isActive: true });
    expect(data.plans.monthly).toMatchObject({
      price: 9.97,
      originalPrice: 9.97,
      discountedPrice: null,
      discount: 0,
      usageLimit: null,
      isCurrent: false,
    });
    expect(data.plans.yearly).toMatchObject({ price: 95.71, savingsText: 'Save 20%' });
    expect(data.plans.lifetime.price).toBe(199);
    expect(data.plans.monthly.featuredText.split(';').length).toBeGreaterThan(2);
    expect(data.pricingInfo).toEqual({
      monthlyPrice: 9.97,
      yearlyPrice: 119.64,
      yearlyPriceWithDiscount: 95.71,
      yearlyDiscount: 20,
    });
    const de = await plans('plans.myshopify.com', 'de');
    expect(de.plans.monthly.featuredText).toContain('Warenkorb-Booster');
    // The percentage is formatted by the locale: German puts a no-break space before %.
    expect(de.plans.yearly.savingsText).toBe('Spare 20\u00a0%');
  });

  it('validates discount codes (case-insensitive) and rejects bad bodies', async () => {
    const check = (payload: unknown) =>
      t.request({ method: 'POST', url: `${API_PREFIX}/discount/validate`, ...json(payload) });
    const ok = await check({ code: 'welcome20' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ valid: true, code: 'WELCOME20', percentage: 20 });
    const bad = await check({ code: 'NOPE' });
    expect(bad.json()).toMatchObject({ valid: false, percentage: 0, message: 'This discount code is not valid.' });
    expect((await check({ code: 'a b; drop' })).json().valid).toBe(false);
    expect((await check({})).statusCode).toBe(400);
    expect((await check({ code: 20 })).statusCode).toBe(400);
    expect((await check({ code: 'WELCOME20', extra: 1 })).statusCode).toBe(400);
  });

  it('answers the discount check in the interface language the client names (X-Interface-Locale), not the shop language', async () => {
    const check = (locale: string, code: string, shop = 'english-shop.myshopify.com') =>
      t.request({
        method: 'POST',
        url: `${API_PREFIX}/discount/validate`,
        shop,
        ...json({ code }, locale ? { [INTERFACE_LOCALE_HEADER]: locale } : {}),
      });
    expect((await check('de', 'NOPE')).json()).toMatchObject({
      valid: false,
      message: 'Dieser Rabattcode ist ungültig.',
    });
    expect((await check('fr', 'NOPE')).json()).toMatchObject({
      valid: false,
      message: 'Ce code de réduction n’est pas valide.',
    });
    expect((await check('de', 'welcome20')).json()).toMatchObject({
      valid: true,
      message: 'Rabattcode WELCOME20 angewendet: 20\u00a0% Rabatt.',
    });
    // Without it, or with a language the app does not have, the shop's language.
    expect((await check('', 'NOPE')).json().message).toBe('This discount code is not valid.');
    expect((await check('pt', 'NOPE')).json().message).toBe('This discount code is not valid.');
    await t.provision('german-shop.myshopify.com');
    await t.db.updateTable('shops').set({ locale: 'de' }).where('domain', '=', 'german-shop.myshopify.com').execute();
    expect((await check('', 'NOPE', 'german-shop.myshopify.com')).json().message).toBe(
      'Dieser Rabattcode ist ungültig.',
    );
    expect((await check('fr', 'NOPE', 'german-shop.myshopify.com')).json().message).toBe(
      'Ce code de réduction n’est pas valide.',
    );
    // A refused body too.
    const refused = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/discount/validate`,
      shop: 'english-shop.myshopify.com',
      ...json({}, { [INTERFACE_LOCALE_HEADER]: 'de' }),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Einige Felder sind ungültig.');
  });

  it('limits discount checks per shop', async () => {
    // Right codes: wrong ones are limited sooner (DISCOUNT_GUESS_LIMITS, discountGuesses.test.ts).
    const check = (shop: string) =>
      t.request({ method: 'POST', url: `${API_PREFIX}/discount/validate`, shop, ...json({ code: 'WELCOME20' }) });
    for (let i = 0; i < DISCOUNT_CHECKS_PER_MINUTE; i++)
      expect((await check('guesser.myshopify.com')).statusCode).toBe(200);
    const limited = await check('guesser.myshopify.com');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many discount code checks\. Try again in \d+ seconds?\.$/);
    expect((await check('honest.myshopify.com')).statusCode).toBe(200);
  });

  it('rejects bad select-plan bodies with 4xx and the SPEC messages, writing nothing', async () => {
    const before = await chargeCount(t);
    const cases: Array<[unknown, number, string?]> = [
      [{}, 400],
      [{ planName: 5 }, 400],
      [{ planName: 'monthly', foo: 'bar' }, 400],
      [{ planName: 'gold' }, 400, 'Invalid plan name'],
      [{ planName: 'free' }, 400, 'Invalid plan name'],
      [{ planName: 'yearly', discountCode: 'WELCOME20' }, 400],
      [{ planName: 'monthly', discountCode: 'NOPE' }, 400, 'Invalid discount code'],
    ];
    for (const [body, status, message] of cases) {
      const res = await select('bad.myshopify.com', body);
      expect(res.statusCode).toBe(status);
      if (message) expect(res.json().message).toBe(message);
    }
    const notJson = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/shop/select-plan`,
      payload: '{nope',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(await chargeCount(t)).toBe(before);
  });

  it('select → approve → return activates the plan (only then); limits follow the confirmed plan', async () => {
    const domain = 'flow.myshopify.com';
    const shop = await t.provision(domain);
    const res = await select(domain, { planName: 'monthly', discountCode: 'welcome20' });
    expect(res.statusCode).toBe(200);
    const { confirmationUrl } = res.json();
    expect(confirmationUrl).toMatch(/\/charges\/\d+\/confirm\?token=/);
    // Pending: nothing changes yet.
    expect((await plans(domain)).currentPlan.name).toBe('free');
    expect(await activeLookLimit(t.db, shop.id)).toBe(1);
    const page = await t.app.inject({
      method: 'GET',
      url: new URL(confirmationUrl).pathname + new URL(confirmationUrl).search,
    });
    expect(page.body).toContain('20%');
    expect(page.body).toContain('7 days');

    const { location, returnPath } = await approve(t, confirmationUrl);
    expect(location).toBe('/billing/plans?subscribed=monthly');
    const data = await plans(domain);
    expect(data.currentPlan).toEqual({ name: 'monthly', period: 'monthly', discount: 20, ended: null });
    expect(data.plans.monthly).toMatchObject({
      isCurrent: true,
      discount: 20,
      discountCode: 'WELCOME20',
      discountedPrice: 7.98,
      price: 7.98,
      originalPrice: 9.97,
    });
    expect(await activeLookLimit(t.db, shop.id)).toBeNull();
    await addLook(t, shop, 'A', true, new Date('2026-01-01'));
    await addLook(t, shop, 'B', true, new Date('2026-01-02'));
    expect(await shouldUpgradeToPaidPlan(t.db, shop.id)).toBe(false);

    // Reloading the return URL changes nothing; the same plan cannot be bought twice.
    expect((await t.app.inject({ method: 'GET', url: returnPath })).statusCode).toBe(303);
    const again = await select(domain, { planName: 'monthly' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Already subscribed to this plan');

    // Switching to yearly replaces the monthly charge once approved.
    const yearly = await select(domain, { planName: 'yearly' });
    await approve(t, yearly.json().confirmationUrl);
    // No second free trial when switching between paid plans.
    expect(
      (
        await t.db
          .selectFrom('charges')
          .select('trialDays')
          .where('reference', '=', 'yearly')
          .where('shopId', '=', shop.id)
          .executeTakeFirstOrThrow()
      ).trialDays,
    ).toBe(0);
    const charges = await t.db
      .selectFrom('charges')
      .select(['reference', 'status'])
      .where('shopId', '=', shop.id)
      .orderBy('id')
      .execute();
    expect(charges).toEqual([
      { reference: 'monthly', status: 'cancelled' },
      { reference: 'yearly', status: 'active' },
    ]);
    expect((await plans(domain)).currentPlan).toEqual({
      name: 'yearly',
      period: 'yearly',
      discount: null,
      ended: null,
    });
  });

  it('a declined charge leaves the plan as it was', async () => {
    const domain = 'decline.myshopify.com';
    const res = await select(domain, { planName: 'yearly' });
    const { location } = await approve(t, res.json().confirmationUrl, 'decline');
    expect(location).toBe('/billing/plans?declined=1');
    expect((await plans(domain)).currentPlan.name).toBe('free');
  });

  it('the approval page and the return are on the origin the merchant opened, not APP_URL', async () => {
    const res = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/shop/select-plan`,
      shop: 'origin.myshopify.com',
      payload: JSON.stringify({ planName: 'yearly' }),
      headers: { 'content-type': 'application/json', host: 'localhost:4321' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().confirmationUrl).toMatch(/^http:\/\/localhost:4321\/charges\/\d+\/confirm\?token=/);
    const shop = await t.db
      .selectFrom('shops')
      .select('id')
      .where('domain', '=', 'origin.myshopify.com')
      .executeTakeFirstOrThrow();
    const charge = await t.db
      .selectFrom('charges')
      .select('returnUrl')
      .where('shopId', '=', shop.id)
      .executeTakeFirstOrThrow();
    expect(charge.returnUrl).toBe('http://localhost:4321/api/billing/return?shop=origin.myshopify.com');
  });

  it('lifetime is a one-time charge and cannot be bought twice', async () => {
    const domain = 'lifetime.myshopify.com';
    const res = await select(domain, { planName: 'lifetime' });
    await approve(t, res.json().confirmationUrl);
    const charge = await t.db
      .selectFrom('charges')
      .selectAll()
      .where('reference', '=', 'lifetime')
      .executeTakeFirstOrThrow();
    expect(charge).toMatchObject({ kind: 'one_time', amount: '199.00', interval: null });
    for (const planName of ['lifetime', 'monthly']) {
      const dup = await select(domain, { planName });
      expect(dup.statusCode).toBe(400);
      expect(dup.json().message).toContain('already have an active lifetime plan');
    }
  });

  it('downgrade cancels the charge, keeps looks and deactivates those beyond the free limit', async () => {
    const domain = 'down.myshopify.com';
    const shop = await t.provision(domain);
    await approve(t, (await select(domain, { planName: 'monthly' })).json().confirmationUrl);
    const oldest = await addLook(t, shop, 'Oldest', true, new Date('2026-01-01'));
    const newest = await addLook(t, shop, 'Newest', true, new Date('2026-03-01'));
    const middle = await addLook(t, shop, 'Middle', true, new Date('2026-02-01'));
    await addLook(t, shop, 'Draft', false, new Date('2026-04-01'));

    const preview = (
      await t.request({ method: 'GET', url: `${API_PREFIX}/shop/downgrade/preview`, shop: domain })
    ).json() as DowngradePreview;
    expect(preview).toEqual({
      currentPlan: 'monthly',
      freeUsageLimit: 1,
      activeLooks: 3,
      looksToDeactivate: [
        { id: middle, title: 'Middle' },
        { id: oldest, title: 'Oldest' },
      ],
    });

    const wrong = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/shop/downgrade?planName=monthly`,
      shop: domain,
      headers: { 'content-type': 'application/json' },
    });
    expect(wrong.statusCode).toBe(400);
    expect((await plans(domain)).currentPlan.name).toBe('monthly');

    // The looks list is read (and cached) before the downgrade…
    const listBefore = (
      await t.request({ method: 'GET', url: `${API_PREFIX}/productLooks?page=1&limit=10`, shop: domain })
    ).json();
    expect(listBefore.data.filter((l: { active: boolean }) => l.active)).toHaveLength(3);

    // The JSON header with an empty body, as the app sends it.
    const res = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/shop/downgrade?planName=free`,
      shop: domain,
      headers: { 'content-type': 'application/json' },
    });
    // …and shows the drafts right after it.
    const listAfter = (
      await t.request({ method: 'GET', url: `${API_PREFIX}/productLooks?page=1&limit=10`, shop: domain })
    ).json();
    expect(listAfter.data.filter((l: { active: boolean }) => l.active).map((l: { id: number }) => l.id)).toEqual([
      newest,
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().deactivatedLooks.map((l: { id: number }) => l.id)).toEqual([middle, oldest]);
    const looks = await t.db
      .selectFrom('productLooks')
      .select(['id', 'active'])
      .where('shopId', '=', shop.id)
      .orderBy('id')
      .execute();
    expect(looks.filter((l) => l.active).map((l) => l.id)).toEqual([newest]);
    expect(looks).toHaveLength(4);
    expect((await plans(domain)).currentPlan).toEqual({ name: 'free', period: 'monthly', discount: null, ended: null });
    expect(await activeLookLimit(t.db, shop.id)).toBe(1);
    expect(await shouldUpgradeToPaidPlan(t.db, shop.id)).toBe(true);
    const statuses = await t.db.selectFrom('charges').select('status').where('shopId', '=', shop.id).execute();
    expect(statuses.map((s) => s.status)).toEqual(['cancelled']);

    const twice = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/shop/downgrade?planName=free`,
      shop: domain,
      headers: { 'content-type': 'application/json' },
    });
    expect(twice.statusCode).toBe(400);
  });

  it('isolates shops: another shop cannot confirm, see or downgrade what is not its own', async () => {
    const a = await t.provision('iso-a.myshopify.com');
    const b = await t.provision('iso-b.myshopify.com');
    const aLook = await addLook(t, a, 'A live', true, new Date('2026-01-01'));
    await addLook(t, a, 'A live 2', true, new Date('2026-01-02'));
    const res = await select(a.domain, { planName: 'monthly' });
    const url = new URL(res.json().confirmationUrl);
    const chargeId = url.pathname.split('/')[2];
    await t.app.inject({
      method: 'POST',
      url: `/charges/${chargeId}/decide`,
      payload: `token=${url.searchParams.get('token')}&decision=approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    // Shop B presents shop A's approved charge: not found, nothing activated.
    const stolen = await t.app.inject({
      method: 'GET',
      url: `/api/billing/return?shop=${b.domain}&charge_id=${chargeId}`,
    });
    expect(stolen.statusCode).toBe(404);
    expect((await plans(b.domain)).currentPlan.name).toBe('free');
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/billing/return?shop=${a.domain}&charge_id=abc` })).statusCode,
    ).toBe(404);
    // B's downgrade preview and downgrade never touch A's looks.
    const preview = (
      await t.request({ method: 'GET', url: `${API_PREFIX}/shop/downgrade/preview`, shop: b.domain })
    ).json();
    expect(preview.looksToDeactivate).toEqual([]);
    expect(
      (await t.request({ method: 'POST', url: `${API_PREFIX}/shop/downgrade?planName=free`, shop: b.domain }))
        .statusCode,
    ).toBe(400);
    const aActive = await t.db
      .selectFrom('productLooks')
      .select('id')
      .where('shopId', '=', a.id)
      .where('active', '=', true)
      .execute();
    expect(aActive.map((l) => l.id)).toContain(aLook);
    expect(aActive).toHaveLength(2);
  });
});

describe('billing (APP_MODE=shopify, Admin API stand-in)', () => {
  let t: TestApp;
  let fake: FakeShopifyAdmin;
  const KEY = 'key123';
  const SECRET = 'secret123';

  beforeAll(async () => {
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET });
    t = await createTestApp({
      env: shopifyModeEnv(fake.url, KEY, SECRET),
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const install = (domain: string) => installShop(t, domain);

  const admin = (path: string) => `https://admin.shopify.com/store/sub/apps/${t.config.shopifyApp.handle}${path}`;

  it('creates a discounted subscription returning to the app inside the admin, confirms it with the platform and cancels on downgrade', async () => {
    const shop = await install('sub.myshopify.com');
    const res = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/shop/select-plan`,
      shop: shop.domain,
      ...json({ planName: 'monthly', discountCode: 'WELCOME20' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ confirmationUrl: 'https://sub.myshopify.com/admin/charges/900/confirm' });
    const charge = fake.lastCharge()!;
    expect(charge.id).toBe('gid://shopify/AppSubscription/900');
    expect(charge.variables).toMatchObject({
      trialDays: 7,
      returnUrl: admin('/api/billing/return?shop=sub.myshopify.com'),
      lineItems: [
        {
          plan: {
            appRecurringPricingDetails: {
              price: { amount: 9.97, currencyCode: 'USD' },
              interval: 'EVERY_30_DAYS',
              discount: { value: { percentage: 0.2 } },
            },
          },
        },
      ],
    });
    expect(String(charge.variables.returnUrl)).not.toContain(t.config.appUrl);
    expect(await activeLookLimit(t.db, shop.id)).toBe(1);

    // The admin loads the return in the app's frame, with its own parameters.
    const back = (extra = '') =>
      t.app.inject({
        method: 'GET',
        url: `/api/billing/return?shop=sub.myshopify.com&charge_id=900&host=YWRtaW4&embedded=1&hmac=abc&id_token=x.y.z&locale=de${extra}`,
      });
    // Still pending on the platform: not active.
    const pending = await back();
    expect(pending.headers.location).toBe('/billing/plans?declined=1&shop=sub.myshopify.com&host=YWRtaW4&embedded=1');
    expect(await activeLookLimit(t.db, shop.id)).toBe(1);

    fake.setChargeStatus('900', 'ACTIVE');
    const approved = await back();
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe(
      '/billing/plans?subscribed=monthly&shop=sub.myshopify.com&host=YWRtaW4&embedded=1',
    );
    expect(await activeLookLimit(t.db, shop.id)).toBeNull();

    const down = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/shop/downgrade?planName=free`,
      shop: shop.domain,
      headers: { 'content-type': 'application/json' },
    });
    expect(down.statusCode).toBe(200);
    expect(fake.lastCharge()!.status).toBe('CANCELLED');
    expect(await activeLookLimit(t.db, shop.id)).toBe(1);
  });

  it('buys lifetime as a one-time purchase', async () => {
    const shop = await install('once.myshopify.com');
    const res = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/shop/select-plan`,
      shop: shop.domain,
      ...json({ planName: 'lifetime' }),
    });
    const id = /\/charges\/(\d+)\//.exec(res.json().confirmationUrl)![1];
    expect(fake.lastCharge()).toMatchObject({
      kind: 'AppPurchaseOneTime',
      variables: { price: { amount: 199, currencyCode: 'USD' } },
    });
    fake.setChargeStatus(id, 'ACTIVE');
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/billing/return?shop=once.myshopify.com&charge_id=${id}`,
    });
    expect(back.headers.location).toBe('/billing/plans?subscribed=lifetime');
  });

  it('platform refusals are 4xx; a shop whose token is gone answers 503; nothing is activated', async () => {
    const shop = await install('refused.myshopify.com');
    fake.rejectNextChargeWith('Price is invalid');
    const refused = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/shop/select-plan`,
      shop: shop.domain,
      ...json({ planName: 'monthly' }),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('Price is invalid');

    const revoked = await install('revoked.myshopify.com');
    fake.uninstall(revoked.domain);
    const noToken = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/shop/select-plan`,
      shop: revoked.domain,
      ...json({ planName: 'monthly' }),
    });
    expect(noToken.statusCode).toBe(503);
    expect(noToken.json()).toEqual({
      message: 'The app is not connected to your store. Open it from your Shopify admin to reconnect.',
      code: 'no_access_token',
      requestId: expect.any(String),
    });
    expect(await activeLookLimit(t.db, shop.id)).toBe(1);
    const left = await t.db.selectFrom('charges').select('id').where('shopId', 'in', [shop.id, revoked.id]).execute();
    expect(left).toEqual([]);
  });
});

describe('plan limits through the looks API (demo store)', () => {
  let t: TestApp;
  const shop = 'demo-shop.myshopify.com';
  beforeAll(async () => {
    t = await createTestApp({ seed: true });
  }, 120_000);
  afterAll(() => t?.close());

  const lookValues = async (id: number) => {
    const { look } = (await t.request({ method: 'GET', url: `${API_PREFIX}/productLooks/${id}`, shop })).json();
    const { id: _id, title: _title, ...values } = look;
    return values;
  };
  const create = async () =>
    t.request({
      method: 'POST',
      url: `${API_PREFIX}/productLooks`,
      shop,
      ...json({ ...(await lookValues(2)), active: true }),
    });
  const activate = async (id: number) =>
    t.request({
      method: 'PATCH',
      url: `${API_PREFIX}/productLooks/${id}`,
      shop,
      ...json({ ...(await lookValues(id)), active: true }),
    });
  const activeIds = async () =>
    (await t.db.selectFrom('productLooks').select('id').where('active', '=', true).orderBy('id').execute()).map(
      (l) => l.id,
    );

  it('free caps creating and activating; a confirmed paid plan lifts the cap; downgrade brings it back', async () => {
    // The demo seed leaves every look a draft: the free plan's one active look is free to use.
    expect(await activeIds()).toEqual([]);
    expect((await activate(1)).statusCode).toBe(200);
    expect(await activeIds()).toEqual([1]);
    const refusedCreate = await create();
    expect(refusedCreate.statusCode).toBe(403);
    expect(refusedCreate.json().code).toBe('planUpgrade.is_required');
    expect((await activate(2)).json().code).toBe('planUpgrade.is_required');

    const selected = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/shop/select-plan`,
      shop,
      ...json({ planName: 'monthly' }),
    });
    // Not confirmed yet: still capped.
    expect((await activate(2)).statusCode).toBe(403);
    await approve(t, selected.json().confirmationUrl);
    const details = (await t.request({ method: 'GET', url: `${API_PREFIX}/shop/details`, shop })).json();
    expect(details.shouldUpgradeToPaidPlan).toBe(false);

    expect((await create()).statusCode).toBe(201);
    expect((await activate(3)).statusCode).toBe(200);
    expect((await activeIds()).length).toBe(3);

    const down = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/shop/downgrade?planName=free`,
      shop,
      headers: { 'content-type': 'application/json' },
    });
    expect(down.statusCode).toBe(200);
    // Look 3 was updated last: it stays live.
    expect(await activeIds()).toEqual([3]);
    expect((await activate(2)).json().code).toBe('planUpgrade.is_required');
    expect(
      (await t.request({ method: 'GET', url: `${API_PREFIX}/shop/details`, shop })).json().shouldUpgradeToPaidPlan,
    ).toBe(true);
  }, 60_000);
});
