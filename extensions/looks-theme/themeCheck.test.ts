import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * theme-check (the theme app extension config: AppBlock* and asset-size checks) over this extension,
 * offline: the Liquid docs come from the copy bundled with theme-check, the cache goes to a temp dir,
 * and any download attempt is recorded (and refused) so the test fails if it ever reaches for the network.
 */
const downloads: string[] = [];
jest.mock('node-fetch', () => {
  const refuse = (url: unknown) => {
    downloads.push(String(url));
    return Promise.reject(new Error(`network refused in tests: ${String(url)}`));
  };
  return { __esModule: true, default: refuse };
});

const ROOT = __dirname;
const bundledDocs = path.dirname(require.resolve('@shopify/theme-check-docs-updater/data/latest.json'));
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'looks-theme-check-'));
// The downloader reads <root>/data/*.json and <root>/schemas/*.json; the package bundles both flat in data/.
const docsRoot = path.join(tmp, 'docs');
fs.mkdirSync(docsRoot);
fs.symlinkSync(bundledDocs, path.join(docsRoot, 'data'));
fs.symlinkSync(bundledDocs, path.join(docsRoot, 'schemas'));
process.env.SHOPIFY_TLD_ROOT = docsRoot;
process.env.XDG_CACHE_HOME = path.join(tmp, 'cache');

// Loaded after the environment is set (the docs manager reads it when it starts).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { check } = require('@shopify/theme-check-node') as typeof import('@shopify/theme-check-node');

type Offenses = Awaited<ReturnType<typeof check>>;
const describeOffenses = (offenses: Offenses) =>
  offenses
    .map(
      (o) =>
        `${o.severity === 0 ? 'error' : o.severity === 1 ? 'warning' : 'info'} ${o.check} ${path.relative(ROOT, o.uri.replace(/^file:\/\//, ''))}:${(o.start?.line ?? 0) + 1} ${o.message}`,
    )
    .join('\n');

jest.setTimeout(120_000);

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('theme app extension', () => {
  it('has the Shopify CLI layout with the three blocks, snippets, assets and all five languages', () => {
    const toml = fs.readFileSync(path.join(ROOT, 'shopify.extension.toml'), 'utf8');
    expect(toml).toMatch(/^type = "theme"$/m);
    expect(toml).toMatch(/^name = ".+"$/m);
    expect(fs.readdirSync(path.join(ROOT, 'blocks')).sort()).toEqual([
      'looks-embed.liquid',
      'looks-gallery.liquid',
      'shoppable-look.liquid',
    ]);
    expect(fs.existsSync(path.join(ROOT, 'assets', 'looks.css'))).toBe(true);
    const locales = fs.readdirSync(path.join(ROOT, 'locales')).sort();
    expect(locales).toEqual([
      'de.json',
      'de.schema.json',
      'en.default.json',
      'en.default.schema.json',
      'es.json',
      'es.schema.json',
      'fr.json',
      'fr.schema.json',
      'it.json',
      'it.schema.json',
    ]);
  });

  it('passes theme-check with no errors, offline', async () => {
    const offenses = await check(ROOT);
    const errors = offenses.filter((o) => o.severity === 0);
    if (errors.length) console.error(describeOffenses(offenses));
    expect(describeOffenses(errors)).toBe('');
    expect(downloads).toEqual([]);
  });

  it('reports a broken block (the checks do run on this extension)', async () => {
    const copy = path.join(tmp, 'broken');
    fs.cpSync(ROOT, copy, { recursive: true, filter: (src) => !src.endsWith('.test.ts') });
    fs.writeFileSync(path.join(copy, 'blocks', 'broken.liquid'), '<div>{% if x %}</div>\n');
    const offenses = await check(copy);
    expect(offenses.some((o) => o.severity === 0 && o.uri.endsWith('broken.liquid'))).toBe(true);
    expect(downloads).toEqual([]);
  });
});
