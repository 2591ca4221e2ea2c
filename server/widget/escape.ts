/**
 * Escaping for the demo storefront's page (page.ts) and the merchant CSS the app publishes to the
 * theme (metafields.ts). The looks themselves are rendered by the theme's Liquid (services/storefront/liquid).
 */
const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
  '`': '&#96;',
};

/** Text or attribute value (always quoted by the caller). */
export function escapeHtml(value: unknown): string {
  return String(value ?? '').replace(/[&<>"'`]/g, (c) => HTML_ESCAPES[c]);
}

/** A tagged template that escapes every interpolation unless it is already `SafeHtml`. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString() {
    return this.value;
  }
}

type Part = SafeHtml | string | number | null | undefined | false | Part[];

function part(value: Part): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(part).join('');
  if (value instanceof SafeHtml) return value.value;
  return escapeHtml(value);
}

export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0];
  for (let i = 0; i < values.length; i += 1) out += part(values[i]) + strings[i + 1];
  return new SafeHtml(out);
}

export const raw = (value: string) => new SafeHtml(value);

/**
 * http(s) URLs only (relative ones are resolved against `base` first);
 * anything else — javascript:, data:, vbscript:, protocol-relative tricks — is null.
 */
export function safeUrl(value: unknown, base?: string): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  // Control characters and whitespace inside a scheme are how filters get bypassed: refuse them.
  if (/[\u0000-\u001F\u007F]/.test(value)) return null;
  let url: URL;
  try {
    url = base ? new URL(value.trim(), base) : new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.href;
}

/**
 * Merchant CSS inside our `<style>`: no `<` at all (so no `</style>`, `<!--`
 * or markup), no @import, no legacy script vectors (expression(), javascript:,
 * behavior/-moz-binding). What is left can only style the page.
 */
export function safeCss(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value
    .replace(/\u0000/g, '')
    .replace(/</g, '\\3c ')
    .replace(/@import/gi, '/* import removed */')
    .replace(/expression\s*\(/gi, 'removed(')
    .replace(/javascript\s*:/gi, 'removed:')
    .replace(/(behavior|-moz-binding)\s*:/gi, 'removed:');
}
