import { createTestApp, type TestApp } from '../../test/testApp';
import { createCharge, getCharge } from './charges';

describe('charges (standalone confirmation page)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function newCharge(domain = 'pay.myshopify.com') {
    const shop = await t.provision(domain);
    const { charge, confirmationUrl } = await createCharge(t.db, t.config, shop, {
      kind: 'subscription',
      purpose: 'plan',
      reference: 'monthly',
      name: 'Monthly plan',
      amount: 9.97,
      interval: 'EVERY_30_DAYS',
      trialDays: 7,
      returnUrl: `${t.config.appUrl}/api/billing/return?plan=monthly`,
    });
    return { shop, charge, url: new URL(confirmationUrl) };
  }

  it('shows the approval page only with the right token', async () => {
    const { url, charge } = await newCharge();
    const page = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Monthly plan');
    expect(page.body).toContain('7 days');
    const wrong = await t.app.inject({ method: 'GET', url: `/charges/${charge.id}/confirm?token=nope` });
    expect(wrong.statusCode).toBe(404);
  });

  it('approving activates the charge once and returns with charge_id', async () => {
    const { url, charge, shop } = await newCharge('pay2.myshopify.com');
    const token = url.searchParams.get('token')!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/charges/${charge.id}/decide`,
      payload: `token=${token}&decision=approve`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain(`charge_id=${charge.id}`);
    expect((await getCharge(t.db, shop.id, charge.id))?.status).toBe('active');
    // A later decline does not undo it.
    await t.app.inject({
      method: 'POST',
      url: `/charges/${charge.id}/decide`,
      payload: `token=${token}&decision=decline`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await getCharge(t.db, shop.id, charge.id))?.status).toBe('active');
  });

  it('declining leaves it declined; a wrong token changes nothing', async () => {
    const { url, charge, shop } = await newCharge('pay3.myshopify.com');
    const bad = await t.app.inject({
      method: 'POST',
      url: `/charges/${charge.id}/decide`,
      payload: 'token=forged&decision=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.statusCode).toBe(404);
    expect((await getCharge(t.db, shop.id, charge.id))?.status).toBe('pending');
    await t.app.inject({
      method: 'POST',
      url: `/charges/${charge.id}/decide`,
      payload: `token=${url.searchParams.get('token')}&decision=decline`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await getCharge(t.db, shop.id, charge.id))?.status).toBe('declined');
  });

  it('getCharge is scoped to the shop', async () => {
    const { charge } = await newCharge('pay4.myshopify.com');
    const other = await t.provision('other.myshopify.com');
    expect(await getCharge(t.db, other.id, charge.id)).toBeUndefined();
  });
});
