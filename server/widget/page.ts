import { randomBytes } from 'node:crypto';
import { html, raw, safeUrl, type SafeHtml } from './escape';

export interface PageProduct {
  title: string;
  image: string | null;
  images: string[];
  price: string;
  compareAtPrice: string | null;
  description: string;
}

export interface ProductPageInput {
  lang: string;
  shopName: string;
  product: PageProduct;
  /** Rendered widgets (renderWidget output, already safe). */
  widgets: string[];
  addToCartLabel: string;
  baseUrl: string;
  /** A note above the page (preview or demo banner). */
  note?: string;
  cartLabel: string;
  /** Layout preview: a compact product header so the widget is in view. */
  compact?: boolean;
  /** Widgets with no look to show: a short message instead. */
  emptyMessage?: string;
  /** Demo storefront: the label of the analytics consent toggle (the storefront script reads and keeps its state). */
  consentLabel?: string;
}

/** Where the page loads the theme app extension's stylesheet and script from (server/routes/storefrontAssets.ts). */
const STOREFRONT_ASSETS = '/storefront/assets/';
export const STOREFRONT_JS = '/storefront/assets/looks.js';

export const newNonce = () => randomBytes(16).toString('base64');

/**
 * Content-Security-Policy of widget pages: only our nonce'd script runs; styles inline or from this app
 * (`assetOrigin` names it for the layout preview, a sandboxed srcdoc frame whose own origin is opaque).
 */
export function widgetCsp(nonce: string, assetOrigin?: string): string {
  const origin = assetOrigin && /^https?:\/\/[a-z0-9.:[\]-]+$/i.test(assetOrigin) ? ` ${assetOrigin}` : '';
  return [
    "default-src 'none'",
    'img-src http: https:',
    `style-src 'self'${origin} 'unsafe-inline'`,
    `script-src 'nonce-${nonce}'`,
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
  ].join('; ');
}

const PAGE_CSS = `
*{box-sizing:border-box}body{margin:0;font-family:-apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;color:#1a1a1a;background:#fff}
.sf-header{display:flex;align-items:center;justify-content:space-between;padding:14px 24px;border-bottom:1px solid #eee;font-weight:700}
.sf-note{background:#eef4ff;color:#1f3a8a;padding:8px 24px;font-size:13px}
.sf-wrap{max-width:1200px;margin:0 auto;padding:24px}
.sf-product{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:32px}
.sf-gallery img{width:100%;aspect-ratio:1/1;max-height:520px;object-fit:cover;border-radius:10px;display:block;background:#f2f2f2}
.sf-thumbs{display:flex;gap:8px;margin-top:8px}.sf-thumbs img{width:72px;height:72px;object-fit:cover}
.sf-info h1{margin:0 0 8px;font-size:28px}
.sf-price{font-size:20px;margin:0 0 16px}.sf-price s{color:#8a8a8a;margin-left:8px;font-size:16px}
.sf-atc{width:100%;padding:14px;border:0;border-radius:8px;background:#1a1a1a;color:#fff;font-size:16px;font-weight:600;cursor:pointer}
.sf-desc{margin-top:20px;line-height:1.6;color:#444}
.sf-empty{margin-top:32px;color:#6b6b6b}
.sf-cart{font-weight:400;font-size:14px;color:#555}
.sf-consent{display:flex;gap:8px;align-items:center;padding:8px 24px;font-size:13px;color:#444;background:#f6f6f6}
.sf-compact .sf-wrap{padding:16px 20px}.sf-compact .sf-thumbs,.sf-compact .sf-desc>p{display:none}.sf-compact .sf-desc{margin-top:0}.sf-compact .sf-info h1{font-size:20px}.sf-compact .sf-price{font-size:16px;margin-bottom:10px}.sf-compact .sf-atc{width:auto;padding:10px 24px;font-size:14px}
@media (max-width:700px){.sf-product{grid-template-columns:1fr}.sf-wrap{padding:16px}}
.sf-compact .sf-product{grid-template-columns:120px minmax(0,1fr);gap:16px;align-items:center}.sf-compact .sf-gallery img{aspect-ratio:1/1;max-height:none}
`;

/**
 * The blocks' own script tags of the extension's assets (the A/B test script, see snippets/sl-ab.liquid)
 * get the page's nonce, as a theme loads them; any other script stays blocked by the CSP.
 */
const withNonce = (widgets: string, nonce: string) =>
  widgets.split(`<script src="${STOREFRONT_ASSETS}`).join(`<script nonce="${nonce}" src="${STOREFRONT_ASSETS}`);

/** A product page of a storefront with the widgets placed in it (demo storefront and layout preview). */
export function renderProductPage(input: ProductPageInput, nonce: string): string {
  const { product } = input;
  const main = safeUrl(product.image, input.baseUrl);
  const thumbs = product.images.map((src) => safeUrl(src, input.baseUrl)).filter((src): src is string => !!src);
  const body: SafeHtml = html`<header class="sf-header"><span>${input.shopName}</span><span class="sf-cart">${input.cartLabel}</span></header>
${input.note ? html`<div class="sf-note">${input.note}</div>` : ''}
${input.consentLabel ? html`<label class="sf-consent"><input type="checkbox" data-sl-consent checked> ${input.consentLabel}</label>` : ''}
<div class="sf-wrap">
<main class="sf-product">
<div class="sf-gallery">${/* The LCP image, as a theme marks it (the page with and without the block alike). */ main ? html`<img src="${main}" alt="${product.title}" fetchpriority="high">` : ''}
${thumbs.length > 1 ? html`<div class="sf-thumbs">${thumbs.map((src) => html`<img src="${src}" alt="">`)}</div>` : ''}</div>
<div class="sf-info">
<h1>${product.title}</h1>
<p class="sf-price">${product.price}${product.compareAtPrice ? html`<s>${product.compareAtPrice}</s>` : ''}</p>
<form class="sf-form" action="/cart/add" method="post" data-sl-product-form><button type="button" class="sf-atc" data-sl-atc>${input.addToCartLabel}</button></form>
<div class="sf-desc" data-sl-description><p>${product.description}</p></div>
</div>
</main>
<div class="sf-section" data-sl-section>${raw(withNonce(input.widgets.join('\n'), nonce))}</div>
${input.emptyMessage && !input.widgets.length ? html`<p class="sf-empty">${input.emptyMessage}</p>` : ''}
</div>`;
  return `<!doctype html>
<html lang="${input.lang.replace(/[^a-z-]/gi, '')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${widgetCsp(nonce, input.baseUrl)}">
<title>${html`${product.title} – ${input.shopName}`.value}</title>
<style>${PAGE_CSS}</style>
${
  // As a theme loads a block's script (the schema's `javascript`): only on a page with the block. The
  // stylesheet comes with the block's markup (in the body, before the looks).
  input.widgets.length ? `<script src="${STOREFRONT_JS}" defer nonce="${nonce}"></script>\n` : ''
}</head>
<body${input.compact ? ' class="sf-compact"' : ''}>
${body.value}
</body>
</html>`;
}
