import type { ProductLooksMetafield, StorefrontConfig, StorefrontGallery } from '../../../../src/contracts/storefront';

/**
 * Stand-ins for the Shopify Liquid objects the extension reads, built from the app's own data: the
 * product (`all_products[handle]`, `product`), `shop`, `request`, `template`, `cart` and the app-data
 * metafields under `app.metafields`. Prices are in cents, as in Shopify.
 */
export interface LiveVariant {
  id: number | string;
  title: string;
  price: number;
  compare_at_price: number | null;
  available: boolean;
  inventory_quantity: number | null;
  inventory_management: 'shopify' | null;
}

export interface LiveProduct {
  id: number | string;
  handle: string;
  title: string;
  url: string;
  price: number;
  compare_at_price: number | null;
  available: boolean;
  featured_image: { src: string; width: number | null; height: number | null } | null;
  variants: LiveVariant[];
  selected_or_first_available_variant: LiveVariant;
  has_only_default_variant: boolean;
  metafields: Record<string, Record<string, { value: unknown }>>;
}

export interface LiveProductInput {
  gid: string;
  handle: string;
  title: string;
  url: string;
  /** Shop currency units (the catalog's). */
  price: number;
  compareAtPrice: number | null;
  available: boolean;
  image: string | null;
  /** The catalog's default variant (gid), when it has one. */
  variantId?: string | null;
  /** Variants to show (the preview's samples); else one default variant. */
  variants?: Array<{ id: string; title: string; price: number; available: boolean; quantity?: number | null }>;
  /** The product metafield `$app`/`looks`. */
  looks?: ProductLooksMetafield;
}

/** gid://shopify/Product/123 → 123 (Liquid ids are numbers); anything else stays as it is. */
export function numericId(gid: string): number | string {
  const tail = /\/(\d+)$/.exec(gid)?.[1];
  return tail ? Number(tail) : gid;
}

const cents = (units: number | null) => (units === null || !Number.isFinite(units) ? null : Math.round(units * 100));

export function liveProduct(p: LiveProductInput): LiveProduct {
  const variants: LiveVariant[] = p.variants?.length
    ? p.variants.map((v) => ({
        id: numericId(v.id),
        title: v.title,
        price: cents(v.price) ?? 0,
        compare_at_price: cents(p.compareAtPrice),
        available: p.available && v.available,
        inventory_quantity: v.quantity ?? null,
        inventory_management: v.quantity === undefined || v.quantity === null ? null : 'shopify',
      }))
    : [
        {
          id: numericId(p.variantId || p.gid),
          title: 'Default Title',
          price: cents(p.price) ?? 0,
          compare_at_price: cents(p.compareAtPrice),
          available: p.available,
          inventory_quantity: null,
          inventory_management: null,
        },
      ];
  const selected = variants.find((v) => v.available) ?? variants[0];
  return {
    id: numericId(p.gid),
    handle: p.handle,
    title: p.title,
    url: p.url,
    price: selected.price,
    compare_at_price: selected.compare_at_price,
    available: variants.some((v) => v.available),
    featured_image: p.image ? { src: p.image, width: null, height: null } : null,
    variants,
    selected_or_first_available_variant: selected,
    has_only_default_variant: !p.variants?.length,
    metafields: { $app: { looks: { value: p.looks ?? null } } },
  };
}

export interface GlobalsInput {
  shopDomain: string;
  currency: string;
  /** The storefront language (request.locale). */
  locale: string;
  config: StorefrontConfig;
  gallery?: StorefrontGallery | null;
  /** The page's product (product templates). */
  product?: LiveProduct | null;
  /** Everything `all_products[handle]` can find. */
  products: LiveProduct[];
  template: 'product' | 'page' | 'cart';
  /** The theme editor (and the admin's layout preview): nothing leaves the page. */
  designMode?: boolean;
  cartProducts?: LiveProduct[];
}

export function storefrontGlobals(input: GlobalsInput): Record<string, unknown> {
  const allProducts: Record<string, LiveProduct> = {};
  for (const p of input.products) if (p.handle !== '__proto__') allProducts[p.handle] = p;
  return {
    app: { metafields: { looks: { config: { value: input.config }, gallery: { value: input.gallery ?? null } } } },
    shop: { permanent_domain: input.shopDomain, domain: input.shopDomain, currency: input.currency },
    request: { design_mode: !!input.designMode, locale: { iso_code: input.locale } },
    template: { name: input.template },
    product: input.product ?? null,
    all_products: allProducts,
    cart: {
      currency: { iso_code: input.currency },
      items: (input.cartProducts ?? []).map((product) => ({ product, quantity: 1 })),
    },
  };
}
