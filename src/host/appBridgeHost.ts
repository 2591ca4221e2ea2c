import type { Host } from './Host';
import type { PickedProduct } from '../contracts/catalog';

interface ShopifyGlobal {
  idToken(): Promise<string>;
  toast: { show(message: string, opts?: { isError?: boolean; duration?: number }): void };
  resourcePicker(opts: {
    type: 'product';
    multiple?: boolean;
    action?: 'select' | 'add';
    filter?: { variants?: boolean; archived?: boolean; draft?: boolean };
    selectionIds?: { id: string }[];
  }): Promise<
    | Array<{ id: string; title: string; handle?: string; images?: { originalSrc: string; altText?: string }[] }>
    | undefined
  >;
}

/** The `shopify` global of App Bridge v4 (CDN script), when the app runs inside Shopify admin. */
export function getShopifyGlobal(win: unknown = typeof window === 'undefined' ? undefined : window): ShopifyGlobal | undefined {
  const candidate = (win as { shopify?: Partial<ShopifyGlobal> } | undefined)?.shopify;
  if (candidate && typeof candidate.idToken === 'function' && typeof candidate.resourcePicker === 'function') {
    return candidate as ShopifyGlobal;
  }
  return undefined;
}

export function createAppBridgeHost(shopify: ShopifyGlobal): Host {
  return {
    kind: 'appBridge',
    idToken: () => shopify.idToken(),
    async pickProducts({ multiple, selectedIds }) {
      const selection = await shopify.resourcePicker({
        type: 'product',
        multiple,
        action: 'select',
        filter: { variants: false, archived: false },
        selectionIds: selectedIds?.map((id) => ({ id })),
      });
      if (!selection) return undefined;
      return selection.map(
        (p): PickedProduct => ({ id: p.id, title: p.title, handle: p.handle, images: p.images ?? [] }),
      );
    },
    toast: (message, opts) => shopify.toast.show(message, { isError: opts?.isError }),
    redirectTop: (url) => {
      window.open(url, '_top');
    },
  };
}
