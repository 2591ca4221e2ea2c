/** Liquid's `escape`: the five HTML characters (what Shopify escapes too). */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** Shopify's `json` filter: safe inside a script element (no `<`, `>`, `&`, line separators as such). */
export function jsonForScript(value: unknown): string {
  return (JSON.stringify(value === undefined ? null : value) ?? 'null')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
