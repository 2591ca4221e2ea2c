import fs from 'node:fs';
import path from 'node:path';
import { IntlMessageFormat } from 'intl-messageformat';
import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const LOCALES = ['en', 'de', 'fr', 'it', 'es'];
const load = (l: string): Record<string, string> => JSON.parse(fs.readFileSync(path.join(__dirname, `${l}.json`), 'utf8'));
const catalogs = Object.fromEntries(LOCALES.map((l) => [l, load(l)]));
const allKeys = [...new Set(LOCALES.flatMap((l) => Object.keys(catalogs[l])))].sort();

/** Argument names of an ICU message (plural/select branches included). */
function placeholders(pattern: string): string[] {
  const names = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const el of elements) {
      if (el.type >= 1 && el.type <= 6 && 'value' in el) names.add(String(el.value));
      if ('options' in el) Object.values(el.options).forEach((o) => walk(o.value));
      if ('children' in el) walk(el.children);
    }
  };
  walk(parse(pattern));
  return [...names].sort();
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

  it.each(LOCALES.filter((l) => l !== 'en'))('%s.json uses the same placeholders as en', (locale) => {
    const mismatched = allKeys.filter((k) => placeholders(catalogs.en[k]).join() !== placeholders(catalogs[locale][k] ?? '').join());
    expect(mismatched).toEqual([]);
  });

  it.each(LOCALES.filter((l) => l !== 'en'))('%s.json is really translated (most messages differ from en)', (locale) => {
    // Brand names (listed here) and short labels may stay; whole sentences must not.
    const sameOnPurpose = new Set(['General.appName']);
    const same = allKeys.filter(
      (k) => !sameOnPurpose.has(k) && catalogs[locale][k] === catalogs.en[k] && /[a-z]{4,}\s+[a-z]{3,}/i.test(catalogs.en[k]),
    );
    expect(same).toEqual([]);
  });
});
