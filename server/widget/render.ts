import { isPopupTemplate, TITLE_PRODUCT_PLACEHOLDER, type DefinedTemplate } from '../../src/contracts/layout';
import { DEFAULT_MARKER_COLOR } from '../../src/contracts/looks';
import { html, jsonForScript, raw, safeCss, safeHex, safePercent, safeUrl, type SafeHtml } from './escape';
import { widgetText, type WidgetText } from './text';
import { WIDGET_CSS } from './styles';
import type { WidgetContext, WidgetItem, WidgetVariant } from './types';

export type { WidgetContext, WidgetItem, WidgetLook } from './types';

interface Ctx extends WidgetContext {
  t: WidgetText;
  money(n: number): string;
}

/**
 * The number's colour and the ring around a marker of this colour: white on dark markers, near-black
 * on light ones (WCAG relative luminance), so a marker stands out on light and dark photos.
 */
export function markerContrast(hex: string): { ink: string; ring: string } {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return luminance > 0.4 ? { ink: '#111111', ring: '#111111' } : { ink: '#FFFFFF', ring: '#FFFFFF' };
}

/** The title line: customTitle with `{product}` → the main product's title (escaped later as a whole). */
export function widgetTitle(customTitle: string, productTitle: string): string {
  return customTitle.split(TITLE_PRODUCT_PLACEHOLDER).join(productTitle);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency: currency || 'USD' });
    } catch {
      format = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
    }
    moneyFormats.set(key, format);
  }
  return format;
}

function makeCtx(input: WidgetContext): Ctx {
  const locale = input.settings.locale ?? 'en';
  const format = moneyFormat(locale, input.currency);
  return { ...input, t: widgetText(locale), money: (n) => format.format(n) };
}

/** The storefront widget for one look: its `<style>`, markup and JSON config (no script; see WIDGET_SCRIPT). */
export function renderWidget(input: WidgetContext): string {
  const ctx = makeCtx(input);
  const { layout, settings, look } = ctx;
  const template: DefinedTemplate = layout.definedTemplate;
  const items = settings.autoHideOutOfStockItems ? look.items.filter((i) => i.available) : look.items;
  const title = widgetTitle(layout.customTitle ?? '', look.mainProduct.title);
  const color = safeHex(layout.addToCartButtonColor, '000000');
  const marker = safeHex(look.markerColor, DEFAULT_MARKER_COLOR);
  const markerInk = markerContrast(marker);
  const config = {
    lookId: look.id,
    shopDomain: ctx.shopDomain,
    template: template || 'popup',
    placement: layout.placementMethod,
    selector: layout.placementMethod === 'selector' ? layout.inPageCssSelector : null,
    preview: !!ctx.preview,
    eventEndpoint: ctx.preview ? null : (ctx.eventEndpoint ?? '/api/storefront/add-to-cart'),
    platformCart: !!ctx.platformCart && !ctx.preview,
    popup: isPopupTemplate(template)
      ? {
          event: settings.usePoopUpEvent ?? 'onload',
          delaySeconds: settings.usePoopUpEvent === 'post_onload_time' ? Math.max(0, Number(settings.usePoopUpDelay) || 0) : 0,
          button: !!settings.useButtonPDP,
        }
      : null,
    text: { added: ctx.t.added, addToCart: layout.addToCartText, total: ctx.t.total },
    currency: ctx.currency,
    locale: settings.locale,
  };
  const style = html`<style class="sl-style">${raw(WIDGET_CSS)}
.sl-widget[data-sl-look="${String(look.id)}"]{--sl-atc:#${raw(color)};--sl-marker:#${raw(marker)};--sl-marker-ink:${raw(markerInk.ink)};--sl-marker-ring:${raw(markerInk.ring)}}
${raw(safeCss(layout.customCss))}</style>`;
  const header = html`<div class="sl-head">
  ${title.trim() ? html`<h2 class="sl-title">${title}</h2>` : ''}
  ${look.discount?.enabled && look.discount.discountText ? html`<p class="sl-discount">${look.discount.discountText}</p>` : ''}
  ${discountButton(ctx)}
</div>`;
  const body = renderBody(template, ctx, items);
  const configTag = html`<script type="application/json" class="sl-config">${raw(jsonForScript(config))}</script>`;
  if (isPopupTemplate(template)) {
    return html`${style}<div class="sl-widget sl-t-popup" data-sl-look="${String(look.id)}" data-sl-template="popup">${configTag}
${settings.useButtonPDP ? html`<button type="button" class="sl-popup-open">${ctx.t.shopTheLook}</button>` : ''}
<div class="sl-popup" hidden role="dialog" aria-modal="true" aria-label="${title || ctx.t.shopTheLook}">
<div class="sl-popup-panel"><button type="button" class="sl-popup-close" aria-label="${ctx.t.close}">×</button>${header}${body}</div>
</div></div>`.value;
  }
  return html`${style}<section class="sl-widget sl-t-${template}" data-sl-look="${String(look.id)}" data-sl-template="${template}">${configTag}
${header}${body}</section>`.value;
}

function renderBody(template: DefinedTemplate, ctx: Ctx, items: WidgetItem[]): SafeHtml {
  switch (template) {
    case 'shoppable':
    case 'left_sha':
      return html`<div class="sl-shoppable">${stage(ctx, items)}<div class="sl-list">${items.map((item, i) => card(ctx, item, i))}</div></div>`;
    case 'inpage_r':
      return html`<div class="sl-carousel">
<button type="button" class="sl-nav sl-prev" aria-label="${ctx.t.previous}">‹</button>
<div class="sl-track">${items.map((item, i) => card(ctx, item, i))}</div>
<button type="button" class="sl-nav sl-next" aria-label="${ctx.t.next}">›</button></div>`;
    case 'full_width':
      return html`<div class="sl-full">${mainImage(ctx)}<div class="sl-grid">${items.map((item, i) => card(ctx, item, i))}</div></div>
<div class="sl-actions"><button type="button" class="sl-add-all">${ctx.t.addAll}</button></div>`;
    case 'line_items':
      return lineItems(ctx, items);
    case 'in_desc':
    case 'one_column':
    case 'multi_col':
    case 'inpage':
    default:
      return html`<div class="sl-grid">${items.map((item, i) => card(ctx, item, i))}</div>`;
  }
}

function mainImage(ctx: Ctx): SafeHtml {
  const src = safeUrl(ctx.look.mainProduct.image, ctx.baseUrl);
  return src ? html`<img class="sl-main" src="${src}" alt="${ctx.look.mainProduct.title}" loading="lazy">` : html`<div class="sl-main sl-noimg"></div>`;
}

function stage(ctx: Ctx, items: WidgetItem[]): SafeHtml {
  return html`<div class="sl-stage">${mainImage(ctx)}${items.map(
    (item, i) =>
      html`<button type="button" class="sl-marker" data-sl-index="${String(i)}" style="left:${String(safePercent(item.markerX))}%;top:${String(
        safePercent(item.markerY),
      )}%" aria-label="${ctx.t.marker(i + 1, item.title)}">${String(i + 1)}</button>`,
  )}</div>`;
}

function price(ctx: Ctx, item: { price: number; compareAtPrice: number | null }): SafeHtml {
  const was =
    ctx.settings.showCompareAtPrice !== false && item.compareAtPrice !== null && item.compareAtPrice > item.price
      ? html` <s class="sl-was">${ctx.money(item.compareAtPrice)}</s>`
      : '';
  return html`<div class="sl-price"><span class="sl-now">${ctx.money(item.price)}</span>${was}</div>`;
}

function lowQuantity(ctx: Ctx, item: WidgetItem): SafeHtml | '' {
  const limit = Number.parseInt(ctx.settings.lowQuantityUnitLimit ?? '-1', 10);
  if (!Number.isFinite(limit) || limit < 0) return '';
  const quantity = item.quantity;
  if (quantity === null || quantity === undefined || quantity <= 0 || quantity > limit) return '';
  return html`<p class="sl-low">${ctx.t.lowQuantity(quantity)}</p>`;
}

const COLOR_NAME = /^[a-zA-Z]{3,20}$/;

function variantPicker(ctx: Ctx, item: WidgetItem, index: number): SafeHtml | '' {
  const variants: WidgetVariant[] = item.variants;
  if (variants.length < 2) return '';
  const label = ctx.settings.variantLabel || 'Variant';
  const style = ctx.settings.definedVariantStyle ?? 'select';
  const id = `sl-v-${ctx.look.id}-${index}`;
  if (style === 'select') {
    return html`<div class="sl-variants sl-vs-select"><label class="sl-vlabel" for="${id}">${label}</label>
<select id="${id}" class="sl-variant-select">${variants.map(
      (v) => html`<option value="${v.id}" data-sl-price="${String(v.price)}"${v.available ? '' : raw(' disabled')}>${v.title}</option>`,
    )}</select></div>`;
  }
  return html`<div class="sl-variants sl-vs-${style}" role="radiogroup" aria-label="${label}"><span class="sl-vlabel">${label}</span>
<div class="sl-options">${variants.map((v, i) => {
    const swatch = style === 'color' && COLOR_NAME.test(v.title) ? raw(` style="--sl-swatch:${v.title.toLowerCase()}"`) : '';
    return html`<button type="button" class="sl-option${i === 0 ? ' is-selected' : ''}" role="radio" aria-checked="${i === 0 ? 'true' : 'false'}" data-sl-variant="${v.id}" data-sl-price="${String(v.price)}"${swatch}${v.available ? '' : raw(' disabled')}>${style === 'color' ? html`<span class="sl-swatch" aria-hidden="true"></span>` : ''}<span>${v.title}</span></button>`;
  })}</div></div>`;
}

function card(ctx: Ctx, item: WidgetItem, index: number): SafeHtml {
  const href = safeUrl(item.url, ctx.baseUrl);
  const img = safeUrl(item.image, ctx.baseUrl);
  const link = href ? withUtm(ctx, href) : null;
  const image = img ? html`<img src="${img}" alt="${item.title}" loading="lazy">` : html`<span class="sl-noimg"></span>`;
  const firstVariant = item.variants.find((v) => v.available) ?? item.variants[0];
  return html`<article class="sl-item" data-sl-index="${String(index)}" data-sl-product="${item.productId}" data-sl-variant="${firstVariant?.id ?? item.productId}" data-sl-price="${String(firstVariant?.price ?? item.price)}">
<div class="sl-item-media">${link ? html`<a href="${link}">${image}</a>` : image}</div>
<div class="sl-item-info">${link ? html`<a class="sl-item-title" href="${link}">${item.title}</a>` : html`<span class="sl-item-title">${item.title}</span>`}
${price(ctx, item)}${lowQuantity(ctx, item)}${variantPicker(ctx, item, index)}
${item.available ? html`<button type="button" class="sl-atc">${ctx.layout.addToCartText}</button>` : html`<button type="button" class="sl-atc" disabled>${ctx.t.soldOut}</button>`}</div>
</article>`;
}

function lineItems(ctx: Ctx, items: WidgetItem[]): SafeHtml {
  const total = items.filter((i) => i.available).reduce((sum, i) => sum + i.price, 0);
  return html`<div class="sl-lines">${items.map((item, index) => {
    const img = safeUrl(item.image, ctx.baseUrl);
    const href = safeUrl(item.url, ctx.baseUrl);
    const firstVariant = item.variants.find((v) => v.available) ?? item.variants[0];
    return html`<div class="sl-line sl-item" data-sl-index="${String(index)}" data-sl-product="${item.productId}" data-sl-variant="${firstVariant?.id ?? item.productId}" data-sl-price="${String(firstVariant?.price ?? item.price)}">
<input type="checkbox" class="sl-line-check" aria-label="${item.title}"${item.available ? raw(' checked') : raw(' disabled')}>
${img ? html`<img src="${img}" alt="" loading="lazy">` : html`<span class="sl-noimg"></span>`}
<div class="sl-item-info">${href ? html`<a class="sl-item-title" href="${withUtm(ctx, href)}">${item.title}</a>` : html`<span class="sl-item-title">${item.title}</span>`}${lowQuantity(ctx, item)}${variantPicker(ctx, item, index)}</div>
<label class="sl-qty"><span>${ctx.t.quantity}</span><input type="number" class="sl-qty-input" min="1" max="99" value="1"></label>
${price(ctx, item)}</div>`;
  })}
<div class="sl-lines-foot"><span class="sl-total-label">${ctx.t.total}</span> <strong class="sl-total">${ctx.money(total)}</strong>
<button type="button" class="sl-atc sl-add-selected">${ctx.layout.addToCartText}</button></div></div>`;
}

function discountButton(ctx: Ctx): SafeHtml | '' {
  const { settings } = ctx;
  if (!settings.applyDiscount || !settings.discountCode) return '';
  const href = safeUrl(`/discount/${encodeURIComponent(settings.discountCode)}`, `https://${ctx.shopDomain}`);
  if (!href) return '';
  return html`<a class="sl-discount-button" href="${href}">${settings.discountButtonText || ctx.t.applyDiscount}</a>`;
}

function withUtm(ctx: Ctx, href: string): string {
  if (ctx.settings.removeUTMParam) return href;
  const url = new URL(href);
  url.searchParams.set('utm_source', 'shoppable-looks');
  url.searchParams.set('utm_content', String(ctx.look.id));
  return url.href;
}

