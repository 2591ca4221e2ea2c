import fs from 'node:fs';
import path from 'node:path';

/**
 * Every extension speaks the admin's five languages: each `locales/en.default[.schema].json` has a
 * de, fr, it and es file with the same keys, each value filled in (what Shopify shows merchants in
 * the theme editor, the checkout editor and the Discounts list, and shoppers on the storefront).
 */
const LANGUAGES = ['de', 'fr', 'it', 'es'];
const extensions = fs.readdirSync(__dirname).filter((name) => fs.existsSync(path.join(__dirname, name, 'locales')));

function leaves(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value))
      for (const [k, v] of leaves(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
  } else out.set(prefix, value);
  return out;
}

const read = (file: string) => leaves(JSON.parse(fs.readFileSync(file, 'utf8')));

describe('extension locales', () => {
  it('finds the extensions that have locales', () => {
    expect(extensions.sort()).toEqual(['checkout-booster', 'look-bundle', 'looks-theme']);
  });

  for (const extension of extensions) {
    const dir = path.join(__dirname, extension, 'locales');
    for (const source of fs.readdirSync(dir).filter((f) => f.startsWith('en.default'))) {
      for (const language of LANGUAGES) {
        const target = source.replace('en.default', language);
        it(`${extension}/locales/${target} has every key of ${source}, filled in`, () => {
          expect(fs.existsSync(path.join(dir, target))).toBe(true);
          const english = read(path.join(dir, source));
          const translated = read(path.join(dir, target));
          expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
          for (const [key, value] of translated)
            expect([key, typeof value === 'string' && value.trim().length > 0]).toEqual([key, true]);
        });
      }
    }
  }
});
