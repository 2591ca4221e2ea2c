import { Drop, type Liquid } from 'liquidjs';
import { escapeHtml, jsonForScript } from './escape';
import { translateStorefront } from './locales';

/** What the filters read from the render's globals (Shopify takes them from the shop and the request). */
interface Globals {
  shop?: { currency?: string };
  cart?: { currency?: { iso_code?: string } };
  request?: { locale?: { iso_code?: string } };
}

/** Liquid passes `name: value` filter arguments as [name, value] pairs. */
function namedArgs(args: unknown[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const arg of args)
    if (Array.isArray(arg) && arg.length === 2 && typeof arg[0] === 'string') out[arg[0]] = arg[1];
  return out;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(locale: string, currency: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    } catch {
      format = new Intl.NumberFormat('en', { style: 'currency', currency: 'USD' });
    }
    moneyFormats.set(key, format);
  }
  return format;
}

/** `handleize`: lower case, runs of anything but letters and digits become one hyphen. */
export function handleize(value: unknown): string {
  return String(value ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The Shopify filters the extension uses, on top of liquidjs' standard ones. */
export function registerShopifyFilters(engine: Liquid, root: string, assetPrefix: string) {
  const globalsOf = (self: unknown) => ((self as { context: { globals: Globals } }).context.globals ?? {}) as Globals;

  // money: an amount in cents, in the cart's (else the shop's) currency, formatted for the storefront language.
  engine.registerFilter('money', function (this: unknown, cents: unknown) {
    const g = globalsOf(this);
    const n = Number(cents);
    if (cents === null || cents === undefined || cents === '' || !Number.isFinite(n)) return '';
    const currency = g.cart?.currency?.iso_code || g.shop?.currency || 'USD';
    return escapeHtml(moneyFormat(g.request?.locale?.iso_code || 'en', currency).format(n / 100));
  });
  engine.registerFilter('t', function (this: unknown, key: unknown, ...args: unknown[]) {
    return translateStorefront(root, globalsOf(this).request?.locale?.iso_code || 'en', String(key), namedArgs(args));
  });
  engine.registerFilter('json', (value: unknown) => jsonForScript(value instanceof Drop ? value.valueOf() : value));
  engine.registerFilter('asset_url', (file: unknown) => `${assetPrefix}${encodeURIComponent(String(file ?? ''))}`);
  // stylesheet_tag: the tag Shopify writes for a stylesheet URL.
  engine.registerFilter(
    'stylesheet_tag',
    (url: unknown) => `<link href="${escapeHtml(String(url ?? ''))}" rel="stylesheet" type="text/css" media="all">`,
  );
  // image_url: an image object (its src) or a URL string; the width is asked of Shopify's CDN only.
  engine.registerFilter('image_url', (image: unknown, ...args: unknown[]) => {
    const src = typeof image === 'string' ? image : ((image as { src?: string } | null)?.src ?? '');
    const { width } = namedArgs(args);
    if (width && /^https:\/\/cdn\.shopify\.com\//.test(src))
      return `${src}${src.includes('?') ? '&' : '?'}width=${Number(width)}`;
    return src;
  });
  engine.registerFilter('handleize', handleize);
  engine.registerFilter('handle', handleize);
}
