import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db';
import type { ShopRow } from '../shop/shops';
import { getSettings } from '../shop/shops';
import { getLayout } from '../looks/layout';
import { deletedProductGids } from '../looks/deletedProducts';
import type { ProductLooksTable } from '../../db/tables/looks';
import type { CatalogProductsTable } from '../../db/tables/foundation';
import type { LayoutSettings } from '../../../src/contracts/layout';
import type { ShopSettings } from '../../../src/contracts/shop';
import { DEFAULT_MARKER_COLOR } from '../../../src/contracts/looks';
import { renderWidget } from '../../widget/render';
import { newNonce, renderProductPage } from '../../widget/page';
import type { WidgetItem, WidgetLook, WidgetVariant } from '../../widget/types';
import { translate } from '../../i18n';

type LookRow = Selectable<ProductLooksTable>;
type ProductRow = Selectable<CatalogProductsTable>;

const num = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

export const productPath = (handle: string) => `/storefront/products/${encodeURIComponent(handle)}`;

async function catalogByGid(db: Db, shopId: number, gids: string[]): Promise<Map<string, ProductRow>> {
  if (!gids.length) return new Map();
  const rows = await db.selectFrom('catalogProducts').selectAll().where('shopId', '=', shopId).where('gid', 'in', gids).execute();
  return new Map(rows.map((r) => [r.gid, r]));
}

/** A look row resolved against the catalog (prices, handles, availability); unknown products drop out. */
export async function toWidgetLook(db: Db, shopId: number, look: LookRow, sampleVariants = false): Promise<WidgetLook> {
  const related = [...(look.relatedItems ?? [])].sort((a, b) => a.order - b.order);
  const products = await catalogByGid(db, shopId, related.map((r) => r.itemId));
  const items: WidgetItem[] = [];
  related.forEach((r, index) => {
    const p = products.get(r.itemId);
    if (!p || p.status === 'archived') return;
    const price = Number(p.price);
    const quantity = sampleVariants ? [3, 12, 8, 1][index % 4] : null;
    items.push({
      productId: p.gid,
      title: p.title,
      url: productPath(p.handle),
      image: r.image || p.images[0] || null,
      price,
      compareAtPrice: num(p.compareAtPrice),
      available: p.status === 'active',
      quantity,
      variants: sampleVariants ? sampleVariantsFor(p, price) : [],
      markerX: r.markerX,
      markerY: r.markerY,
    });
  });
  const main = look.mainProduct;
  return {
    id: look.id,
    title: look.title,
    mainProduct: { title: main.title, image: main.selectedMainImage || main.image || null },
    items,
    markerColor: look.markerColor,
    discount: look.discount
      ? { enabled: !!look.discount.enabled, discountText: look.discount.discountText ?? '', label: look.discount.label ?? '' }
      : null,
  };
}

/** Preview only: a few variants so the variant style and label can be judged. */
function sampleVariantsFor(p: ProductRow, price: number): WidgetVariant[] {
  const names = ['Black', 'White', 'Navy'];
  const sizes = ['S', 'M', 'L'];
  const useColors = /shirt|dress|jacket|coat|sweater|bag|scarf|sneakers/i.test(p.productType + p.title);
  return (useColors ? names : sizes).map((title, i) => ({ id: `${p.gid}?variant=${i + 1}`, title, price, available: i !== 2 || !useColors }));
}

/** Built-in sample when a shop has no looks yet (no images, catalog-independent). */
function fallbackSampleLook(locale: string): WidgetLook {
  const t = (k: string) => translate(locale, `Widget.sample.${k}`);
  const item = (n: number, price: number, compareAtPrice: number | null): WidgetItem => ({
    productId: `sample-${n}`,
    title: `${t('product')} ${n}`,
    url: null,
    image: null,
    price,
    compareAtPrice,
    available: true,
    quantity: n === 1 ? 2 : null,
    variants: ['S', 'M', 'L'].map((title, i) => ({ id: `sample-${n}-${i}`, title, price, available: true })),
    markerX: 25 + n * 15,
    markerY: 30 + n * 12,
  });
  return {
    id: 0,
    title: t('look'),
    mainProduct: { title: t('mainProduct'), image: null },
    items: [item(1, 49, 69), item(2, 89, null), item(3, 29, null)],
    markerColor: DEFAULT_MARKER_COLOR,
    discount: { enabled: true, label: '', discountText: t('discount') },
  };
}

/** The look the preview shows: the shop's first active look, else its first look, else a built-in sample. */
async function sampleLook(db: Db, shop: ShopRow): Promise<{ look: WidgetLook; product: ProductRow | null }> {
  const row = await db
    .selectFrom('productLooks')
    .selectAll()
    .where('shopId', '=', shop.id)
    .orderBy('active', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!row) return { look: fallbackSampleLook(shop.locale), product: null };
  const product = (await catalogByGid(db, shop.id, [row.mainProduct.itemId])).get(row.mainProduct.itemId) ?? null;
  return { look: await toWidgetLook(db, shop.id, row, true), product };
}

function money(locale: string, currency: string, n: number | null): string | null {
  if (n === null) return null;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(n);
  } catch {
    return n.toFixed(2);
  }
}

function describe(locale: string, title: string): string {
  return translate(locale, 'Widget.demoDescription', { title });
}

/** POST /layout/preview: a product page with the widget for unsaved layout settings and a sample look. */
export async function renderLayoutPreview(db: Db, shop: ShopRow, layout: LayoutSettings, baseUrl: string): Promise<string> {
  const settings = getSettings(shop);
  const { look, product } = await sampleLook(db, shop);
  const locale = settings.locale;
  const widget = renderWidget({ look, layout, settings: { ...settings, enabled: true }, shopDomain: shop.domain, currency: shop.currency, baseUrl, preview: true });
  const price = product ? Number(product.price) : 120;
  return renderProductPage(
    {
      lang: locale,
      shopName: shop.domain.replace(/\.myshopify\.com$/, ''),
      product: {
        title: product?.title ?? look.mainProduct.title,
        image: product?.images[0] ?? look.mainProduct.image,
        images: product?.images ?? [],
        price: money(locale, shop.currency, price) ?? '',
        compareAtPrice: money(locale, shop.currency, num(product?.compareAtPrice)),
        description: describe(locale, product?.title ?? look.mainProduct.title),
      },
      widgets: [widget],
      addToCartLabel: translate(locale, 'Widget.productAddToCart'),
      cartLabel: translate(locale, 'Widget.cart'),
      baseUrl,
      compact: true,
    },
    newNonce(),
  );
}

export interface StorefrontPage {
  html: string;
  nonce: string;
}

/**
 * The demo storefront's product page: the product from the catalog and the
 * real widget for its ACTIVE looks (or `lookId`, even a draft, for preview).
 */
export async function renderStorefrontProduct(
  db: Db,
  shop: ShopRow,
  handle: string,
  baseUrl: string,
  lookId?: number,
): Promise<StorefrontPage | null> {
  const product = await db
    .selectFrom('catalogProducts')
    .selectAll()
    .where('shopId', '=', shop.id)
    .where('handle', '=', handle)
    .where('status', '!=', 'archived')
    .executeTakeFirst();
  if (!product) return null;
  const settings: ShopSettings = getSettings(shop);
  const layout = await getLayout(db, shop.id);
  let query = db.selectFrom('productLooks').selectAll().where('shopId', '=', shop.id);
  query =
    lookId !== undefined
      ? query.where('id', '=', lookId)
      : query.where('active', '=', true).where(sql<string>`main_product->>'itemId'`, '=', product.gid);
  const rows = settings.enabled || lookId !== undefined ? await query.orderBy('id').execute() : [];
  // A look whose main product the platform deleted no longer shows (its deleted related items drop out in toWidgetLook).
  const deleted = new Set(await deletedProductGids(db, shop.id, rows.map((r) => r.mainProduct.itemId)));
  const widgets: string[] = [];
  for (const row of rows) {
    if (deleted.has(row.mainProduct.itemId)) continue;
    const look = await toWidgetLook(db, shop.id, row);
    widgets.push(
      renderWidget({ look, layout, settings, shopDomain: shop.domain, currency: shop.currency, baseUrl, eventEndpoint: '/api/storefront/add-to-cart' }),
    );
  }
  const locale = settings.locale;
  const nonce = newNonce();
  const html = renderProductPage(
    {
      lang: locale,
      shopName: shop.domain.replace(/\.myshopify\.com$/, ''),
      product: {
        title: product.title,
        image: product.images[0] ?? null,
        images: product.images,
        price: money(locale, shop.currency, Number(product.price)) ?? '',
        compareAtPrice: money(locale, shop.currency, num(product.compareAtPrice)),
        description: describe(locale, product.title),
      },
      widgets,
      addToCartLabel: translate(locale, 'Widget.productAddToCart'),
      cartLabel: translate(locale, 'Widget.cart'),
      baseUrl,
      note: translate(locale, 'Widget.demoNote'),
      emptyMessage: translate(locale, 'Widget.noLooks'),
    },
    nonce,
  );
  return { html, nonce };
}
