import { DEFAULT_LOCALE, isLocale, type Locale } from '../contracts/api';

/** The `locale` query parameter of the first URL, if it names a supported language. */
export function localeFromQuery(search: string): Locale | undefined {
  const value = new URLSearchParams(search).get('locale')?.slice(0, 2).toLowerCase();
  return isLocale(value) ? value : undefined;
}

/** The query parameter overrides the shop locale; en is the default and fallback. */
export function resolveLocale(queryLocale: string | undefined, shopLocale: string | undefined): Locale {
  if (isLocale(queryLocale)) return queryLocale;
  if (isLocale(shopLocale)) return shopLocale;
  return DEFAULT_LOCALE;
}
