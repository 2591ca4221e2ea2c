import type { WidgetConfig } from './config';
import { $, $$, JSON_HEADERS, announce, attr, money, setAttr } from './dom';
import { track } from './funnel';

/** The hidden line-item property naming the look (src/contracts/storefront.ts LOOK_LINE_PROPERTY). */
const LOOK_LINE_PROPERTY = '_look_id';

export interface Line {
  product: string | null;
  variant: string | null;
  price: number;
  quantity: number;
}

export function lineOf(item: Element): Line {
  const q = $<HTMLInputElement>(item, '.sl-qty-input');
  return {
    product: attr(item, 'data-sl-product'),
    variant: attr(item, 'data-sl-variant'),
    // The blocks write plain decimals (`price | divided_by: 100.0`); none or an unreadable one: 0.
    price: +(attr(item, 'data-sl-price') as string) || 0,
    quantity: q ? Math.max(1, Math.min(99, parseInt(q.value, 10) || 1)) : 1,
  };
}

/** The theme's cart count, wherever a known bubble shows it (Dawn and most themes). */
function refreshCartCount(): void {
  fetch('/cart.js')
    .then((r) => r.json())
    .then((cart: { item_count: number }) =>
      $$(document, '[data-cart-count],.cart-count,.cart-count-bubble span[aria-hidden="true"]').forEach(
        (el) => (el.textContent = String(cart.item_count)),
      ),
    )
    .catch(() => 0);
}

// Both /cart/add.js and the demo endpoint answer JSON without an Accept header.
const post = (url: string, body: unknown) =>
  fetch(url, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) });

/**
 * Adds lines to the cart with the look property: on a store POST /cart/add.js (one request), then the
 * theme is told (`cart:refresh` on document) and its count refreshed; on the demo storefront the demo
 * add-to-cart endpoint records each line; in the preview nothing leaves the page. The result is announced.
 */
export async function addToCart(w: Element, c: WidgetConfig, lines: Line[], button: HTMLElement | null): Promise<void> {
  // An item without a variant (the storefront could not resolve its product) is never added.
  lines = lines.filter((l) => l.variant);
  if (!lines.length || (button && attr(button, 'aria-busy'))) return;
  const items = lines.map((l) => ({
    // /cart/add.js takes the variant's number, which the blocks write (the live variant's id, sl-item).
    id: c.platformCart ? Number(l.variant) : l.variant,
    quantity: l.quantity,
    properties: { [LOOK_LINE_PROPERTY]: String(c.lookId) },
  }));
  (window as unknown as { shoppableLooksLastCart: unknown }).shoppableLooksLastCart = { items };
  const text = c.text || {};
  const failed = text.error || ' ';
  if (button) setAttr(button, 'aria-busy', true);
  let error = '';
  try {
    if (c.platformCart) {
      const res = await post('/cart/add.js', { items });
      if (!res.ok) error = ((await res.json().catch(() => ({}))) as { description?: string }).description || failed;
    } else if (!c.preview && c.eventEndpoint) {
      const results = await Promise.all(
        lines.map((l) =>
          post(c.eventEndpoint as string, {
            shopDomain: c.shopDomain,
            lookId: c.lookId,
            productId: l.product,
            price: l.price,
            quantity: l.quantity,
          }),
        ),
      );
      if (results.some((r) => !r.ok)) error = failed;
    }
  } catch {
    error = failed;
  }
  if (button) button.removeAttribute('aria-busy');
  if (error) return announce(error.trim());
  lines.forEach((l) => track(c, 'add_to_cart', l.product));
  const added = text.added || 'Added';
  announce(added);
  if (button) {
    const old = button.textContent;
    button.textContent = added;
    button.classList.add('is-added');
    setTimeout(() => {
      button.textContent = old;
      button.classList.remove('is-added');
    }, 1500);
  }
  const tell = (to: EventTarget, name: string) =>
    to.dispatchEvent(new CustomEvent(name, { bubbles: true, detail: { lookId: c.lookId, items } }));
  tell(w, 'shoppable-looks:add-to-cart');
  if (c.platformCart) {
    tell(document, 'cart:refresh');
    refreshCartCount();
  }
}

/** The lines an "add all" / "add selected" button adds. */
export function linesFor(w: Element, selected: boolean): Line[] {
  return $$(w, '.sl-item')
    .filter((item) => {
      const check = $<HTMLInputElement>(item, '.sl-line-check');
      if (selected) return !!check && check.checked;
      const b = $<HTMLButtonElement>(item, '.sl-atc');
      return !(b && b.disabled) && !(check && check.disabled);
    })
    .map(lineOf);
}

export function updateTotal(w: Element, c: WidgetConfig): void {
  const total = $(w, '.sl-total');
  if (!total) return;
  const sum = linesFor(w, true).reduce((s, l) => s + l.price * l.quantity, 0);
  total.textContent = money(c.locale, c.currency, sum);
}
