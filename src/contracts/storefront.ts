import type { LayoutSettings } from './layout';
import type { BoosterValues } from './booster';
import type { ShopSettings } from './shop';
import type { LookDiscountType } from './looks';

/**
 * What the storefront reads: the JSON the backend writes into app-owned metafields whenever a look,
 * the layout, the settings or the booster change (and on install / catalog sync). The theme app
 * extension renders it from Liquid with no request to the app server; the backend renders the same
 * Liquid blocks (liquidjs) with the same JSON for the admin's layout preview, the demo storefront and
 * the app proxy pages. The checkout extension reads the product metafield too, and its on/off switch
 * from the shop-owned metafield below (it cannot read the app installation's metafields).
 *
 * Version `v` changes only with an incompatible shape; readers ignore unknown fields.
 */

/** Product metafield `$app` / `looks` (json) on every look's main product (toml: [product.metafields.app.looks]); Liquid `product.metafields['$app'].looks.value`. */
export const PRODUCT_LOOKS_METAFIELD = { namespace: '$app', key: 'looks', type: 'json' } as const;
/** App-data metafield (owner: the app installation) `looks` / `config` (json): Liquid `app.metafields.looks.config.value`. */
export const STOREFRONT_CONFIG_METAFIELD = { namespace: 'looks', key: 'config', type: 'json' } as const;
/**
 * Shop metafield (owner: the shop) `$app` / `checkout` (json): whether the checkout extension offers
 * the looks' items. Checkout UI extensions read app-reserved metafields of the shop, not of the app
 * installation, so the booster's checkout toggle is written here too (with the app-data config).
 */
export const CHECKOUT_BOOSTER_METAFIELD = { namespace: '$app', key: 'checkout', type: 'json' } as const;

export interface CheckoutBoosterMetafield {
  v: 1;
  /** The booster's "Enable on checkout page", and the app enabled in the settings. */
  enabled: boolean;
}

export interface StorefrontItem {
  /** Platform product id (gid). */
  productId: string;
  /** The theme resolves `all_products[handle]` for live prices, variants and availability (≤ 20 per page). */
  handle: string;
  title: string;
  image: string | null;
  /** Storefront path, e.g. /products/<handle>. */
  url: string;
  /** The first available variant (gid), or null: the checkout booster adds it; the theme prefers live variants. */
  variantId: string | null;
  /** Shop currency; the fallback when the live product object is unavailable. */
  price: number;
  compareAtPrice: number | null;
  available: boolean;
  /** Marker position on the look image, percent 0–100. */
  markerX: number;
  markerY: number;
  /**
   * The merchant's alternative product (absent: none, or it is archived or deleted): the block shows it in
   * this item's place while the item is sold out and the alternative is not (live availability first).
   */
  alternative?: StorefrontAlternative;
}

/** An item's alternative as the storefront shows it (an item without a marker of its own). */
export type StorefrontAlternative = Omit<StorefrontItem, 'markerX' | 'markerY' | 'alternative'>;

export interface StorefrontLook {
  id: number;
  title: string;
  mainProduct: { productId: string; handle: string; title: string; image: string | null };
  /** Hex without '#'. */
  markerColor: string;
  /**
   * The look's bundle discount as the shopper sees it (applied at checkout by the look-bundle Function):
   * `value` off the complete look (0: none), and its mix-and-match tiers (any `quantity` items →
   * `percentage` %, fewest items first; absent: none).
   */
  discount: {
    label: string;
    text: string;
    type: LookDiscountType;
    value: number;
    tiers?: Array<{ quantity: number; percentage: number }>;
  } | null;
  /** In the merchant's order; deleted and archived products are left out. */
  items: StorefrontItem[];
  /** The look's own layout template (an applied A/B test winner; 'popup' for the popup); absent: the shop's layout. */
  template?: string;
  /** The look's running A/B test; absent: none. */
  experiment?: StorefrontExperiment;
}

/**
 * A running A/B test of a look as the storefront shows it: the blocks render one widget per variant
 * (only the control visible without the script), the script shows the shopper's variant, assigned with
 * assignVariant(visitorId, id, variants) over `variants` in this order, and tags its funnel events with it.
 */
export interface StorefrontExperiment {
  id: number;
  /** Control first, in the test's order. */
  variants: StorefrontExperimentVariant[];
}

export interface StorefrontExperimentVariant {
  id: number;
  /** Percent of shoppers. */
  split: number;
  control: boolean;
  /** The main image this variant shows (null: the look's). */
  image: string | null;
  /** The layout template this variant shows ('popup' for the popup; null: the look's). */
  template: string | null;
}

/** The product metafield's value: the active looks whose main product this is, in the admin's order. */
export interface ProductLooksMetafield {
  v: 1;
  looks: StorefrontLook[];
}

/** App-data metafield `looks` / `gallery` (json): the shop's active looks for the "Looks gallery" block and proxy page (≤ 50, newest first). */
export const STOREFRONT_GALLERY_METAFIELD = { namespace: 'looks', key: 'gallery', type: 'json' } as const;

export interface StorefrontGallery {
  v: 1;
  looks: StorefrontLook[];
}

/** The app-data metafield's value: how every look is shown in this shop. */
export interface StorefrontConfig {
  v: 1;
  currency: string;
  layout: LayoutSettings;
  settings: Pick<
    ShopSettings,
    | 'enabled'
    | 'locale'
    | 'usePoopUpEnabled'
    | 'usePoopUpEvent'
    | 'usePoopUpDelay'
    | 'useButtonPDP'
    | 'showCompareAtPrice'
    | 'applyDiscount'
    | 'discountButtonText'
    | 'discountCode'
    | 'lowQuantityUnitLimit'
    | 'variantLabel'
    | 'definedVariantStyle'
    | 'autoHideOutOfStockItems'
  >;
  /** `bundleDiscountCombinesWith`: the block says when the bundle does not combine with other product discounts (absent: it does not say). */
  booster: Pick<
    BoosterValues,
    'showOnCartPage' | 'cartPageCssSelector' | 'enableCheckoutUIExtension' | 'discountLabel'
  > &
    Partial<Pick<BoosterValues, 'bundleDiscountCombinesWith'>>;
  /** Item links carry utm_source/utm_content (the setting removeUTMParam off); absent: no UTM parameters. */
  utm?: boolean;
  /** Only on the app's own demo storefront: add to cart goes to the demo endpoint instead of the platform cart. */
  demo?: boolean;
  /**
   * Where the storefront reaches the app proxy (`/apps/looks`; the merchant may change its prefix and
   * subpath): the signed requests' `path_prefix`. The script posts funnel events to `{proxyPath}/events`.
   */
  proxyPath?: string;
}

/** The line-item property naming the look a cart line was added from (order attribution). */
export const LOOK_LINE_PROPERTY = '_look_id';

/**
 * Storefront funnel events, sent by the storefront script in batches (navigator.sendBeacon, JSON) only
 * with the shopper's consent: on a store to the app proxy `POST {proxyPath}/events` (signed by the
 * platform, reaching `POST /api/proxy/events`), on the demo storefront to `POST /api/storefront/events`.
 */
export const FUNNEL_EVENT_TYPES = ['impression', 'hotspot_click', 'item_click', 'add_to_cart'] as const;
export type FunnelEventType = (typeof FUNNEL_EVENT_TYPES)[number];
export const MAX_FUNNEL_EVENTS_PER_BATCH = 50;

export interface FunnelEvent {
  type: FunnelEventType;
  lookId: number;
  /** The item clicked or added (gid), when there is one. */
  productId?: string;
  /** An experiment variant the shopper was shown (A/B tests), when there is one. */
  variantId?: number;
  device: 'mobile' | 'desktop';
  /** Epoch milliseconds on the shopper's clock (the server clamps it to the receive time ± 1 day). */
  at: number;
}

export interface FunnelEventBatch {
  /** A random id kept in the shopper's browser (no personal data). */
  visitorId: string;
  events: FunnelEvent[];
}
