/**
 * GET /shop/extensionCheck: is the storefront widget switched on in the shop's published theme?
 * - `theme` (APP_MODE=shopify): read from the published theme through the Admin API — the app embed
 *   `looks-embed` enabled in config/settings_data.json, the app block `shoppable-look` placed in
 *   templates/product.json — with theme editor deep links that open the right template and block;
 * - `demo` (standalone): the app renders the demo storefront itself; the card links to it.
 */
export type ExtensionCheck = ThemeExtensionCheck | DemoExtensionCheck;

export interface ThemeExtensionCheck {
  mode: 'theme';
  /** The published theme's name; null when the shop has no published theme. */
  themeName: string | null;
  embedEnabled: boolean;
  appBlockPlaced: boolean;
  /** Theme editor, app embeds of the product template, activating `looks-embed`. */
  embedDeepLink: string;
  /** Theme editor, product template, adding `shoppable-look` to the main section. */
  appBlockDeepLink: string;
}

export interface DemoExtensionCheck {
  mode: 'demo';
  /** A product page of the demo storefront showing an active look; null without one. */
  storefrontUrl: string | null;
}

/** The file names of the theme app extension's embed and product block (extensions/looks-theme/blocks/). */
export const APP_EMBED_HANDLE = 'looks-embed';
export const APP_BLOCK_HANDLE = 'shoppable-look';

const editor = (domain: string) => `https://${domain}/admin/themes/current/editor`;

/** Theme editor on the product template, adding the app block to the main product section. */
export const appBlockDeepLink = (domain: string, clientId: string): string =>
  `${editor(domain)}?template=product&addAppBlockId=${encodeURIComponent(clientId)}/${APP_BLOCK_HANDLE}&target=mainSection`;

/** Theme editor's app embeds on a template (product; cart for the cart-page booster), switching the embed on. */
export const embedDeepLink = (domain: string, clientId: string, template: 'product' | 'cart' = 'product'): string =>
  `${editor(domain)}?context=apps&template=${template}&activateAppId=${encodeURIComponent(clientId)}/${APP_EMBED_HANDLE}`;
