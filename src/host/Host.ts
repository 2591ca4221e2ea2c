import type { PickedProduct } from '../contracts/catalog';

export interface PickProductsOptions {
  multiple: boolean;
  /** Already chosen product ids (pre-selected in the picker). */
  selectedIds?: string[];
}

/**
 * What the app needs from the page that hosts it: inside Shopify admin that is
 * App Bridge v4, outside it the standalone host. Features talk only to this.
 */
export interface Host {
  readonly kind: 'appBridge' | 'standalone';
  /**
   * Inside Shopify admin, but App Bridge did not load (script blocked, network) or is incomplete:
   * the app's own save bar, product picker (the shop's synced catalog) and toasts stand in.
   */
  readonly degraded?: boolean;
  /** A fresh session token (platform tokens live one minute). */
  idToken(): Promise<string>;
  /** The store's product picker; variants and archived products excluded. undefined = cancelled. */
  pickProducts(opts: PickProductsOptions): Promise<PickedProduct[] | undefined>;
  toast(message: string, opts?: { isError?: boolean }): void;
  /**
   * Inside Shopify admin: App Bridge's leave confirmation (the admin's own dialog while its save
   * bar is shown). Resolves when the merchant leaves; stays pending while they stay.
   */
  leaveConfirmation?(): Promise<void>;
  /** Navigates the top window (billing confirmation, reauthorize). */
  redirectTop(url: string): void;
}
