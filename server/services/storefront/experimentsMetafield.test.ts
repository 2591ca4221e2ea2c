import { createTestApp, type TestApp } from '../../test/testApp';
import { insertLook } from '../../test/looks';
import type { Experiment } from '../../../src/contracts/experiments';
import { EXPERIMENTS_PATH } from '../../routes/experiments';
import { storefrontTargetsOf } from '../../platform/metafields/storefrontTargets';
import type { RecordedChange } from '../changes/reader';
import { findShopByDomain } from '../shop/shops';
import { productLooksValue, galleryValue } from './metafields';
import { fileUrls } from '../../storage';
import { lookProxyPage } from './proxyPages';

jest.setTimeout(30_000);

const SHOP = 'ab-shop.myshopify.com';
const MAIN = 'gid://shopify/Product/77';
const IMG = '/files/catalog/b.jpg';

/** The storefront's data of a look with an A/B test: the running test in the metafields, rewritten as it starts, stops or its winner is applied. */
describe('A/B tests in the storefront metafields', () => {
  let t: TestApp;
  let seen = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date('2026-11-20T12:00:00Z') });
    await t.provision(SHOP);
  });
  afterAll(async () => {
    await t.close();
  });

  const req = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.request({ method, url, payload, shop: SHOP });
  /** The changes recorded since the last call, and the storefront metafields they call for. */
  const recorded = async () => {
    const rows = await t.db.selectFrom('changes').selectAll().where('id', '>', seen).orderBy('id').execute();
    seen = Number(rows[rows.length - 1]?.id ?? seen);
    const targets = storefrontTargetsOf(rows.map((r) => ({ ...r, id: Number(r.id), ageMs: 0 }) as RecordedChange));
    return {
      kinds: rows.map((r) => r.kind),
      targets: [...(targets.gallery ? ['gallery'] : []), ...[...targets.products].map((p) => `product:${p}`)].sort(),
    };
  };
  const shop = async () => (await findShopByDomain(t.db, SHOP))!;

  it('a running test is in the product and gallery metafields with its variants in order; a draft or stopped one is not', async () => {
    const shopRow = await shop();
    const look = await insertLook(t.db, shopRow.id, {
      title: 'Tested',
      mainProduct: { itemId: MAIN, productImages: [IMG] },
    });
    const e = (
      await req('POST', EXPERIMENTS_PATH, {
        lookId: look,
        split: 30,
        variant: { name: 'B', imageUrl: IMG, template: '' },
      })
    ).json() as Experiment;
    expect((await productLooksValue(t.db, shopRow, MAIN)).looks[0]).not.toHaveProperty('experiment');

    await recorded();
    await req('PATCH', `${EXPERIMENTS_PATH}/${e.id}`, { status: 'running' });
    expect(await recorded()).toEqual({ kinds: ['experimentChanged'], targets: ['gallery', `product:${MAIN}`] });
    const [a, b] = e.variants;
    const expected = {
      id: e.id,
      variants: [
        { id: a.id, split: 70, control: true, image: null, template: null },
        // The popup ('' in the layout settings) as the blocks name it.
        { id: b.id, split: 30, control: false, image: IMG, template: 'popup' },
      ],
    };
    expect((await productLooksValue(t.db, shopRow, MAIN)).looks[0].experiment).toEqual(expected);
    expect((await galleryValue(t.db, shopRow)).looks.find((l) => l.id === look)?.experiment).toEqual(expected);

    await req('PATCH', `${EXPERIMENTS_PATH}/${e.id}`, { status: 'stopped' });
    expect(await recorded()).toEqual({ kinds: ['experimentChanged'], targets: ['gallery', `product:${MAIN}`] });
    expect((await productLooksValue(t.db, shopRow, MAIN)).looks[0]).not.toHaveProperty('experiment');
  });

  it("the app proxy's look page shows the variants and loads the test script from the app, like the stylesheet", async () => {
    const shopRow = await shop();
    const look = await insertLook(t.db, shopRow.id, {
      title: 'Proxied',
      mainProduct: { itemId: 'gid://shopify/Product/79' },
    });
    const e = (
      await req('POST', EXPERIMENTS_PATH, {
        lookId: look,
        split: 50,
        variant: { name: 'B', imageUrl: null, template: 'one_column' },
      })
    ).json() as Experiment;
    await req('PATCH', `${EXPERIMENTS_PATH}/${e.id}`, { status: 'running' });
    const html = await lookProxyPage(t.db, shopRow, look, {
      pathPrefix: '/apps/looks',
      appUrl: 'https://app.example',
      files: fileUrls(t.config),
    });
    expect(html.match(/data-sl-ab-variant="\d+"( hidden)?>/g)?.map((m) => m.endsWith(' hidden>'))).toEqual([
      false,
      true,
    ]);
    expect(html).toContain('<script src="https://app.example/storefront/assets/looks-ab.js" defer></script>');
    expect(html).not.toContain('src="/storefront/assets/');
    await req('PATCH', `${EXPERIMENTS_PATH}/${e.id}`, { status: 'stopped' });
  });

  it("an applied winner's layout is the look's own template in the metafield", async () => {
    const shopRow = await shop();
    const main = 'gid://shopify/Product/78';
    const look = await insertLook(t.db, shopRow.id, { title: 'Winner', mainProduct: { itemId: main } });
    const e = (
      await req('POST', EXPERIMENTS_PATH, {
        lookId: look,
        split: 50,
        variant: { name: 'B', imageUrl: null, template: 'multi_col' },
      })
    ).json() as Experiment;
    await req('PATCH', `${EXPERIMENTS_PATH}/${e.id}`, { status: 'running' });
    await recorded();
    expect((await req('POST', `${EXPERIMENTS_PATH}/${e.id}/apply`, { variantId: e.variants[1].id })).statusCode).toBe(
      200,
    );
    expect(await recorded()).toEqual({ kinds: ['experimentChanged'], targets: ['gallery', `product:${main}`] });
    const value = (await productLooksValue(t.db, shopRow, main)).looks[0];
    expect(value.template).toBe('multi_col');
    expect(value).not.toHaveProperty('experiment');
  });
});
