import type { Db } from '../../db';
import type { ShopRow } from '../shop/shops';
import { getSettings } from '../shop/shops';
import type { LayoutSettings } from '../../../src/contracts/layout';
import type { ShopSettings } from '../../../src/contracts/shop';
import { newNonce, renderProductPage } from '../../widget/page';
import { translate } from '../../i18n';
import { previewWidgets, productWidgets } from './liquid/blocks';

const num = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

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

/** POST /layout/preview: a product page with the theme's look block (Liquid) for unsaved layout settings and a sample look. */
export async function renderLayoutPreview(
  db: Db,
  shop: ShopRow,
  layout: LayoutSettings,
  baseUrl: string,
): Promise<string> {
  const settings = getSettings(shop);
  const { widgets, look, product } = await previewWidgets(db, shop, layout, baseUrl);
  const locale = settings.locale;
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
      widgets,
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
 * real widget for its ACTIVE looks (or `lookId`, even a draft, for preview;
 * `withoutLooks`: the same page without any block, the storefront cost baseline).
 */
export async function renderStorefrontProduct(
  db: Db,
  shop: ShopRow,
  handle: string,
  baseUrl: string,
  lookId?: number,
  withoutLooks = false,
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
  const widgets = withoutLooks ? [] : await productWidgets(db, shop, product, baseUrl, lookId);
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
      emptyMessage: withoutLooks ? undefined : translate(locale, 'Widget.noLooks'),
      consentLabel: translate(locale, 'Widget.demoConsent'),
    },
    nonce,
  );
  return { html, nonce };
}
