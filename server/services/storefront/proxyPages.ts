import type { Db } from '../../db';
import type { ShopRow } from '../shop/shops';
import { notFound } from '../../http/errors';
import { translate } from '../../i18n';
import type { StorefrontConfig, StorefrontGallery, StorefrontLook } from '../../../src/contracts/storefront';
import {
  galleryValue,
  storefrontConfigValue,
  storefrontLooks,
  storefrontProductUrl,
  withPublicImages,
  GALLERY_MAX_LOOKS,
} from './metafields';
import type { FileUrls } from '../../storage';
import { ASSET_PREFIX, storefrontLiquid, type BlockName } from './liquid/engine';
import { liveProduct, storefrontGlobals, type LiveProduct } from './liquid/objects';
import { catalogLiveProduct, catalogRowsOfLooks } from './liquid/catalogProducts';
import { escapeHtml } from './liquid/escape';
import { liquidSafe } from './liquidSafe';

/**
 * The storefront pages behind the app proxy (https://{shop}/apps/looks/… → /api/proxy/…): the looks
 * gallery, one look, and a booster collection. Rendered with the theme app extension's own blocks (the
 * same Liquid the theme runs), then made inert for the platform's Liquid (liquidSafe): the answer is
 * `application/liquid`, so it appears inside the shop's theme.
 */
export interface ProxyPageContext {
  /** Where the storefront reaches the proxy (`/apps/looks`, from the signed parameters): links start here. */
  pathPrefix: string;
  /** This app's public URL: the extension's stylesheet and script are served from it. */
  appUrl: string;
  /** The app's image references as storefronts load them (FILES_PUBLIC_URL, server/storage). */
  files: Pick<FileUrls, 'publicRef'>;
}

/** Image URLs as the storefront loads them: the app's files at their public URL, other relative ones on the app, the rest as they are. */
function absolute(url: string | null, ctx: ProxyPageContext): string | null {
  if (!url) return url;
  const published = ctx.files.publicRef(url);
  if (published !== url || !url.startsWith('/')) return published;
  try {
    return new URL(url, ctx.appUrl).href;
  } catch {
    return url;
  }
}

const withAbsoluteImages = (look: StorefrontLook, ctx: ProxyPageContext): StorefrontLook =>
  withPublicImages(look, (ref) => absolute(ref, ctx));

/** `all_products` for these looks, from the catalog, linking to the store's own product pages. */
async function liveProducts(
  db: Db,
  shopId: number,
  looks: StorefrontLook[],
  ctx: ProxyPageContext,
): Promise<LiveProduct[]> {
  const rows = await catalogRowsOfLooks(db, shopId, looks);
  return rows.map((p) => catalogLiveProduct(p, { url: storefrontProductUrl, image: (ref) => absolute(ref, ctx) }));
}

const href = (ctx: ProxyPageContext, path: string) => escapeHtml(`${ctx.pathPrefix}${path}`);

/** The page around a block: the extension's stylesheet and script, a way back to the gallery, links to the looks. */
function page(
  ctx: ProxyPageContext,
  locale: string,
  body: string,
  opts: { back?: boolean; looks?: StorefrontLook[] },
): string {
  const assets = escapeHtml(`${ctx.appUrl}/storefront/assets/`);
  const parts = [`<link rel="stylesheet" href="${assets}looks.css">`, '<div class="sl-proxy-page">'];
  if (opts.back)
    parts.push(
      `<nav class="sl-proxy-nav"><a href="${href(ctx, '/')}">${escapeHtml(translate(locale, 'Storefront.proxy.allLooks'))}</a></nav>`,
    );
  // The blocks' own script and stylesheet tags (asset_url, relative here) load from this app.
  parts.push(body.split(`="${ASSET_PREFIX}`).join(`="${assets}`));
  if (opts.looks?.length) {
    parts.push('<ul class="sl-proxy-looks">');
    for (const look of opts.looks) {
      parts.push(
        `<li><a href="${href(ctx, `/looks/${look.id}`)}">${escapeHtml(translate(locale, 'Storefront.proxy.viewLook', { title: look.title }))}</a></li>`,
      );
    }
    parts.push('</ul>');
  }
  parts.push('</div>', `<script src="${assets}looks.js" defer></script>`);
  return liquidSafe(parts.join('\n'));
}

async function render(
  shop: ShopRow,
  config: StorefrontConfig,
  block: BlockName,
  globals: { gallery?: StorefrontGallery; product?: LiveProduct | null; products: LiveProduct[] },
  settings: Record<string, unknown>,
) {
  return storefrontLiquid().render(
    block,
    storefrontGlobals({
      shopDomain: shop.domain,
      currency: config.currency,
      locale: config.settings.locale,
      config,
      gallery: globals.gallery ?? null,
      product: globals.product ?? null,
      products: globals.products,
      template: block === 'looks-gallery' ? 'page' : 'product',
    }),
    settings,
  );
}

async function galleryOf(db: Db, shop: ShopRow, ctx: ProxyPageContext, looks: StorefrontLook[], heading: string) {
  const config = await storefrontConfigValue(db, shop);
  const shown = looks.map((l) => withAbsoluteImages(l, ctx));
  const products = await liveProducts(db, shop.id, shown, ctx);
  const body = await render(
    shop,
    config,
    'looks-gallery',
    { gallery: { v: 1, looks: shown }, products },
    { heading, max_looks: GALLERY_MAX_LOOKS },
  );
  return page(ctx, config.settings.locale, body, { looks: config.settings.enabled ? shown : [] });
}

/** GET /apps/looks/: the shop's active looks (newest first), as the "Looks gallery" block shows them. */
export async function galleryProxyPage(db: Db, shop: ShopRow, ctx: ProxyPageContext): Promise<string> {
  return galleryOf(db, shop, ctx, (await galleryValue(db, shop)).looks, '');
}

/** GET /apps/looks/looks/:id: one active look of the shop (a draft or another shop's look is not found). */
export async function lookProxyPage(db: Db, shop: ShopRow, lookId: number, ctx: ProxyPageContext): Promise<string> {
  if (!Number.isSafeInteger(lookId) || lookId <= 0) throw notFound('Looks.errors.notFound');
  const row = await db
    .selectFrom('productLooks')
    .selectAll()
    .where('shopId', '=', shop.id)
    .where('id', '=', lookId)
    .where('active', '=', true)
    .executeTakeFirst();
  const look = row ? (await storefrontLooks(db, shop.id, [row]))[0] : undefined;
  if (!look) throw notFound('Looks.errors.notFound');
  const config = await storefrontConfigValue(db, shop);
  const shown = withAbsoluteImages(look, ctx);
  const products = await liveProducts(db, shop.id, [shown], ctx);
  const main = products.find((p) => p.handle === shown.mainProduct.handle);
  const product = {
    ...(main ??
      liveProduct({
        gid: shown.mainProduct.productId,
        handle: shown.mainProduct.handle,
        title: shown.mainProduct.title,
        url: storefrontProductUrl(shown.mainProduct.handle),
        price: 0,
        compareAtPrice: null,
        available: true,
        image: shown.mainProduct.image,
      })),
    metafields: { $app: { looks: { value: { v: 1, looks: [shown] } } } },
  };
  // A page of its own shows the look inline: the shop's section template, or the default one for the popup.
  const template = config.layout.definedTemplate || 'shoppable';
  const body = await render(
    shop,
    config,
    'shoppable-look',
    { product, products },
    { template, look_id: String(shown.id) },
  );
  return page(ctx, config.settings.locale, body, { back: true });
}

/** The largest id a (PostgreSQL integer) row has. */
const INT32_MAX = 2_147_483_647;

/** `12` or `12-featured-looks` (the booster's collection links) → 12; anything no row can have → null. */
export function collectionIdOf(param: string): number | null {
  const match = /^(\d{1,10})(?:-[a-z0-9-]*)?$/.exec(param);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 && id <= INT32_MAX ? id : null;
}

/**
 * GET /apps/looks/collections/:id: a booster collection of the shop. The featured collection shows the
 * active looks marked "featured"; looks are not assigned to the other collections (the data has no
 * membership), so they show all active looks under their own name.
 */
export async function collectionProxyPage(
  db: Db,
  shop: ShopRow,
  param: string,
  ctx: ProxyPageContext,
): Promise<string> {
  const id = collectionIdOf(param);
  const collection = id
    ? await db
        .selectFrom('lookCollections')
        .select(['id', 'name', 'isFeatured'])
        .where('shopId', '=', shop.id)
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!collection) throw notFound('Booster.errors.collectionNotFound');
  let query = db.selectFrom('productLooks').selectAll().where('shopId', '=', shop.id).where('active', '=', true);
  if (collection.isFeatured) query = query.where('featured', '=', true);
  const rows = await query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(GALLERY_MAX_LOOKS).execute();
  return galleryOf(db, shop, ctx, await storefrontLooks(db, shop.id, rows), collection.name);
}
