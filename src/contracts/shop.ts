/** Shop settings, the current shop and tracked events (SPEC §3, §7); the schemas are in ./shop.schema. */
import type { Locale } from './api';

export const POPUP_EVENTS = ['onload', 'post_onload_time', 'on_user_scroll', 'on_add_to_cart'] as const;
export type PopupEvent = (typeof POPUP_EVENTS)[number];
export const VARIANT_STYLES = ['select', 'size', 'color'] as const;
export type VariantStyle = (typeof VARIANT_STYLES)[number];

/** Shop settings (SPEC §3; the field names, typos included, are the wire contract). */
export interface ShopSettings {
  enabled: boolean;
  enableCheckoutUIExtension?: boolean;
  usePoopUpEnabled: boolean;
  usePoopUpEvent?: PopupEvent | null;
  usePoopUpDelay?: number | null;
  useButtonPDP?: boolean;
  showCompareAtPrice?: boolean;
  locale: Locale;
  multiLocale: boolean;
  applyDiscount?: boolean;
  discountButtonText?: string | null;
  discountCode?: string | null;
  lowQuantityUnitLimit?: string | null;
  variantLabel: string;
  useProductLookDiscount?: boolean;
  removeUTMParam: boolean;
  definedVariantStyle: VariantStyle;
  mainButtonAfterSectionSelector?: string | null;
  autoHideOutOfStockItems: boolean;
  /**
   * Shopify Flow's "Look conversion dropped": how far (percent of last week's rate) a look's conversion
   * must fall week over week to start the merchant's workflows.
   */
  conversionDropThreshold?: number;
}

/** Bounds of `conversionDropThreshold` (whole percent). */
export const CONVERSION_DROP_THRESHOLD_MIN = 5;
export const CONVERSION_DROP_THRESHOLD_MAX = 90;

export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  enabled: true,
  enableCheckoutUIExtension: false,
  usePoopUpEnabled: false,
  usePoopUpEvent: 'onload',
  usePoopUpDelay: null,
  useButtonPDP: false,
  showCompareAtPrice: true,
  locale: 'en',
  multiLocale: false,
  applyDiscount: false,
  discountButtonText: null,
  discountCode: null,
  lowQuantityUnitLimit: '-1',
  variantLabel: 'Variant',
  useProductLookDiscount: false,
  removeUTMParam: false,
  definedVariantStyle: 'select',
  mainButtonAfterSectionSelector: null,
  autoHideOutOfStockItems: false,
  conversionDropThreshold: 20,
};

export interface ShopOptions {
  imageGalleryEnabled: boolean;
  /** The AI image generation feature flag (SPEC §6: false by default). */
  aiImageGenerationEnabled: boolean;
}

/** The current shop, loaded on start (GET /shop/details). */
export interface ShopContext {
  shopDomain: string;
  locale: Locale;
  shopEmail: string;
  currency: string;
  timezone: string;
  scriptTagSupported: boolean;
  usesLatestVersion: boolean;
  reOAuthUrl: string | null;
  options: ShopOptions;
  /** The theme editor with the look block added; '' without a Shopify theme (the standalone app's demo storefront). */
  appThemeExtensionDeepLink: string;
  shouldUpgradeToPaidPlan: boolean;
}

export interface Onboarding {
  createdLook: boolean;
  shopUpdated: boolean;
  /** The look block is on the product page: by the theme check, or always standalone (the demo storefront has it). */
  appBlockInstalled: boolean;
  appBlockThemeSupported: boolean;
  scriptTagSupported: boolean;
  /** The theme editor with the look block added; '' without a Shopify theme (standalone). */
  appThemeExtensionDeepLink: string;
  setupGuideDisplay: boolean;
  onboarding: {
    themeExtensionSupported: boolean;
    /** The theme editor on the cart template with the app embed on; '' without a Shopify theme. */
    appThemeExtensionCartDeepLink: string;
    canUseCheckoutUIExtension: boolean;
  };
}

export interface ApiTokenResponse {
  token: string;
}

/** Analytics event names of SPEC §7. */
export const TRACKED_EVENTS = [
  'look_created',
  'look_updated',
  'look_viewed',
  'look_deleted',
  'layout_updated',
  'settings_updated',
  'booster_updated',
  'analytics_viewed',
  'plans_viewed',
  'plan_selected',
  'page_viewed',
] as const;
export type TrackedEvent = (typeof TRACKED_EVENTS)[number];
