import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const LOCALES = ['en', 'de', 'fr', 'it', 'es'];
const load = (l: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(__dirname, `${l}.json`), 'utf8'));
const catalogs = Object.fromEntries(LOCALES.map((l) => [l, load(l)]));
const allKeys = [...new Set(LOCALES.flatMap((l) => Object.keys(catalogs[l])))].sort();
const translatedLocales = LOCALES.filter((l) => l !== 'en');

function walk(pattern: string, visit: (el: MessageFormatElement) => void) {
  const go = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      visit(el);
      if ('options' in el) Object.values(el.options).forEach((o) => go(o.value));
      if ('children' in el) go(el.children);
    }
  };
  go(parse(pattern));
}

/** Argument names of an ICU message (plural/select branches included). */
function placeholders(pattern: string): string[] {
  const names = new Set<string>();
  walk(pattern, (el) => {
    if (el.type >= TYPE.argument && el.type <= TYPE.plural && 'value' in el) names.add(String(el.value));
  });
  return [...names].sort();
}

/** Names of the plural arguments of a message. */
function pluralArguments(pattern: string): Set<string> {
  const names = new Set<string>();
  walk(pattern, (el) => {
    if (el.type === TYPE.plural) names.add(el.value);
  });
  return names;
}

/** The text a reader sees: the literal text of every branch, without placeholders. */
function literalText(pattern: string): string {
  const text: string[] = [];
  walk(pattern, (el) => {
    if (el.type === TYPE.literal) text.push(el.value);
  });
  return text.join(' ');
}

/** The words of a message (two letters or more), lower case. */
const words = (pattern: string): string[] =>
  literalText(pattern)
    .toLowerCase()
    .match(/\p{L}{2,}/gu) ?? [];

/**
 * Words that may stay as in English, because that is what the language really says there:
 * brand and product names, file formats, and loan words the language uses as they are.
 */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  all: [
    'shoppable',
    'look',
    'looks',
    'booster',
    'shopify',
    'chat',
    'css',
    'api',
    'url',
    'utm',
    'json',
    'https',
    'png',
    'jpeg',
    'webp',
    'gif',
    'mb',
    'ok',
  ],
  // "Status", "Model" (fashion model), "Desktop", "Popup", "Layout", "Tags", "Limit", "Name", "Marker", "Position" are German words.
  de: ['status', 'model', 'desktop', 'popup', 'layout', 'tags', 'limit', 'name', 'marker', 'position'],
  // Spelled the same in French.
  fr: [
    'date',
    'collection',
    'collections',
    'documentation',
    'actions',
    'image',
    'images',
    'type',
    'mobile',
    'tags',
    'page',
    'position',
    'total',
  ],
  // Italian uses these English words as they are.
  it: ['desktop', 'mobile', 'popup', 'layout', 'email'],
  es: ['total'],
};
/** Language names are written in their own language whatever the interface language. */
const SAME_IN_EVERY_LANGUAGE = /^Settings\.languages\./;

/**
 * Placeholders that carry a count. A placeholder is a count when any language already makes it
 * a plural, when its name says so (count, days, trialDays, seconds…), or when the English text
 * reads as a count: the placeholder is followed by a word ("{count} used", "{days}-day",
 * "{total} orders"), unless it holds text or a number that counts nothing (title, path,
 * percentage…), the word only links it to the rest of the sentence ("{completed} of",
 * "{total} over") or is a unit ("{megabytes, number} MB").
 */
const COUNT_NAMES = /^(count|days|\w+Days|hours|minutes|seconds)$/;
const NOT_COUNTS = new Set([
  'percentage',
  'probability',
  'threshold',
  'path',
  'title',
  'name',
  'code',
  'plan',
  'shop',
  'label',
  'tag',
  'product',
  'timezone',
  'since',
  'until',
  'values',
  'unknown',
  'type',
  'price',
]);
const LINKING_WORDS = new Set([
  'of',
  'over',
  'per',
  'to',
  'or',
  'and',
  'in',
  'at',
  'on',
  'for',
  'from',
  'with',
  'by',
  'is',
  'are',
  'was',
  'were',
  'must',
  'has',
  'have',
]);

function readsAsCount(name: string, next: MessageFormatElement | undefined): boolean {
  if (NOT_COUNTS.has(name) || next?.type !== TYPE.literal) return false;
  const word = /^[ -](\p{L}+)/u.exec(next.value)?.[1];
  return !!word && !LINKING_WORDS.has(word.toLowerCase()) && word !== word.toUpperCase();
}

/** The counts of a message as English shows them, plus (withTranslations) those a translation makes plural. */
function countPlaceholders(key: string, { withTranslations = true } = {}): Set<string> {
  const counts = new Set<string>();
  for (const l of withTranslations ? LOCALES : ['en'])
    pluralArguments(catalogs[l][key] ?? '').forEach((name) => counts.add(name));
  const en = catalogs.en[key] ?? '';
  for (const name of placeholders(en)) if (COUNT_NAMES.test(name)) counts.add(name);
  const scan = (elements: MessageFormatElement[]) =>
    elements.forEach((el, i) => {
      if ((el.type === TYPE.argument || el.type === TYPE.number) && readsAsCount(el.value, elements[i + 1]))
        counts.add(el.value);
      if ('options' in el) Object.values(el.options).forEach((o) => scan(o.value));
    });
  scan(parse(en));
  return counts;
}

describe('translations', () => {
  it.each(LOCALES)('%s.json has every key', (locale) => {
    const missing = allKeys.filter((k) => !(k in catalogs[locale]));
    expect(missing).toEqual([]);
  });

  it.each(LOCALES)('%s.json has no empty messages and every message parses', (locale) => {
    for (const [key, value] of Object.entries(catalogs[locale])) {
      expect(`${key}: ${typeof value === 'string' && value.trim() !== ''}`).toBe(`${key}: true`);
      expect(() => new IntlMessageFormat(value, locale)).not.toThrow();
    }
  });

  it.each(translatedLocales)('%s.json uses the same placeholders as en', (locale) => {
    const mismatched = allKeys.filter(
      (k) => placeholders(catalogs.en[k]).join() !== placeholders(catalogs[locale][k] ?? '').join(),
    );
    expect(mismatched).toEqual([]);
  });

  it.each(translatedLocales)('%s.json is translated: no message is left as in English', (locale) => {
    const allowed = new Set([...SAME_AS_ENGLISH.all, ...SAME_AS_ENGLISH[locale]]);
    const untranslated = allKeys.filter(
      (k) =>
        !SAME_IN_EVERY_LANGUAGE.test(k) &&
        catalogs[locale][k] === catalogs.en[k] &&
        words(catalogs.en[k]).some((w) => !allowed.has(w)),
    );
    expect(untranslated).toEqual([]);
  });

  it('every count-bearing message is an ICU plural in en, on each count', () => {
    const missing = allKeys.flatMap((k) =>
      [...countPlaceholders(k, { withTranslations: false })]
        .filter((name) => !pluralArguments(catalogs.en[k]).has(name))
        .map((name) => `${k} {${name}}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(translatedLocales)('%s.json makes every count-bearing message an ICU plural', (locale) => {
    // The plural may sit on another count of the message when the language agrees with that one
    // (French: "{completed, plural, one {# tâche terminée} …} sur {total}").
    const missing = allKeys.filter((k) => {
      const counts = countPlaceholders(k);
      return counts.size > 0 && ![...pluralArguments(catalogs[locale][k] ?? '')].some((name) => counts.has(name));
    });
    expect(missing).toEqual([]);
  });

  it.each([
    ['en', 'Credits.purchase.successBanner', { count: 1 }, 'Purchase successful: 1 credit added.'],
    ['de', 'Credits.packages.credits', { count: 1 }, '1 Credit'],
    ['de', 'Credits.packages.credits', { count: 1500 }, '1.500 Credits'],
    // French "one" covers 0 and 1.
    ['fr', 'Onboarding.progress', { completed: 0, total: 3 }, '0 tâche terminée sur 3'],
    ['fr', 'Onboarding.progress', { completed: 2, total: 3 }, '2 tâches terminées sur 3'],
    ['it', 'Catalog.sync.running.counting', { synced: 1 }, '1 prodotto sincronizzato finora'],
    ['es', 'Billing.trust.trialTitle', { days: 1 }, 'Prueba gratuita de 1 día'],
  ])('%s %s %j reads "%s"', (locale, key, values, expected) => {
    expect(new IntlMessageFormat(catalogs[locale][key], locale).format(values)).toBe(expected);
  });

  it('de.json speaks to the merchant as "du", never "Sie"', () => {
    const formal = Object.entries(catalogs.de)
      .filter(([, value]) => /\b(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b/.test(literalText(value)))
      .map(([key, value]) => `${key}: ${value}`);
    expect(formal).toEqual([]);
  });
});
