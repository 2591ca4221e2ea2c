/**
 * Server-side messages use the same translations/*.json as the SPA, so a
 * validation error reads the same in the form and in an API answer.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import en from '../translations/en.json';
import de from '../translations/de.json';
import fr from '../translations/fr.json';
import it from '../translations/it.json';
import es from '../translations/es.json';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../src/contracts/api';

const catalogs: Record<Locale, Record<string, string>> = { en, de, fr, it, es };

export function translate(locale: string, key: string, values?: Record<string, string | number>): string {
  const lang: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const pattern = catalogs[lang][key] ?? catalogs.en[key];
  if (!pattern) return key;
  const withFields = values?.path ? { ...values, path: fieldLabel(lang, String(values.path)) } : values;
  try {
    return String(new IntlMessageFormat(pattern, lang).format(withFields));
  } catch {
    return pattern;
  }
}

/** `relatedItems[0].itemId` → the translated label of `fields.relatedItems.itemId`, else the path. */
export function fieldLabel(locale: Locale, path: string): string {
  const key = `fields.${path.replace(/\[\d+\]/g, '')}`;
  return catalogs[locale][key] ?? catalogs.en[key] ?? path;
}

/** Picks a supported locale from an Accept-Language header. */
export function localeFromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0].trim().slice(0, 2).toLowerCase();
    if (isLocale(tag)) return tag;
  }
  return undefined;
}
