import { createTestApp, type TestApp } from '../test/testApp';

describe('shop routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /shop/details returns the shop context of the token', async () => {
    const res = await t.request({ method: 'GET', url: '/admin/api/v1/shop/details', shop: 'alpha.myshopify.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      shopDomain: 'alpha.myshopify.com',
      locale: 'en',
      options: { imageGalleryEnabled: false },
    });
  });

  it('PATCH /shop validates with the SPEC rules, answers 400 per field and writes nothing', async () => {
    const before = (await t.request({ method: 'GET', url: '/admin/api/v1/shop' })).json();
    const res = await t.request({
      method: 'PATCH',
      url: '/admin/api/v1/shop',
      payload: { enabled: 'yes', locale: 'xx', usePoopUpDelay: -3, variantLabel: '' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(Object.keys(body.errors).sort()).toEqual(['enabled', 'locale', 'usePoopUpDelay', 'variantLabel']);
    // The field's label comes from translations (fields.variantLabel) when there is one.
    expect(body.errors.variantLabel).toMatch(/^\S.* is a required field$/);
    const after = (await t.request({ method: 'GET', url: '/admin/api/v1/shop' })).json();
    expect(after).toEqual(before);
  });

  it('PATCH /shop rejects unknown fields and non-object bodies', async () => {
    expect(
      (await t.request({ method: 'PATCH', url: '/admin/api/v1/shop', payload: { hacker: true } })).statusCode,
    ).toBe(400);
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: '/admin/api/v1/shop',
          payload: '[1]',
          headers: { 'content-type': 'application/json' },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('PATCH /shop saves valid settings, switches the shop locale and answers in it', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: '/admin/api/v1/shop',
      payload: { locale: 'de', usePoopUpDelay: 5 },
      shop: 'beta.myshopify.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ locale: 'de', usePoopUpDelay: 5 });
    const bad = await t.request({
      method: 'PATCH',
      url: '/admin/api/v1/shop',
      payload: { variantLabel: '' },
      shop: 'beta.myshopify.com',
    });
    expect(bad.json().errors.variantLabel).toMatch(/^\S.* ist ein Pflichtfeld$/);
  });

  it('settings are scoped to the shop of the token', async () => {
    await t.request({
      method: 'PATCH',
      url: '/admin/api/v1/shop',
      payload: { variantLabel: 'Size A' },
      shop: 'gamma.myshopify.com',
    });
    const other = (await t.request({ method: 'GET', url: '/admin/api/v1/shop', shop: 'delta.myshopify.com' })).json();
    expect(other.variantLabel).toBe('Variant');
  });

  it('POST /shop/apiToken returns a new token each time and stores only its hash', async () => {
    const a = (
      await t.request({ method: 'POST', url: '/admin/api/v1/shop/apiToken', shop: 'tok.myshopify.com' })
    ).json();
    const b = (
      await t.request({ method: 'POST', url: '/admin/api/v1/shop/apiToken', shop: 'tok.myshopify.com' })
    ).json();
    expect(a.token).toMatch(/^shpl_/);
    expect(a.token).not.toBe(b.token);
    const row = await t.db
      .selectFrom('shops')
      .select('apiTokenHash')
      .where('domain', '=', 'tok.myshopify.com')
      .executeTakeFirstOrThrow();
    expect(row.apiTokenHash).not.toContain(b.token);
    expect(row.apiTokenHash).toHaveLength(64);
  });

  it('POST /events stores known events per shop and rejects unknown names', async () => {
    const ok = await t.request({
      method: 'POST',
      url: '/admin/api/v1/events',
      payload: { name: 'look_created', distinctId: 'ev.myshopify.com', properties: { id: 1 } },
      shop: 'ev.myshopify.com',
    });
    expect(ok.statusCode).toBe(204);
    const bad = await t.request({
      method: 'POST',
      url: '/admin/api/v1/events',
      payload: { name: 'drop_table', distinctId: 'x' },
      shop: 'ev.myshopify.com',
    });
    expect(bad.statusCode).toBe(400);
    const rows = await t.db
      .selectFrom('events')
      .innerJoin('shops', 'shops.id', 'events.shopId')
      .select(['events.name', 'shops.domain'])
      .execute();
    expect(rows).toEqual([{ name: 'look_created', domain: 'ev.myshopify.com' }]);
  });
});
