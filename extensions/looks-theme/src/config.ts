/**
 * The JSON config of one widget (`<script type="application/json" class="sl-config">`), as the theme's
 * snippets/sl-look.liquid writes it: rendered by the store's theme, and by the server's Liquid engine
 * (server/services/storefront/liquid/engine.ts) for the demo storefront and the app proxy pages.
 * Unknown fields are ignored.
 */
export interface WidgetConfig {
  lookId: number;
  shopDomain?: string;
  template?: string;
  placement?: string;
  selector?: string | null;
  /** Layout preview: no network calls. */
  preview?: boolean;
  /** Demo storefront: the add-to-cart endpoint that records the add (one POST per line). */
  eventEndpoint?: string | null;
  /** A real store: lines go to the platform's /cart/add.js. */
  platformCart?: boolean;
  /** A real store: where its storefront reaches the app proxy (the config metafield's, learned from the signed `path_prefix`). */
  proxyPath?: string;
  popup?: { event?: string; delaySeconds?: number; button?: boolean } | null;
  text?: { added?: string; addToCart?: string; total?: string; error?: string };
  currency?: string;
  locale?: string;
  /** A/B test: the variant this widget shows (one widget per variant, see looks-ab.js)… */
  abVariant?: number;
  /** …and the look's running test: its variants in order, control first (assignVariant splits over them). */
  experiment?: { id: number; variants: { id: number; split: number }[] };
}

export function readConfig(widget: Element): WidgetConfig {
  try {
    // readConfig runs in every script: no optional chaining (its ES2019 form costs bytes).
    return JSON.parse((widget.querySelector('.sl-config') || { textContent: '' }).textContent || '{}');
  } catch {
    return { lookId: 0 };
  }
}

/**
 * Where funnel batches go: the app proxy on a store (at the path the config gives; the toml's
 * `/apps/looks` until the server has seen a signed request), the demo endpoint on the demo
 * storefront, nowhere in the preview.
 */
export function funnelEndpoint(c: WidgetConfig): string | null {
  if (c.preview) return null;
  return c.platformCart ? (c.proxyPath || '/apps/looks') + '/events' : '/api/storefront/events';
}
