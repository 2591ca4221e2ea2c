/**
 * An app proxy answer with `Content-Type: application/liquid` is rendered by the platform as Liquid
 * inside the theme. Everything the app sends is already rendered HTML: no `{{`, `{%` (or their `-`
 * forms) may reach the platform's Liquid, whatever the data (a look title, a product name, custom CSS)
 * holds. Each `{` that starts one is replaced by an equivalent the Liquid parser does not see:
 * - in HTML text and attributes: `&#123;` (the browser shows `{`);
 * - inside `<script>` (JSON: `{{` / `{%` can only occur within a string there): `\u007b`;
 * - inside `<style>`: the CSS escape `\7b `.
 */
const OPENER = /\{(?=[{%])/g;
const RAW_TEXT = /(<(script|style)\b[^>]*>)([\s\S]*?)(<\/\2\s*>|$)/gi;

const inHtml = (text: string) => text.replace(OPENER, '&#123;');

export function liquidSafe(html: string): string {
  let out = '';
  let last = 0;
  for (const match of html.matchAll(RAW_TEXT)) {
    const [whole, open, tag, body, close] = match;
    out += inHtml(html.slice(last, match.index));
    const safeBody = tag.toLowerCase() === 'script' ? body.replace(OPENER, '\\u007b') : body.replace(OPENER, '\\7b ');
    out += inHtml(open) + safeBody + close;
    last = (match.index ?? 0) + whole.length;
  }
  return out + inHtml(html.slice(last));
}

/** True when the text holds nothing the platform's Liquid would run. */
export const isLiquidInert = (text: string) => !/\{\{|\{%/.test(text);
