import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db';
import type { ShopRow } from '../shop/shops';
import { getSettings } from '../shop/shops';
import { getLayout } from '../looks/layout';
import { deletedProductGids } from '../looks/deletedProducts';
import { getBoosterValues } from './booster';
import { runningExperiments, type RunningExperiment } from '../analytics/runningExperiments';
import { safeCss } from '../../widget/escape';
import type { ProductLooksTable } from '../../db/tables/looks';
import type { CatalogProductsTable } from '../../db/tables/foundation';
import { proxyPathOf } from './proxyPath';
import type {
  CheckoutBoosterMetafield,
  ProductLooksMetafield,
  StorefrontConfig,
  StorefrontExperiment,
  StorefrontAlternative,
  StorefrontGallery,
  StorefrontItem,
  StorefrontLook,
} from '../../../src/contracts/storefront';

type LookRow = Selectable<ProductLooksTable>;
type ProductRow = Selectable<CatalogProductsTable>;

/** The gallery metafield holds at most this many looks (newest first). */
export const GALLERY_MAX_LOOKS = 50;

/** The storefront path of a product on a real store (the theme links there). */
export const storefrontProductUrl = (handle: string) => `/products/${encodeURIComponent(handle)}`;

const num = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));

/** The catalog's default variant (gid), recorded by the catalog sync and the products webhooks; null for a product without one. */
const defaultVariantId = (p: ProductRow): string | null => p.defaultVariantGid || null;

async function catalogByGid(db: Db, shopId: number, gids: string[]): Promise<Map<string, ProductRow>> {
  if (!gids.length) return new Map();
  const rows = await db
    .selectFrom('catalogProducts')
    .selectAll()
    .where('shopId', '=', shopId)
    .where('gid', 'in', gids)
    .execute();
  return new Map(rows.map((r) => [r.gid, r]));
}

/** Everything the looks of these rows need from the catalog and the deleted-products list, in two queries. */
async function lookContext(db: Db, shopId: number, rows: LookRow[]) {
  const gids = [
    ...new Set(
      rows.flatMap((r) => [
        r.mainProduct.itemId,
        ...(r.relatedItems ?? []).flatMap((i) => [i.itemId, i.alternative?.itemId ?? '']),
      ]),
    ),
  ].filter(Boolean);
  const [catalog, deleted] = await Promise.all([catalogByGid(db, shopId, gids), deletedProductGids(db, shopId, gids)]);
  return { catalog, deleted: new Set(deleted) };
}

/** A catalog product as a storefront item shows it (available: sold and some variant for sale). */
function storefrontProduct(p: ProductRow, image: string | null): StorefrontAlternative {
  return {
    productId: p.gid,
    handle: p.handle,
    title: p.title,
    image: image || p.images[0] || null,
    url: storefrontProductUrl(p.handle),
    variantId: defaultVariantId(p),
    price: Number(p.price),
    compareAtPrice: num(p.compareAtPrice),
    available: p.status === 'active' && p.available,
  };
}

/**
 * One look as the storefront shows it: items in the merchant's order, resolved against the catalog
 * (prices, handles, availability, each item's alternative); deleted, archived and unknown products are left out.
 */
export function toStorefrontLook(
  look: LookRow,
  catalog: Map<string, ProductRow>,
  deleted: Set<string>,
): StorefrontLook {
  const related = [...(look.relatedItems ?? [])].sort((a, b) => a.order - b.order);
  const items: StorefrontItem[] = [];
  const shown = (gid: string | undefined) => {
    const p = gid ? catalog.get(gid) : undefined;
    return p && p.status !== 'archived' && !deleted.has(p.gid) ? p : undefined;
  };
  for (const r of related) {
    const p = shown(r.itemId);
    if (!p) continue;
    const alternative = r.alternative ? shown(r.alternative.itemId) : undefined;
    items.push({
      ...storefrontProduct(p, r.image),
      markerX: r.markerX,
      markerY: r.markerY,
      ...(alternative && alternative.gid !== p.gid
        ? { alternative: storefrontProduct(alternative, r.alternative?.image ?? null) }
        : {}),
    });
  }
  const main = look.mainProduct;
  const mainRow = catalog.get(main.itemId);
  const discount = look.discount?.enabled ? look.discount : null;
  const tiers = (look.discountTiers ?? []).map(({ quantity, percentage }) => ({
    quantity: Number(quantity),
    percentage: Number(percentage),
  }));
  return {
    id: look.id,
    title: look.title,
    mainProduct: {
      productId: main.itemId,
      handle: mainRow?.handle ?? '',
      title: mainRow?.title ?? main.title,
      image: main.selectedMainImage || main.image || mainRow?.images[0] || null,
    },
    markerColor: look.markerColor,
    discount: discount
      ? {
          label: discount.label ?? '',
          text: discount.discountText ?? '',
          type: discount.type,
          value: Number(discount.value) || 0,
          ...(tiers.length ? { tiers } : {}),
        }
      : null,
    items,
    // The look's own template (an applied A/B test winner); '' is the popup, as the blocks name it.
    ...(look.layoutTemplate !== null && look.layoutTemplate !== undefined
      ? { template: storefrontTemplate(look.layoutTemplate) }
      : {}),
  };
}

/** A layout template as the blocks name it: the popup ('' in the layout settings) is 'popup'. */
const storefrontTemplate = (template: string) => template || 'popup';

/** A running A/B test as the storefront shows it (the variants in the order the script assigns over). */
export function toStorefrontExperiment(e: RunningExperiment): StorefrontExperiment {
  return {
    id: e.id,
    variants: e.variants.map((v) => ({
      id: v.id,
      split: v.split,
      control: v.isControl,
      image: v.imageUrl,
      template: v.template === null ? null : storefrontTemplate(v.template),
    })),
  };
}

/**
 * The looks' images as a storefront loads them: references to the app's files become
 * `${FILES_PUBLIC_URL}/<key>` (server/storage: a CDN or the bucket, never one instance), other
 * images (the platform's CDN) stay as they are. The metafield writer and the proxy pages apply it.
 */
export function withPublicImages(
  look: StorefrontLook,
  publicRef: (ref: string | null) => string | null,
): StorefrontLook {
  return {
    ...look,
    mainProduct: { ...look.mainProduct, image: publicRef(look.mainProduct.image) },
    items: look.items.map((item) => ({
      ...item,
      image: publicRef(item.image),
      ...(item.alternative ? { alternative: { ...item.alternative, image: publicRef(item.alternative.image) } } : {}),
    })),
    ...(look.experiment
      ? {
          experiment: {
            ...look.experiment,
            variants: look.experiment.variants.map((v) => ({ ...v, image: publicRef(v.image) })),
          },
        }
      : {}),
  };
}

/** Rows → storefront looks with their running A/B tests, dropping looks whose main product the platform deleted. */
export async function storefrontLooks(db: Db, shopId: number, rows: LookRow[]): Promise<StorefrontLook[]> {
  const ids = rows.map((r) => r.id);
  const [{ catalog, deleted }, experiments] = await Promise.all([
    lookContext(db, shopId, rows),
    runningExperiments(db, shopId, ids),
  ]);
  return rows
    .filter((r) => !deleted.has(r.mainProduct.itemId))
    .map((r) => {
      const look = toStorefrontLook(r, catalog, deleted);
      const experiment = experiments.get(r.id);
      return experiment ? { ...look, experiment: toStorefrontExperiment(experiment) } : look;
    });
}

/** Product metafield `$app`/`looks`: the shop's active looks whose main product is `productGid`, in the admin's order (newest first). */
export async function productLooksValue(db: Db, shop: ShopRow, productGid: string): Promise<ProductLooksMetafield> {
  const rows = await db
    .selectFrom('productLooks')
    .selectAll()
    .where('shopId', '=', shop.id)
    .where('active', '=', true)
    .where(sql<string>`main_product->>'itemId'`, '=', productGid)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return { v: 1, looks: await storefrontLooks(db, shop.id, rows) };
}

/** App-data metafield `looks`/`config`: layout, the storefront's settings and the booster's cart options. */
export async function storefrontConfigValue(db: Db, shop: ShopRow): Promise<StorefrontConfig> {
  const s = getSettings(shop);
  const [layout, booster] = await Promise.all([getLayout(db, shop.id), getBoosterValues(db, shop.id)]);
  return {
    v: 1,
    currency: shop.currency,
    // The merchant's CSS can only style (the Liquid guards again: no '<', and it drops CSS that still looks like script).
    layout: { ...layout, customCss: layout.customCss === null ? null : safeCss(layout.customCss) },
    settings: {
      enabled: s.enabled,
      locale: s.locale,
      usePoopUpEnabled: s.usePoopUpEnabled,
      usePoopUpEvent: s.usePoopUpEvent ?? null,
      usePoopUpDelay: s.usePoopUpDelay ?? null,
      useButtonPDP: !!s.useButtonPDP,
      showCompareAtPrice: s.showCompareAtPrice !== false,
      applyDiscount: !!s.applyDiscount,
      discountButtonText: s.discountButtonText ?? null,
      discountCode: s.discountCode ?? null,
      lowQuantityUnitLimit: s.lowQuantityUnitLimit ?? '-1',
      variantLabel: s.variantLabel,
      definedVariantStyle: s.definedVariantStyle,
      autoHideOutOfStockItems: s.autoHideOutOfStockItems,
    },
    booster: {
      showOnCartPage: booster.showOnCartPage,
      cartPageCssSelector: booster.cartPageCssSelector,
      enableCheckoutUIExtension: booster.enableCheckoutUIExtension,
      discountLabel: booster.discountLabel,
      bundleDiscountCombinesWith: booster.bundleDiscountCombinesWith,
    },
    utm: !s.removeUTMParam,
    proxyPath: proxyPathOf(shop),
  };
}

/**
 * Shop metafield `$app`/`checkout`, from the config it is written with (so the two always agree): the
 * checkout extension shows only with the app and the booster's checkout toggle on.
 */
export function checkoutBoosterValue(config: StorefrontConfig): CheckoutBoosterMetafield {
  return { v: 1, enabled: config.settings.enabled && config.booster.enableCheckoutUIExtension };
}

/** App-data metafield `looks`/`gallery`: the shop's active looks, newest first, at most GALLERY_MAX_LOOKS. */
export async function galleryValue(db: Db, shop: ShopRow): Promise<StorefrontGallery> {
  const rows = await db
    .selectFrom('productLooks')
    .selectAll()
    .where('shopId', '=', shop.id)
    .where('active', '=', true)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(GALLERY_MAX_LOOKS)
    .execute();
  return { v: 1, looks: await storefrontLooks(db, shop.id, rows) };
}
