import { createTestApp, type TestApp } from '../test/testApp';
import { signAppProxyQuery } from '../auth/appProxy';
import { translate } from '../i18n';
import { DEMO_SHOP_DOMAIN } from '../config';
import { API_PREFIX } from '../../src/contracts/api';
import type { LookFormValues } from '../../src/contracts/looks';

jest.setTimeout(120_000);

const HOSTILE = `{{ shop.metafields | json }}{% render 'x' %}{{- "a" -}}{%- if true -%}<img src=x onerror=alert(1)>{{{`;

describe('app proxy pages (GET /api/proxy/…)', () => {
  let t: TestApp;
  const other = 'other-proxy.myshopify.com';
  let activeLook: number;
  let draftLook: number;
  let otherLook: number;
  let featuredCollection: number;
  let otherCollection: number;

  const now = () => Math.floor(Date.now() / 1000);
  function signed(
    path: string,
    params: Record<string, string | string[]> = {},
    shop = DEMO_SHOP_DOMAIN,
    secret?: string,
  ) {
    const query = signAppProxyQuery(
      { shop, logged_in_customer_id: '', path_prefix: '/a/looks', timestamp: String(now()), ...params },
      secret ?? t.config.apiSecret,
    );
    return `${path}?${query}`;
  }
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  async function catalogLook(shop: string, title: string, active: boolean): Promise<number> {
    const products = await t.db
      .selectFrom('catalogProducts as p')
      .innerJoin('shops as s', 's.id', 'p.shopId')
      .select(['p.gid', 'p.title'])
      .where('s.domain', '=', shop)
      .orderBy('p.id')
      .limit(3)
      .execute();
    const [main, ...related] = products;
    const body: LookFormValues = {
      mainProduct: { itemId: main.gid, title, image: '', selectedMainImage: null, productImages: [] },
      active,
      relatedItems: related.map((p, i) => ({
        itemId: p.gid,
        title: p.title,
        image: '',
        order: i,
        type: 'product',
        markerX: 30,
        markerY: 40,
      })),
      markerColor: 'AA0000',
      featured: true,
      media: [],
      discount: { enabled: false, label: '', type: 'percentage', value: 0, discountText: '' },
      tags: '',
    };
    const res = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/productLooks`,
      payload: body as unknown as Record<string, unknown>,
      shop,
    });
    expect(res.statusCode).toBe(201);
    return res.json().id;
  }

  beforeAll(async () => {
    t = await createTestApp({ seed: true });
    const demo = await t.db
      .selectFrom('shops')
      .select('id')
      .where('domain', '=', DEMO_SHOP_DOMAIN)
      .executeTakeFirstOrThrow();
    // A hostile product name in the catalog (an item of the look) and a hostile look title.
    const second = await t.db
      .selectFrom('catalogProducts')
      .select('id')
      .where('shopId', '=', demo.id)
      .orderBy('id')
      .offset(1)
      .limit(1)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('catalogProducts')
      .set({ title: `Shirt ${HOSTILE}` })
      .where('id', '=', second.id)
      .execute();
    activeLook = await catalogLook(DEMO_SHOP_DOMAIN, `Look ${HOSTILE}`, true);
    draftLook = await catalogLook(DEMO_SHOP_DOMAIN, 'Draft look', false);
    await t.db.updateTable('productLooks').set({ featured: true }).where('id', '=', activeLook).execute();

    const otherShop = await t.provision(other);
    await t.db
      .insertInto('catalogProducts')
      .values(
        [1, 2].map((n) => ({
          shopId: otherShop.id,
          gid: `gid://shopify/Product/${990 + n}`,
          handle: `other-${n}`,
          title: `Other ${n}`,
          status: 'active' as const,
          price: '10.00',
          compareAtPrice: null,
          images: JSON.stringify([]),
          productType: '',
        })),
      )
      .execute();
    otherLook = await catalogLook(other, 'Other shop look', true);

    const booster = await t.request({ method: 'GET', url: `${API_PREFIX}/booster`, shop: DEMO_SHOP_DOMAIN });
    expect(booster.statusCode).toBe(200);
    featuredCollection = booster.json().collections.find((c: { isFeatured: boolean }) => c.isFeatured).id;
    const otherBooster = await t.request({ method: 'GET', url: `${API_PREFIX}/booster`, shop: other });
    otherCollection = otherBooster.json().collections[0].id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a signed request gets the gallery as application/liquid, linking through the signed path_prefix', async () => {
    for (const path of ['/api/proxy', '/api/proxy/']) {
      const res = await get(signed(path));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/liquid; charset=utf-8');
      expect(res.body).toContain('class="sl-gallery"');
      expect(res.body).toContain(`data-sl-look="${activeLook}"`);
      expect(res.body).not.toContain(`data-sl-look="${draftLook}"`);
      expect(res.body).not.toContain(`data-sl-look="${otherLook}"`);
      expect(res.body).toContain(`href="/a/looks/looks/${activeLook}"`);
      expect(res.body).toContain(`${t.config.appUrl}/storefront/assets/looks.css`);
    }
  });

  it('missing, wrong and stale signatures get a translated 401; nothing is rendered', async () => {
    const missing = await get(`/api/proxy/?shop=${DEMO_SHOP_DOMAIN}&path_prefix=%2Fapps%2Flooks&timestamp=${now()}`, {
      'accept-language': 'de-DE',
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe(translate('de', 'proxy.signatureMissing'));

    const wrong = await get(signed('/api/proxy/', {}, DEMO_SHOP_DOMAIN, 'not-the-secret'));
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(translate('en', 'auth.invalidHmac'));

    const stale = await get(signed('/api/proxy/', { timestamp: String(now() - 91) }));
    expect(stale.statusCode).toBe(401);
    expect(stale.json().message).toBe(translate('en', 'proxy.signatureExpired'));
    const future = await get(signed('/api/proxy/', { timestamp: String(now() + 120) }));
    expect(future.statusCode).toBe(401);
    expect(future.headers['content-type']).toMatch(/^application\/json/);
  });

  it('repeated parameters are signed joined by commas', async () => {
    const query = signed('/api/proxy/', { extra: ['1', '2'] });
    expect(query).toContain('extra=1&extra=2');
    expect((await get(query)).statusCode).toBe(200);
    // The same signature does not cover a different value.
    expect((await get(query.replace('extra=2', 'extra=3'))).statusCode).toBe(401);
  });

  it('the shop comes from the signed parameters only: changed → 401; a shop without the app → 404', async () => {
    const url = signed('/api/proxy/');
    const swapped = url.replace(encodeURIComponent(DEMO_SHOP_DOMAIN), encodeURIComponent(other));
    expect(swapped).not.toBe(url);
    expect((await get(swapped)).statusCode).toBe(401);
    const unknown = await get(signed('/api/proxy/', {}, 'not-installed.myshopify.com'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(translate('en', 'proxy.shopNotFound'));
  });

  it("a look's page shows an active look of the signed shop; a draft, another shop's look or a bad id is not found", async () => {
    const res = await get(signed(`/api/proxy/looks/${activeLook}`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/liquid; charset=utf-8');
    expect(res.body).toContain('class="sl-widget');
    expect(res.body).toContain('href="/a/looks/"');
    for (const id of [draftLook, otherLook, 99999999, 'abc', '0', '1e3']) {
      const missing = await get(signed(`/api/proxy/looks/${id}`));
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(translate('en', 'Looks.errors.notFound'));
    }
    // The other shop sees its own look.
    expect((await get(signed(`/api/proxy/looks/${otherLook}`, {}, other))).statusCode).toBe(200);
  });

  it("booster collections: the featured one shows the featured looks; another shop's collection is not found", async () => {
    const res = await get(signed(`/api/proxy/collections/${featuredCollection}-featured-looks`));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`data-sl-look="${activeLook}"`);
    expect(res.body).toContain('Featured looks');
    expect((await get(signed(`/api/proxy/collections/${otherCollection}`))).statusCode).toBe(404);
    for (const id of ['x-1', '2147483648', '99999999999-a', '0', '-1']) {
      const missing = await get(signed(`/api/proxy/collections/${id}`));
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(translate('en', 'Booster.errors.collectionNotFound'));
    }
  });

  it("hostile titles cannot reach the platform's Liquid", async () => {
    for (const path of [
      '/api/proxy/',
      `/api/proxy/looks/${activeLook}`,
      `/api/proxy/collections/${featuredCollection}`,
    ]) {
      const res = await get(signed(path));
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/\{\{|\{%/);
      expect(res.body).not.toContain('<img src=x');
      // The title is still there, shown as text.
      expect(res.body).toContain('&#123;{ shop.metafields | json }}&#123;% render');
    }
  });
});
