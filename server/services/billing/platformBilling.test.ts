import type { TestApp } from '../../test/testApp';
import type { FakeShopifyAdmin } from '../../test/fakeShopifyAdmin';
import { installShop, shopifyTestApp } from '../../test/platformShop';
import type { FakeShopPlans } from '../../test/fakeAdmin/shopPlan';
import { deliver } from '../../platform/webhooks/test/deliver';
import { insertLook } from '../../test/looks';
import { API_PREFIX } from '../../../src/contracts/api';
import type { BillingPlans } from '../../../src/contracts/billing';
import { billingTestOverride } from './platformBilling';
import { getShopPlan } from './plans';

// Whole apps against the stand-in: generous under a loaded machine.
jest.setTimeout(60_000);

const KEY = 'billing-key';
const SECRET = 'billing-secret';

/** Billing on the platform (APP_MODE=shopify) against the Admin API stand-in, as the merchant meets it. */
describe('platform billing', () => {
  let t: TestApp;
  let fake: FakeShopifyAdmin;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, fake, close } = await shopifyTestApp(KEY, SECRET));
  });
  afterAll(() => close());

  const install = (domain: string) => installShop(t, domain);

  /** Selects the plan, the merchant approves it on the platform, the admin loads the return: the platform's charge. */
  async function buy(domain: string, planName: string) {
    const res = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/shop/select-plan`,
      shop: domain,
      payload: { planName },
    });
    expect(res.statusCode).toBe(200);
    const id = /\/charges\/(\d+)\/confirm$/.exec(res.json().confirmationUrl)![1];
    fake.setChargeStatus(id, 'ACTIVE');
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/billing/return?shop=${domain}&charge_id=${id}&host=YWRtaW4&embedded=1`,
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/billing/plans?subscribed=${planName}&shop=${domain}&host=YWRtaW4&embedded=1`);
    return fake.chargesOf(domain).find((c) => c.id.endsWith(`/${id}`))!;
  }

  const plans = async (domain: string) =>
    (await t.request({ method: 'GET', url: `${API_PREFIX}/shop/billing-plans`, shop: domain })).json() as BillingPlans;

  it('test charges come from the shop: a development store gets test charges, a paying store real ones', async () => {
    await install('dev-store.myshopify.com');
    expect((await buy('dev-store.myshopify.com', 'monthly')).variables.test).toBe(true);
    await install('paying.myshopify.com');
    fake
      .module<FakeShopPlans>('shopPlan')
      .setPlan('paying.myshopify.com', { partnerDevelopment: false, displayName: 'Basic' });
    expect((await buy('paying.myshopify.com', 'monthly')).variables.test).toBe(false);
    expect((await buy('paying.myshopify.com', 'lifetime')).variables.test).toBe(false);
  });

  it('SHOPIFY_BILLING_TEST overrides the shop either way', () => {
    expect(billingTestOverride('1')).toBe(true);
    expect(billingTestOverride('0')).toBe(false);
    expect(billingTestOverride(undefined)).toBeUndefined();
    expect(billingTestOverride('')).toBeUndefined();
  });

  it('Lifetime bought over an active subscription cancels that subscription on the platform (appSubscriptionCancel)', async () => {
    const domain = 'upgrade.myshopify.com';
    await install(domain);
    const subscription = await buy(domain, 'yearly');
    expect(subscription.status).toBe('ACTIVE');
    const lifetime = await buy(domain, 'lifetime');
    expect(lifetime.kind).toBe('AppPurchaseOneTime');
    expect(fake.chargesOf(domain).find((c) => c.id === subscription.id)!.status).toBe('CANCELLED');
    const cancels = fake.graphql.filter((c) => c.shop === domain && /appSubscriptionCancel/.test(c.query));
    expect(cancels.map((c) => c.variables.id)).toEqual([subscription.id]);
    expect((await plans(domain)).currentPlan).toMatchObject({ name: 'lifetime', ended: null });
    // A reload of the return finds nothing left to cancel.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/billing/return?shop=${domain}&charge_id=${lifetime.id.split('/').pop()}`,
    });
    expect(again.statusCode).toBe(303);
    expect(fake.graphql.filter((c) => c.shop === domain && /appSubscriptionCancel/.test(c.query))).toHaveLength(1);
  });

  it('app_subscriptions/update: frozen ends the paid plan at once (looks beyond free to draft, the plans page says why); active again brings it back', async () => {
    const domain = 'frozen.myshopify.com';
    const shop = await install(domain);
    const subscription = await buy(domain, 'monthly');
    for (let i = 0; i < 3; i += 1)
      await insertLook(t.db, shop.id, { title: `Look ${i}`, active: true, updatedAt: new Date(Date.now() - i * 1000) });
    const update = (status: string) =>
      deliver(
        t,
        'app_subscriptions/update',
        {
          app_subscription: {
            admin_graphql_api_id: subscription.id,
            name: subscription.variables.name,
            status,
            admin_graphql_api_shop_id: 'gid://shopify/Shop/1',
            created_at: '2026-11-01T10:00:00-05:00',
            updated_at: '2026-11-28T10:00:00-05:00',
            currency: 'USD',
            capped_amount: null,
          },
        },
        { shop: domain },
      );

    expect((await update('FROZEN')).statusCode).toBe(200);
    expect((await getShopPlan(t.db, shop.id)).planName).toBe('free');
    expect((await plans(domain)).currentPlan).toMatchObject({
      name: 'free',
      ended: { plan: 'monthly', reason: 'frozen' },
    });
    const active = await t.db
      .selectFrom('productLooks')
      .select('id')
      .where('shopId', '=', shop.id)
      .where('active', '=', true)
      .execute();
    expect(active).toHaveLength(1);
    // A repeated delivery changes nothing.
    expect((await update('FROZEN')).statusCode).toBe(200);
    expect((await plans(domain)).currentPlan).toMatchObject({
      name: 'free',
      ended: { plan: 'monthly', reason: 'frozen' },
    });

    expect((await update('ACTIVE')).statusCode).toBe(200);
    expect((await plans(domain)).currentPlan).toMatchObject({ name: 'monthly', ended: null });

    for (const status of ['CANCELLED', 'DECLINED', 'EXPIRED']) {
      await update('ACTIVE');
      await update(status);
      expect((await plans(domain)).currentPlan).toMatchObject({
        name: 'free',
        ended: { plan: 'monthly', reason: status.toLowerCase() },
      });
    }
  });

  it('a subscription the app replaced or cancelled itself changes nothing when the platform reports it', async () => {
    const domain = 'replaced.myshopify.com';
    await install(domain);
    const first = await buy(domain, 'monthly');
    await buy(domain, 'yearly');
    const res = await deliver(
      t,
      'app_subscriptions/update',
      { app_subscription: { admin_graphql_api_id: first.id, status: 'CANCELLED' } },
      { shop: domain },
    );
    expect(res.statusCode).toBe(200);
    expect((await plans(domain)).currentPlan).toMatchObject({ name: 'yearly', ended: null });
  });

  it('a reinstall keeps Lifetime while the platform still reports the purchase (currentAppInstallation.oneTimePurchases)', async () => {
    const domain = 'forever.myshopify.com';
    const shop = await install(domain);
    await buy(domain, 'lifetime');
    fake.uninstall(domain);
    expect((await deliver(t, 'app/uninstalled', { id: 1, domain }, { shop: domain })).statusCode).toBe(200);
    expect((await getShopPlan(t.db, shop.id)).planName).toBe('free');
    fake.reinstall(domain);
    await install(domain);
    expect((await getShopPlan(t.db, shop.id)).planName).toBe('lifetime');
    expect(fake.exchanges.filter((e) => e.shop === domain)).toHaveLength(2);

    // A subscription does not come back: the platform cancelled it with the uninstall.
    const monthly = 'monthly-gone.myshopify.com';
    const other = await install(monthly);
    await buy(monthly, 'monthly');
    fake.uninstall(monthly);
    await deliver(t, 'app/uninstalled', { id: 2, domain: monthly }, { shop: monthly });
    fake.reinstall(monthly);
    await install(monthly);
    expect((await getShopPlan(t.db, other.id)).planName).toBe('free');
  });
});
