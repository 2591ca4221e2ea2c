import type { WidgetConfig } from './config';
import { productAtc } from './dom';

/** Placement "after add to cart", "CSS selector" or "in the description": the widget moves there once. */
export function place(w: Element, c: WidgetConfig): void {
  let target: Element | null = null;
  try {
    if (c.placement === 'selector' && c.selector) target = document.querySelector(c.selector);
    else if (c.placement === 'after_atc') {
      const atc = productAtc() as HTMLButtonElement | null;
      target = (atc && atc.form) || atc;
    }
    if (!target && c.template === 'in_desc') {
      target = document.querySelector('[data-sl-description]');
      if (target) target.appendChild(w);
      return;
    }
  } catch {
    target = null;
  }
  if (target && target.parentNode) target.parentNode.insertBefore(w, target.nextSibling);
}
