import type { Db } from '../../../db';
import type { ShopRow } from '../../shop/shops';
import type { LayoutSettings } from '../../../../src/contracts/layout';
import { DEFAULT_MARKER_COLOR } from '../../../../src/contracts/looks';
import type { StorefrontConfig, StorefrontLook } from '../../../../src/contracts/storefront';
import { translate } from '../../../i18n';
import { safeCss } from '../../../widget/escape';
import { productLooksValue, storefrontConfigValue, storefrontLooks } from '../metafields';
import { productLooksBlock, storefrontLiquid } from './engine';
import { liveProduct, storefrontGlobals, type LiveProduct, type LiveProductInput } from './objects';
import { catalogLiveProduct, catalogRowsOfLooks, type CatalogProductRow as ProductRow } from './catalogProducts';

/** The demo storefront's product page of a handle. */
export const demoProductPath = (handle: string) => `/storefront/products/${encodeURIComponent(handle)}`;

function absolute(url: string | null, baseUrl: string): string | null {
  if (!url) return url;
  try {
    return url.startsWith('/') ? new URL(url, baseUrl).href : url;
  } catch {
    return url;
  }
}

/**
 * The looks as the demo storefront serves them: links to the demo's product pages and absolute image
 * URLs (the layout preview is a srcdoc frame, which has no address of its own).
 */
export function forDemo(look: StorefrontLook, baseUrl: string): StorefrontLook {
  return {
    ...look,
    mainProduct: { ...look.mainProduct, image: absolute(look.mainProduct.image, baseUrl) },
    items: look.items.map((item) => ({
      ...forDemoItem(item, baseUrl),
      ...(item.alternative ? { alternative: forDemoItem(item.alternative, baseUrl) } : {}),
    })),
  };
}

function forDemoItem<T extends { image: string | null; handle: string; url: string }>(item: T, baseUrl: string): T {
  return {
    ...item,
    image: absolute(item.image, baseUrl),
    url: item.handle ? new URL(demoProductPath(item.handle), baseUrl).href : item.url,
  };
}

/** Preview only: a few variants and stock levels so the variant style, its label and the low-stock note can be judged. */
function sampleVariants(p: ProductRow, index: number): LiveProductInput['variants'] {
  const useColors = /shirt|dress|jacket|coat|sweater|bag|scarf|sneakers/i.test(p.productType + p.title);
  const quantity = [3, 12, 8, 1][index % 4];
  return (useColors ? ['Black', 'White', 'Navy'] : ['S', 'M', 'L']).map((title, i) => ({
    id: `${p.gid}?variant=${i + 1}`,
    title,
    price: Number(p.price),
    available: i !== 2 || !useColors,
    quantity: i === 0 ? quantity : 20,
  }));
}

/** The demo storefront links to its own product pages, images absolute against the app. */
const catalogLive = (p: ProductRow, baseUrl: string, variants?: LiveProductInput['variants']): LiveProduct =>
  catalogLiveProduct(p, { url: demoProductPath, image: (ref) => absolute(ref, baseUrl) }, variants);

/** `all_products` for these looks: their items and main products from the catalog. */
async function liveProducts(
  db: Db,
  shopId: number,
  looks: StorefrontLook[],
  baseUrl: string,
  withSamples: boolean,
): Promise<LiveProduct[]> {
  const rows = await catalogRowsOfLooks(db, shopId, looks);
  const itemIndex = new Map(looks.flatMap((l) => l.items.map((item, i) => [item.handle, i] as const)));
  return rows.map((p) =>
    catalogLive(
      p,
      baseUrl,
      withSamples && itemIndex.has(p.handle) ? sampleVariants(p, itemIndex.get(p.handle) ?? 0) : undefined,
    ),
  );
}

/** Built-in sample when a shop has no looks yet (no images, catalog-independent), with its live products. */
function fallbackSample(locale: string): { look: StorefrontLook; products: LiveProduct[] } {
  const t = (k: string) => translate(locale, `Widget.sample.${k}`);
  const prices: Array<[number, number | null]> = [
    [49, 69],
    [89, null],
    [29, null],
  ];
  const items = prices.map(([price, compareAtPrice], i) => ({
    productId: `sample-${i + 1}`,
    handle: `sample-${i + 1}`,
    title: `${t('product')} ${i + 1}`,
    image: null,
    url: '',
    variantId: null,
    price,
    compareAtPrice,
    available: true,
    markerX: 40 + i * 15,
    markerY: 42 + i * 12,
  }));
  const products = items.map((item, i) =>
    liveProduct({
      gid: item.productId,
      handle: item.handle,
      title: item.title,
      url: '',
      price: item.price,
      compareAtPrice: item.compareAtPrice,
      available: true,
      image: null,
      variants: ['S', 'M', 'L'].map((title, v) => ({
        id: `sample-${i + 1}-${v}`,
        title,
        price: item.price,
        available: true,
        quantity: i === 0 && v === 0 ? 2 : null,
      })),
    }),
  );
  return {
    look: {
      id: 0,
      title: t('look'),
      mainProduct: { productId: 'sample-main', handle: '', title: t('mainProduct'), image: null },
      markerColor: DEFAULT_MARKER_COLOR,
      discount: { label: '', text: t('discount'), type: 'percentage', value: 10 },
      items,
    },
    products,
  };
}

interface RenderInput {
  shop: ShopRow;
  config: StorefrontConfig;
  looks: StorefrontLook[];
  products: LiveProduct[];
  page: ProductRow | null;
  baseUrl: string;
  designMode: boolean;
}

/** The product page's looks through the theme app extension's Liquid (block or embed, as on a store). */
async function renderLooks({
  shop,
  config,
  looks,
  products,
  page,
  baseUrl,
  designMode,
}: RenderInput): Promise<string[]> {
  if (!looks.length) return [];
  const product = page
    ? { ...catalogLive(page, baseUrl), metafields: { $app: { looks: { value: { v: 1, looks } } } } }
    : liveProduct({
        gid: 'sample-page',
        handle: '',
        title: '',
        url: '',
        price: 0,
        compareAtPrice: null,
        available: true,
        image: null,
        looks: { v: 1, looks },
      });
  const globals = storefrontGlobals({
    shopDomain: shop.domain,
    currency: config.currency,
    locale: config.settings.locale,
    config,
    product,
    products,
    template: 'product',
    designMode,
  });
  const engine = storefrontLiquid();
  const html = await engine.render(productLooksBlock(config.layout), globals);
  return html.includes('class="sl-widget') ? [html] : [];
}

/** The admin's layout preview: unsaved layout settings on the shop's first (active) look, or a built-in sample. */
export async function previewWidgets(
  db: Db,
  shop: ShopRow,
  layout: LayoutSettings,
  baseUrl: string,
): Promise<{ widgets: string[]; look: StorefrontLook; product: ProductRow | null }> {
  const saved = await storefrontConfigValue(db, shop);
  const config: StorefrontConfig = {
    ...saved,
    layout: { ...layout, customCss: layout.customCss === null ? null : safeCss(layout.customCss) },
    settings: { ...saved.settings, enabled: true },
    demo: true,
  };
  const row = await db
    .selectFrom('productLooks')
    .selectAll()
    .where('shopId', '=', shop.id)
    .orderBy('active', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  const found = row ? (await storefrontLooks(db, shop.id, [row]))[0] : undefined;
  let looks: StorefrontLook[];
  let products: LiveProduct[];
  let product: ProductRow | null = null;
  if (found) {
    looks = [forDemo(found, baseUrl)];
    products = await liveProducts(db, shop.id, looks, baseUrl, true);
    product =
      (await db
        .selectFrom('catalogProducts')
        .selectAll()
        .where('shopId', '=', shop.id)
        .where('gid', '=', found.mainProduct.productId)
        .executeTakeFirst()) ?? null;
  } else {
    const sample = fallbackSample(config.settings.locale);
    looks = [sample.look];
    products = sample.products;
  }
  const widgets = await renderLooks({ shop, config, looks, products, page: product, baseUrl, designMode: true });
  return { widgets, look: looks[0], product };
}

/**
 * The demo storefront's product page: the product's active looks (its metafield's value), or the look
 * `lookId` whatever its state or main product (the admin's look preview).
 */
export async function productWidgets(
  db: Db,
  shop: ShopRow,
  page: ProductRow,
  baseUrl: string,
  lookId?: number,
): Promise<string[]> {
  const saved = await storefrontConfigValue(db, shop);
  const config: StorefrontConfig = {
    ...saved,
    demo: true,
    settings: { ...saved.settings, enabled: saved.settings.enabled || lookId !== undefined },
  };
  if (!config.settings.enabled) return [];
  const value =
    lookId !== undefined
      ? await storefrontLooks(
          db,
          shop.id,
          await db
            .selectFrom('productLooks')
            .selectAll()
            .where('shopId', '=', shop.id)
            .where('id', '=', lookId)
            .execute(),
        )
      : (await productLooksValue(db, shop, page.gid)).looks;
  const looks = value.map((l) => forDemo(l, baseUrl));
  const products = await liveProducts(db, shop.id, looks, baseUrl, false);
  return renderLooks({ shop, config, looks, products, page, baseUrl, designMode: false });
}
