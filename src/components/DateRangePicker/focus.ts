const FOCUSABLE = 'a[href], button, input, select, textarea, [tabindex]';

/** The controls in `root` that Tab reaches, in document order (enabled, not taken out of the tab order). */
export function tabbableIn(root: Element | null): HTMLElement[] {
  if (!root) return [];
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (node) =>
      node.tabIndex >= 0 && !node.matches(':disabled') && !(node instanceof HTMLInputElement && node.type === 'hidden'),
  );
}
