import type { WidgetConfig } from './config';
import { $, $$, idOf, on, productAtc, setAttr } from './dom';

const FOCUSABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),[tabindex]:not([tabindex="-1"])';

/**
 * The popup template: a modal dialog opened by its configured trigger (on load, after a delay, on the
 * first scroll, on the product's add to cart) or its "Shop the look" button; Escape, the close button
 * or a click on the backdrop closes it; Tab stays inside; focus goes back where it was.
 */
export function wirePopup(w: Element, c: WidgetConfig, onOpen: (panel: Element) => void): void {
  const popup = $(w, '.sl-popup');
  if (!popup) return;
  const opener = $(w, '.sl-popup-open');
  const closer = $(popup, '.sl-popup-close');
  let back: HTMLElement | null = null;
  let done = false;
  const expanded = (value: boolean) => opener && setAttr(opener, 'aria-expanded', value);
  if (opener) {
    setAttr(opener, 'aria-controls', idOf(popup));
    setAttr(opener, 'aria-haspopup', 'dialog');
    expanded(false);
    on(opener, 'click', () => open());
  }
  const open = () => {
    if (!popup.hidden) return;
    back = document.activeElement as HTMLElement | null;
    popup.hidden = false;
    expanded(true);
    if (closer) closer.focus();
    onOpen($(popup, '.sl-popup-panel') || popup);
  };
  const close = () => {
    if (popup.hidden) return;
    popup.hidden = done = true;
    expanded(false);
    if (back && back !== document.body && back.isConnected) back.focus();
  };
  const once = () => done || open();
  if (closer) on(closer, 'click', close);
  on(popup, 'click', (e) => e.target === popup && close());
  on<KeyboardEvent>(popup, 'keydown', (e) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      close();
    } else if (e.key === 'Tab') {
      const f = $$(popup, FOCUSABLE).filter((el) => el.offsetParent !== null || el === document.activeElement);
      const first = f[0];
      const last = f[f.length - 1];
      if (!first) return;
      if (
        e.shiftKey
          ? document.activeElement === first || !popup.contains(document.activeElement)
          : document.activeElement === last
      ) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      }
    }
  });
  const p = c.popup;
  if (!p) return;
  if (p.event === 'onload') once();
  else if (p.event === 'post_onload_time') setTimeout(once, Math.max(0, p.delaySeconds || 0) * 1000);
  else if (p.event === 'on_user_scroll') on(window, 'scroll', once, { once: true, passive: true });
  else if (p.event === 'on_add_to_cart') {
    const atc = productAtc();
    if (atc) on(atc, 'click', once);
  }
}
