import { createTestApp, type TestApp, shopifyModeEnv } from '../test/testApp';
import { FakeShopifyAdmin, makeFakeProducts } from '../test/fakeShopifyAdmin';
import { deliver } from './webhooks/test/deliver';
import { API_PREFIX } from '../../src/contracts/api';
import type { LookFormValues } from '../../src/contracts/looks';

const KEY = 'reinstall-key';
const SECRET = 'reinstall-secret';
const P = (n: number) => `gid://shopify/Product/${7000000 + n}`;

jest.setTimeout(60_000);

const discountedLook = (main: number, related: number): LookFormValues => ({
  mainProduct: { itemId: P(main), title: `Product ${main}`, image: '', selectedMainImage: null, productImages: [] },
  active: true,
  relatedItems: [
    { itemId: P(related), title: `Product ${related}`, image: '', order: 0, type: 'product', markerX: 50, markerY: 50 },
  ],
  markerColor: 'FFFFFF',
  featured: false,
  media: [],
  discount: { enabled: true, label: 'Complete the look', type: 'percentage', value: 10, discountText: '' },
  tags: '',
});

/** After a reinstall's token exchange the catalog and the bundle discounts are written anew; the outbox records the install and the sync. */
describe('reinstall (APP_MODE=shopify, Admin API stand-in)', () => {
  let fake: FakeShopifyAdmin;
  let t: TestApp;
  const domain = 'comeback.myshopify.com';
  /** The outbox's record of installs and finished syncs (what its readers follow). */
  const recorded = async (kind: 'shopInstalled' | 'catalogSynced') =>
    t.db.selectFrom('changes').select(['shopId', 'after']).where('kind', '=', kind).orderBy('id').execute();

  beforeAll(async () => {
    fake = await FakeShopifyAdmin.start({ apiKey: KEY, apiSecret: SECRET, restoreRate: 20_000 });
    fake.setProducts(domain, makeFakeProducts(12));
    t = await createTestApp({
      env: shopifyModeEnv(fake.url, KEY, SECRET),
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const settle = async (shopId: number) => {
    await t.app.platform.catalogSync.running(shopId);
    await t.app.platform.lifecycle.idle();
    await t.app.bundleDiscounts!.idle(shopId);
  };
  const open = () => t.request({ method: 'GET', url: `${API_PREFIX}/shop/details`, shop: domain });
  const shopRow = () => t.db.selectFrom('shops').selectAll().where('domain', '=', domain).executeTakeFirstOrThrow();

  it('install: the catalog syncs, the granted scope is stored with the token, the outbox records each once', async () => {
    expect((await open()).statusCode).toBe(200);
    const shop = await shopRow();
    await settle(shop.id);
    expect(await recorded('shopInstalled')).toEqual([{ shopId: shop.id, after: null }]);
    expect(await recorded('catalogSynced')).toEqual([{ shopId: shop.id, after: { synced: 12 } }]);
    const token = await t.db
      .selectFrom('accessTokens')
      .select('scope')
      .where('shopId', '=', shop.id)
      .executeTakeFirstOrThrow();
    expect(token.scope).toBe('read_products,write_products,read_orders,write_discounts,read_themes,write_app_proxy');
    // A discounted look: the shop's bundle discount is on the platform.
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `${API_PREFIX}/shop`,
          payload: { useProductLookDiscount: true },
          shop: domain,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `${API_PREFIX}/productLooks`,
          payload: discountedLook(1, 2),
          shop: domain,
        })
      ).statusCode,
    ).toBe(201);
    await settle(shop.id);
    expect(fake.discounts(domain)).toHaveLength(1);
  });

  it('uninstall, changes while away, reinstall: a new exchange resyncs the catalog and re-creates the bundle discount', async () => {
    const shop = await shopRow();
    expect((await deliver(t, 'app/uninstalled', { id: 1 }, { shop: domain })).statusCode).toBe(200);
    // The platform dropped the app's discount with the app; the merchant edited a product meanwhile (no webhooks reach an uninstalled app).
    fake.uninstall(domain);
    for (const d of fake.discounts(domain)) fake.deleteDiscount(d.id);
    fake.updateProduct(domain, P(5), { title: 'Product 5, renamed while away' });
    fake.reinstall(domain);

    expect((await open()).statusCode).toBe(200);
    await settle(shop.id);
    expect(fake.exchanges.filter((e) => e.shop === domain)).toHaveLength(2);
    expect((await recorded('shopInstalled')).map((c) => c.shopId)).toEqual([shop.id, shop.id]);
    expect((await recorded('catalogSynced')).map((c) => c.after)).toEqual([{ synced: 12 }, { synced: 12 }]);
    const renamed = await t.db
      .selectFrom('catalogProducts')
      .select('title')
      .where('shopId', '=', shop.id)
      .where('gid', '=', P(5))
      .executeTakeFirstOrThrow();
    expect(renamed.title).toBe('Product 5, renamed while away');
    const [discount, ...others] = fake.discounts(domain);
    expect(others).toEqual([]);
    expect(JSON.parse(discount.metafields['$app:looks.bundle'].value).looks).toHaveLength(1);
    expect(
      await t.db.selectFrom('accessTokens').select('shopId').where('shopId', '=', shop.id).executeTakeFirst(),
    ).toBeDefined();
  });
});
