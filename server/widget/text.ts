import { IntlMessageFormat } from 'intl-messageformat';
import en from '../../translations/en.json';
import de from '../../translations/de.json';
import fr from '../../translations/fr.json';
import it from '../../translations/it.json';
import es from '../../translations/es.json';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../src/contracts/api';

const catalogs: Record<Locale, Record<string, string>> = { en, de, fr, it, es };
const compiled = new Map<string, IntlMessageFormat>();

/** A Widget.* message, compiled once per locale (the widget renders on every product page view). */
function format(locale: Locale, key: string, values?: Record<string, string | number>): string {
  const id = `${locale}\u0000${key}`;
  let message = compiled.get(id);
  if (!message) {
    const pattern = catalogs[locale][`Widget.${key}`] ?? catalogs.en[`Widget.${key}`] ?? key;
    message = new IntlMessageFormat(pattern, locale);
    compiled.set(id, message);
  }
  return String(message.format(values));
}

const cache = new Map<Locale, WidgetText>();

/** The widget's own words, in the shop's language (Widget.* keys). */
export function widgetText(requested: string): WidgetText {
  const locale: Locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  const hit = cache.get(locale);
  if (hit) return hit;
  const t = (key: string) => format(locale, key);
  const text = {
    shopTheLook: t('shopTheLook'),
    added: t('added'),
    close: t('close'),
    lowQuantity: (count: number) => format(locale, 'lowQuantity', { count }),
    soldOut: t('soldOut'),
    total: t('total'),
    addSelected: t('addSelected'),
    addAll: t('addAll'),
    previous: t('previous'),
    next: t('next'),
    quantity: t('quantity'),
    marker: (n: number, title: string) => format(locale, 'marker', { n, title }),
    applyDiscount: t('applyDiscount'),
    select: t('select'),
  };
  cache.set(locale, text);
  return text;
}

export interface WidgetText {
  shopTheLook: string;
  added: string;
  close: string;
  lowQuantity(count: number): string;
  soldOut: string;
  total: string;
  addSelected: string;
  addAll: string;
  previous: string;
  next: string;
  quantity: string;
  marker(n: number, title: string): string;
  applyDiscount: string;
  select: string;
}
