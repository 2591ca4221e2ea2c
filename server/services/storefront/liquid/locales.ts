import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../../../src/contracts/api';
import { escapeHtml } from './escape';

type Tree = { [key: string]: string | Tree };

const catalogs = new Map<string, Tree>();

function catalog(root: string, locale: Locale): Tree {
  const file = path.join(root, 'locales', locale === DEFAULT_LOCALE ? `${locale}.default.json` : `${locale}.json`);
  let tree = catalogs.get(file);
  if (!tree) {
    tree = JSON.parse(fs.readFileSync(file, 'utf8')) as Tree;
    catalogs.set(file, tree);
  }
  return tree;
}

function lookup(tree: Tree, key: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (!node || typeof node === 'string') return undefined;
    node = node[part];
  }
  return node;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralCategory(locale: Locale, count: number): string {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/**
 * Shopify's `t` filter over the extension's storefront locales: the shop language, English as the
 * fallback; `count` picks the plural form (zero/one/two/few/many/other, else other); `{{ name }}`
 * placeholders are filled in. Like Shopify, the result is HTML-escaped unless the key ends in `_html`.
 */
export function translateStorefront(
  root: string,
  requested: string,
  key: string,
  values: Record<string, unknown> = {},
): string {
  const locale: Locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  let entry = lookup(catalog(root, locale), key) ?? lookup(catalog(root, DEFAULT_LOCALE), key);
  if (entry && typeof entry !== 'string') {
    const count = Number(values.count);
    const form = Number.isFinite(count) ? pluralCategory(locale, count) : 'other';
    entry = (count === 0 && entry.zero) || entry[form] || entry.other;
  }
  if (typeof entry !== 'string') return `translation missing: ${locale}.${key}`;
  const text = entry.replace(/\{\{\s*([a-zA-Z0-9_]+)\s*\}\}/g, (_m, name: string) =>
    values[name] === undefined || values[name] === null ? '' : String(values[name]),
  );
  return key.endsWith('_html') ? text : escapeHtml(text);
}
