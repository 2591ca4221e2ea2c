import { INTERFACE_LOCALE_HEADER } from '../../../src/contracts/api';
import { createTestApp, type TestApp } from '../../test/testApp';
import { DISCOUNT_GUESS_LIMITS, guessDiscountCode } from './discounts';

jest.setTimeout(120_000);

const VALIDATE = '/admin/api/v1/discount/validate';
const SELECT = '/admin/api/v1/shop/select-plan';
const { perShop, perAddress, overall } = DISCOUNT_GUESS_LIMITS;

/**
 * Failed discount-code guesses are limited per shop, per client address and
 * overall, in the shared database: rotating shops or addresses buys no more
 * guesses; past a limit every guess it covers, right or wrong, gets a
 * translated 429 until the window ends.
 */
describe('discount code guesses', () => {
  let t: TestApp;
  let clock = new Date('2025-07-01T10:00:00Z');
  let n = 0;
  const shop = (name: string) => `${name}-${++n}.myshopify.com`;

  const validate = (shopDomain: string, code: string, ip: string) =>
    t.request({ method: 'POST', url: VALIDATE, shop: shopDomain, payload: { code }, remoteAddress: ip });
  const expectAnswer = async (res: Awaited<ReturnType<typeof validate>>, valid: boolean) => {
    expect(res.statusCode).toBe(200);
    expect(res.json().valid).toBe(valid);
  };
  const expectBlocked = (
    res: Awaited<ReturnType<typeof validate>>,
    message = /^Too many invalid discount codes were tried\. Try again in \d+ minutes?\.$/,
  ) => {
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(message);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  };

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock });
  });
  afterAll(() => t.close());
  // Every case starts in a fresh window of its own.
  beforeEach(() => {
    clock = new Date(clock.getTime() + 2 * overall.windowMs);
  });

  it(`per shop: ${perShop.max} failed guesses, then 429 from any address, even for the right code; other shops are unaffected`, async () => {
    const guesser = shop('guesser');
    for (let i = 0; i < perShop.max; i++)
      await expectAnswer(await validate(guesser, `WRONG${i}`, `192.0.2.${i + 1}`), false);
    expectBlocked(await validate(guesser, 'WRONG-X', '192.0.2.200'));
    expectBlocked(await validate(guesser, 'WELCOME20', '192.0.2.201'));
    const blockedAt = await validate(guesser, 'WELCOME20', '192.0.2.202');
    expect(Number(blockedAt.headers['retry-after'])).toBeLessThanOrEqual(perShop.windowMs / 1000);
    // select-plan with a discount code is the same oracle: limited the same way.
    const select = await t.request({
      method: 'POST',
      url: SELECT,
      shop: guesser,
      payload: { planName: 'monthly', discountCode: 'WELCOME20' },
      remoteAddress: '192.0.2.203',
    });
    expectBlocked(select);
    expect(
      await t.db
        .selectFrom('charges')
        .innerJoin('shops', 'shops.id', 'charges.shopId')
        .where('shops.domain', '=', guesser)
        .select('charges.id')
        .execute(),
    ).toEqual([]);
    await expectAnswer(await validate(shop('honest'), 'WELCOME20', '192.0.2.204'), true);
    // The window ends: the shop may try again.
    clock = new Date(clock.getTime() + perShop.windowMs);
    await expectAnswer(await validate(guesser, 'WELCOME20', '192.0.2.205'), true);
  });

  it('the message is in the shop language', async () => {
    const domain = shop('de');
    await t.provision(domain);
    await t.db.updateTable('shops').set({ locale: 'de' }).where('domain', '=', domain).execute();
    for (let i = 0; i < perShop.max; i++) await expectAnswer(await validate(domain, `FALSCH${i}`, '192.0.2.77'), false);
    expectBlocked(
      await validate(domain, 'FALSCH', '192.0.2.77'),
      /^Es wurden zu viele ungültige Rabattcodes ausprobiert\. Versuche es in \d+ Minuten? erneut\.$/,
    );
    // The interface language the client names (X-Interface-Locale) comes first.
    const inFrench = await t.request({
      method: 'POST',
      url: VALIDATE,
      shop: domain,
      payload: { code: 'FALSCH' },
      remoteAddress: '192.0.2.77',
      headers: { [INTERFACE_LOCALE_HEADER]: 'fr' },
    });
    expectBlocked(inFrench, /^Trop de codes de réduction invalides ont été essayés\. Réessayez dans \d+ minutes?\.$/);
  });

  it('right codes are not failed guesses', async () => {
    const domain = shop('mixed');
    for (let i = 0; i < perShop.max - 1; i++)
      await expectAnswer(await validate(domain, `NOPE${i}`, '192.0.2.90'), false);
    for (let i = 0; i < 5; i++) await expectAnswer(await validate(domain, 'welcome20', '192.0.2.90'), true);
    await expectAnswer(await validate(domain, 'NOPE-LAST', '192.0.2.90'), false);
    expectBlocked(await validate(domain, 'welcome20', '192.0.2.90'));
  });

  it(`per address: ${perAddress.max} failed guesses across rotating shops, then 429; an IPv6 /64 counts as one address`, async () => {
    for (let i = 0; i < perAddress.max; i++)
      await expectAnswer(await validate(shop('rotate'), `ROT${i}`, '203.0.113.50'), false);
    expectBlocked(await validate(shop('rotate'), 'ROT-X', '203.0.113.50'));
    await expectAnswer(await validate(shop('rotate'), 'ROT-Y', '203.0.113.51'), false);

    for (let i = 0; i < perAddress.max; i++) {
      await expectAnswer(await validate(shop('six'), `SIX${i}`, `2001:db8:aa:bb:${(i + 1).toString(16)}::1`), false);
    }
    expectBlocked(await validate(shop('six'), 'SIX-X', '2001:db8:aa:bb:ffff:1:2:3'));
    await expectAnswer(await validate(shop('six'), 'SIX-Y', '2001:db8:aa:cc::1'), false);
  });

  it(`overall: ${overall.max} failed guesses from everywhere, then 429 for every shop and address`, async () => {
    // Fill the shared counter through the service: distinct shops and addresses, no single one near its own limit.
    for (let i = 0; i < overall.max; i++) {
      await expect(
        guessDiscountCode(t.db, `ALL${i}`, { shopId: 100_000 + i, ip: `10.${i >> 8}.${i & 255}.1` }, clock),
      ).resolves.toBeUndefined();
    }
    expectBlocked(await validate(shop('late'), 'WELCOME20', '198.18.0.1'));
    clock = new Date(clock.getTime() + overall.windowMs);
    await expectAnswer(await validate(shop('late'), 'WELCOME20', '198.18.0.1'), true);
  });

  it('concurrent guesses cannot slip past the limit', async () => {
    const domain = shop('burst');
    await t.provision(domain);
    const results = await Promise.all(
      Array.from({ length: perShop.max + 5 }, (_, i) => validate(domain, `BURST${i}`, `192.0.2.${100 + i}`)),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(perShop.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });
});
