import type { LayoutSettings } from '../../src/contracts/layout';
import type { ShopSettings } from '../../src/contracts/shop';

export interface WidgetVariant {
  id: string;
  title: string;
  price: number;
  available: boolean;
  /** Units in stock, when known (low-quantity note). */
  quantity?: number | null;
}

/** One shoppable product of a look, resolved against the catalog. */
export interface WidgetItem {
  /** Platform product id (gid). */
  productId: string;
  title: string;
  /** Product page URL (absolute or relative; checked). */
  url: string | null;
  image: string | null;
  price: number;
  compareAtPrice: number | null;
  available: boolean;
  quantity?: number | null;
  variants: WidgetVariant[];
  markerX: number;
  markerY: number;
}

export interface WidgetLook {
  id: number;
  title: string;
  mainProduct: { title: string; image: string | null };
  items: WidgetItem[];
  /** Hex without '#'. */
  markerColor: string;
  discount: { enabled: boolean; discountText: string; label: string } | null;
}

export interface WidgetContext {
  look: WidgetLook;
  layout: LayoutSettings;
  settings: ShopSettings;
  shopDomain: string;
  currency: string;
  /** Absolute base for relative image/product URLs. */
  baseUrl: string;
  /** Preview: no network calls from the widget. */
  preview?: boolean;
  /** Public storefront event endpoint (add to cart). */
  eventEndpoint?: string;
  /** Post to the platform's /cart/add.js (a real storefront), not in the demo. */
  platformCart?: boolean;
}
