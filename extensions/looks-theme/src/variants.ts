import type { WidgetConfig } from './config';
import { $, $$, attr, money, on, setAttr } from './dom';
import { updateTotal } from './cart';

function setVariant(w: Element, c: WidgetConfig, item: Element | null, id: string | null, price: string | null): void {
  if (!item || !id) return;
  setAttr(item, 'data-sl-variant', id);
  if (price) {
    setAttr(item, 'data-sl-price', price);
    const now = $(item, '.sl-now');
    if (now) now.textContent = money(c.locale, c.currency, +price);
  }
  updateTotal(w, c);
}

/** Variant choice: a select, or a radio group of buttons (arrow keys move the choice, one tab stop). */
export function wireVariants(w: Element, c: WidgetConfig): void {
  const choose = (o: HTMLButtonElement, focus?: boolean) => {
    $$<HTMLButtonElement>(o.parentNode as Element, '.sl-option').forEach((x) => {
      x.classList.toggle('is-selected', x === o);
      setAttr(x, 'aria-checked', x === o);
      x.tabIndex = x === o ? 0 : -1;
    });
    if (focus) o.focus();
    setVariant(w, c, o.closest('.sl-item'), attr(o, 'data-sl-variant'), attr(o, 'data-sl-price'));
  };
  $$(w, '.sl-options').forEach((group) => {
    const options = $$<HTMLButtonElement>(group, '.sl-option');
    options.forEach((o) => (o.tabIndex = o.classList.contains('is-selected') ? 0 : -1));
    on(group, 'click', (e) => {
      const o = (e.target as Element).closest<HTMLButtonElement>('.sl-option');
      if (o && !o.disabled) choose(o);
    });
    on<KeyboardEvent>(group, 'keydown', (e) => {
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
      if (!step) return;
      e.preventDefault();
      const enabled = options.filter((o) => !o.disabled);
      const at = enabled.indexOf(document.activeElement as HTMLButtonElement);
      const next = enabled[(at + step + enabled.length) % enabled.length];
      if (next) choose(next, true);
    });
  });
  on(w, 'change', (e) => {
    const t = e.target as HTMLSelectElement;
    if (t.classList.contains('sl-variant-select'))
      setVariant(w, c, t.closest('.sl-item'), t.value, attr(t.options[t.selectedIndex], 'data-sl-price'));
    else updateTotal(w, c);
  });
  on(w, 'input', (e) => (e.target as Element).classList.contains('sl-qty-input') && updateTotal(w, c));
}
