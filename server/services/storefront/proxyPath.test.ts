import { createTestApp, type TestApp } from '../../test/testApp';
import { signAppProxyQuery } from '../../auth/appProxy';
import { API_PREFIX } from '../../../src/contracts/api';
import { findShopByDomain } from '../shop/shops';
import { storefrontConfigValue } from './metafields';
import { renderFixture, fixtureConfig, fixtureLook } from './liquid/fixtures';
import { DEFAULT_PROXY_PATH, isProxyPath } from './proxyPath';

jest.setTimeout(60_000);

/**
 * The app proxy's path on the storefront (the merchant may change its prefix and subpath): learned from
 * the signed `path_prefix` of any proxied request, handed to the storefront script in the config
 * metafield, used by the booster's collection links.
 */
describe('the app proxy path', () => {
  let t: TestApp;
  const domain = 'proxy-path.myshopify.com';
  const signed = (path: string, pathPrefix: string, secret = t.config.apiSecret) =>
    `${path}?${signAppProxyQuery({ shop: domain, logged_in_customer_id: '', path_prefix: pathPrefix, timestamp: String(Math.floor(Date.now() / 1000)) }, secret)}`;
  const shop = async () => (await findShopByDomain(t.db, domain))!;

  beforeAll(async () => {
    t = await createTestApp();
    await t.provision(domain);
  });
  afterAll(() => t.close());

  it('is the toml default until a signed request says otherwise', async () => {
    expect((await shop()).proxyPath).toBeNull();
    expect((await storefrontConfigValue(t.db, await shop())).proxyPath).toBe(DEFAULT_PROXY_PATH);
  });

  it("follows the signed path_prefix of a proxied request into the config metafield's value and the collection links", async () => {
    const res = await t.app.inject({ method: 'GET', url: signed('/api/proxy/', '/a/shop-looks') });
    expect(res.statusCode).toBe(200);
    expect((await shop()).proxyPath).toBe('/a/shop-looks');
    expect((await storefrontConfigValue(t.db, await shop())).proxyPath).toBe('/a/shop-looks');
    const created = await t.request({
      method: 'POST',
      url: `${API_PREFIX}/productLookCollections`,
      shop: domain,
      payload: { name: 'Summer' },
    });
    expect(created.statusCode).toBe(201);
    expect((created.json() as { storeFrontLink: string }).storeFrontLink).toMatch(
      new RegExp(`^https://${domain}/a/shop-looks/collections/\\d+-summer$`),
    );
  });

  it('ignores a path_prefix that is no proxy path, and an unsigned one', async () => {
    for (const bad of ['/apps/looks/../admin', '/evil/looks', 'apps/looks', '/apps/lo oks', '/apps']) {
      expect(isProxyPath(bad)).toBe(false);
      await t.app.inject({ method: 'GET', url: signed('/api/proxy/', bad) });
    }
    await t.app.inject({ method: 'GET', url: signed('/api/proxy/', '/tools/other', 'wrong-secret') });
    expect((await shop()).proxyPath).toBe('/a/shop-looks');
  });

  it('reaches the storefront script through the blocks: the widget config carries it on a store', async () => {
    const html = await renderFixture({
      look: fixtureLook(),
      config: { ...fixtureConfig({ definedTemplate: 'inpage' }), proxyPath: '/community/looks' },
    });
    const config = JSON.parse(/<script type="application\/json" class="sl-config">(.*?)<\/script>/s.exec(html)![1]) as {
      proxyPath?: string;
      platformCart: boolean;
    };
    expect(config).toMatchObject({ platformCart: true, proxyPath: '/community/looks' });
  });
});
