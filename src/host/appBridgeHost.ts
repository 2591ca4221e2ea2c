import type { Host } from './Host';
import type { PickedProduct } from '../contracts/catalog';

/** One Web Vitals measurement as App Bridge reports it. */
export interface AppBridgeWebVitalsMetric {
  id: string;
  name: string;
  value: number;
}

interface ResourcePickerProduct {
  id: string;
  title: string;
  handle?: string;
  images?: { originalSrc: string; altText?: string }[];
}

/** The parts of App Bridge v4's `shopify` global (CDN script) the app uses. */
export interface ShopifyGlobal {
  idToken(): Promise<string>;
  toast: { show(message: string, opts?: { isError?: boolean; duration?: number }): void };
  resourcePicker(opts: {
    type: 'product';
    multiple?: boolean;
    action?: 'select' | 'add';
    filter?: { variants?: boolean; archived?: boolean; draft?: boolean };
    selectionIds?: { id: string }[];
  }): Promise<ResourcePickerProduct[] | undefined>;
  /**
   * The save bar's leave confirmation: the admin's dialog while a save bar is shown; resolves when
   * there is none or the merchant chose to leave (and stays pending when they stay).
   */
  saveBar?: { leaveConfirmation?(): Promise<void> };
  /** Admin Web Vitals (may be absent in older or partial App Bridge builds). */
  webVitals?: {
    onReport?(
      callback: ((report: { metrics: AppBridgeWebVitalsMetric[] } | AppBridgeWebVitalsMetric) => void) | null,
    ): Promise<void> | void;
  };
}

const isFunction = (value: unknown): value is (...args: never[]) => unknown => typeof value === 'function';

/** Whatever the page has on `window.shopify` (maybe nothing, maybe a partial object). */
export function rawShopifyGlobal(
  win: unknown = typeof window === 'undefined' ? undefined : window,
): Record<string, unknown> | undefined {
  const candidate = (win as { shopify?: unknown } | null | undefined)?.shopify;
  return candidate && typeof candidate === 'object' ? (candidate as Record<string, unknown>) : undefined;
}

/**
 * The `shopify` global of App Bridge v4 when it is complete enough to host the app (session
 * tokens, resource picker, toasts); undefined when missing or partial (script blocked, a stub).
 */
export function getShopifyGlobal(
  win: unknown = typeof window === 'undefined' ? undefined : window,
): ShopifyGlobal | undefined {
  const candidate = rawShopifyGlobal(win);
  if (!candidate) return undefined;
  const toast = candidate.toast as { show?: unknown } | undefined;
  if (isFunction(candidate.idToken) && isFunction(candidate.resourcePicker) && isFunction(toast?.show)) {
    return candidate as unknown as ShopifyGlobal;
  }
  return undefined;
}

/** A resource picker product as the look form stores it: its gid (the catalog's key), title, handle, images. */
function toPickedProduct(p: ResourcePickerProduct): PickedProduct {
  const images = (Array.isArray(p.images) ? p.images : [])
    .filter((i) => typeof i?.originalSrc === 'string' && i.originalSrc)
    .map((i) => (i.altText ? { originalSrc: i.originalSrc, altText: i.altText } : { originalSrc: i.originalSrc }));
  return { id: p.id, title: p.title, ...(p.handle ? { handle: p.handle } : {}), images };
}

/** How long App Bridge shows a toast (its default): the same message again within it is not stacked. */
export const TOAST_DURATION_MS = 5000;

export function createAppBridgeHost(shopify: ShopifyGlobal, now: () => number = Date.now): Host {
  let lastToast: { key: string; at: number } | undefined;
  return {
    kind: 'appBridge',
    idToken: () => shopify.idToken(),
    async pickProducts({ multiple, selectedIds }) {
      let selection: ResourcePickerProduct[] | undefined;
      try {
        selection = await shopify.resourcePicker({
          type: 'product',
          multiple,
          action: 'select',
          // Products only (no variant rows), archived products hidden.
          filter: { variants: false, archived: false },
          selectionIds: selectedIds?.map((id) => ({ id })),
        });
      } catch {
        // The picker could not open (App Bridge lost its connection to the admin): nothing picked.
        return undefined;
      }
      if (!Array.isArray(selection)) return undefined;
      return selection
        .filter((p) => typeof p?.id === 'string' && p.id.startsWith('gid://shopify/Product/'))
        .map(toPickedProduct);
    },
    toast: (message, opts) => {
      const key = `${opts?.isError ? 'error' : 'info'}:${message}`;
      if (lastToast && lastToast.key === key && now() - lastToast.at < TOAST_DURATION_MS) return;
      lastToast = { key, at: now() };
      shopify.toast.show(message, { isError: opts?.isError });
    },
    redirectTop: (url) => {
      window.open(url, '_top');
    },
    ...(isFunction(shopify.saveBar?.leaveConfirmation)
      ? { leaveConfirmation: () => shopify.saveBar!.leaveConfirmation!() }
      : {}),
  };
}
