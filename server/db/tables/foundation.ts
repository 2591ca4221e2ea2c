import type { ColumnType, Generated, JSONColumnType } from 'kysely';
import type { ShopSettings } from '../../../src/contracts/shop';

export type ShopOrigin = 'standalone' | 'platform';

export interface ShopsTable {
  id: Generated<number>;
  domain: string;
  locale: string;
  email: string;
  currency: Generated<string>;
  timezone: Generated<string>;
  /** Set while the app is installed; null after app/uninstalled. */
  installedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  scriptTagSupported: Generated<boolean>;
  appBlockInstalled: Generated<boolean>;
  appBlockThemeSupported: Generated<boolean>;
  /** The shop may use checkout UI extensions (Plus or development store); cached from the Admin API. */
  canUseCheckoutUiExtension: Generated<boolean>;
  /** When the plan was last read from the Admin API; null: never, or stale (app/scopes_update). */
  planCheckedAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  imageGalleryEnabled: Generated<boolean>;
  aiImageGenerationEnabled: Generated<boolean>;
  settings: JSONColumnType<ShopSettings>;
  /** True once the merchant saved settings or layout (onboarding "customize design"). */
  shopUpdated: Generated<boolean>;
  apiTokenHash: string | null;
  /** Scopes the merchant granted (app/scopes_update `current`, comma separated); null until reported. */
  grantedScopes: ColumnType<string | null, string | null | undefined, string | null>;
  /** `standalone`: made by the standalone app (demo seed, its own provisioning); `platform`: installed from the platform. */
  origin: ColumnType<ShopOrigin, ShopOrigin | undefined, ShopOrigin>;
  /** The app proxy's path on the storefront (signed `path_prefix`, e.g. `/apps/looks`); null until a proxied request said it. */
  proxyPath: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: Generated<Date>;
}

export interface EventsTable {
  id: Generated<number>;
  shopId: number;
  name: string;
  distinctId: string;
  properties: JSONColumnType<Record<string, unknown>>;
  createdAt: Generated<Date>;
}

export interface CatalogProductsTable {
  id: Generated<number>;
  shopId: number;
  /** Platform id, e.g. gid://shopify/Product/1001 */
  gid: string;
  handle: string;
  title: string;
  status: 'active' | 'draft' | 'archived';
  price: ColumnType<string, string | number, string | number>;
  compareAtPrice: ColumnType<string | null, string | number | null, string | number | null>;
  images: JSONColumnType<string[]>;
  productType: string;
  /** The product's first variant (gid): the storefront item's `variantId`; null when unknown. */
  defaultVariantGid: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the merchant last changed it on the platform; an older description never overwrites a newer one. Null: unknown. */
  platformUpdatedAt: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Some variant is available for sale; false: sold out (every variant unavailable). */
  available: ColumnType<boolean, boolean | undefined, boolean>;
  /** The full catalog sync (catalog_syncs.generation) that last saw it. */
  syncGeneration: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: Generated<Date>;
}

export interface FoundationTables {
  shops: ShopsTable;
  events: EventsTable;
  catalogProducts: CatalogProductsTable;
}
