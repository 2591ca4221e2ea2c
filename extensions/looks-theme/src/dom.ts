export const $ = <T extends Element = HTMLElement>(root: ParentNode, sel: string) => root.querySelector<T>(sel);
export const $$ = <T extends Element = HTMLElement>(root: ParentNode, sel: string) =>
  Array.from(root.querySelectorAll<T>(sel));
export const attr = (el: Element | null, name: string) => (el ? el.getAttribute(name) : null);
export const setAttr = (el: Element, name: string, value: string | boolean) => el.setAttribute(name, String(value));
/** JSON request headers, one object for every POST of the scripts (the strings once in the bundle). */
export const JSON_TYPE = 'application/json';
export const JSON_HEADERS = { 'Content-Type': JSON_TYPE };
export const on = <E extends Event = Event>(
  el: EventTarget,
  type: string,
  fn: (e: E) => unknown,
  opts?: AddEventListenerOptions,
) => el.addEventListener(type, fn as EventListener, opts);

/** The product form's add-to-cart button of the theme (a widget may go after it; a popup may open when it is clicked). */
export const productAtc = () =>
  document.querySelector<HTMLElement>('[data-sl-atc]') ||
  document.querySelector<HTMLElement>('form[action*="/cart/add"] [type=submit]');

let live: HTMLElement | null = null;

/** One polite live region per page (visually hidden) for results: added to cart, errors. */
export function announce(text: string): void {
  if (!text) return;
  if (!live) {
    live = document.createElement('div');
    // Visually hidden by looks.css (.sl-live).
    live.className = 'sl-live';
    setAttr(live, 'role', 'status');
    document.body.appendChild(live);
  }
  const region = live;
  region.textContent = '';
  // A new text node a tick later so the same message is read again.
  setTimeout(() => (region.textContent = text), 50);
}

let ids = 0;
/** The element's id, given one if it has none (for aria-controls). */
export function idOf(el: Element): string {
  if (!el.id) el.id = `sl-${++ids}`;
  return el.id;
}

export function money(locale: string | undefined, currency: string | undefined, n: number): string {
  try {
    return new Intl.NumberFormat(locale || 'en', { style: 'currency', currency: currency || 'USD' }).format(n);
  } catch {
    return String(n);
  }
}
