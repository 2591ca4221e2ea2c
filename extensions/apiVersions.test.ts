import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'smol-toml';

/**
 * Every extension builds with the library release of its toml's `api_version`:
 * - `@shopify/ui-extensions` is released per API version: `YYYY.M.patch` is `api_version = "YYYY-MM"`
 *   (2026.7.x ↔ 2026-07). Both what package.json asks for and what is installed must match.
 * - `@shopify/shopify_function` is not versioned by API: its major has to be the one Shopify CLI 4 builds
 *   with (2.x; the CLI maps the major to its javy and plugin versions and rejects others).
 * - An extension with a package.json and neither library has nothing to match; a theme extension has no
 *   package.json. A new library of this kind has to be added here (the test fails on an unknown one).
 */
const ROOT = __dirname;
const FUNCTION_LIBRARY_MAJOR = 2;
const VERSIONED = ['@shopify/ui-extensions', '@shopify/shopify_function'];
/** Libraries that follow the API version and are not handled above (caught so they get a rule). */
const API_VERSIONED_PATTERN = /^@shopify\/(ui-extensions|.*-extensions?|shopify_function)/;

interface Extension {
  name: string;
  dir: string;
  type: string;
  apiVersion: string | undefined;
  dependencies: Record<string, string>;
}

const extensions: Extension[] = fs
  .readdirSync(ROOT)
  .filter((name) => fs.existsSync(path.join(ROOT, name, 'shopify.extension.toml')))
  .map((name) => {
    const dir = path.join(ROOT, name);
    const toml = parse(fs.readFileSync(path.join(dir, 'shopify.extension.toml'), 'utf8')) as {
      api_version?: string;
      type?: string;
      extensions?: Array<{ type?: string }>;
    };
    const pkgFile = path.join(dir, 'package.json');
    const pkg = fs.existsSync(pkgFile)
      ? (JSON.parse(fs.readFileSync(pkgFile, 'utf8')) as {
          dependencies?: Record<string, string>;
          devDependencies?: Record<string, string>;
        })
      : {};
    return {
      name,
      dir,
      type: toml.type ?? toml.extensions?.[0]?.type ?? '',
      apiVersion: toml.api_version,
      dependencies: { ...pkg.dependencies, ...pkg.devDependencies },
    };
  });

/** "2026.7.4" or "~2026.7.0" → "2026-07"; null when the range is not one API release. */
export function uiExtensionsApiVersion(range: string): string | null {
  const match = /^[~^=]?\s*(\d{4})\.(\d{1,2})\.\d+(?:-[\w.]+)?$/.exec(range.trim());
  if (!match || range.trim().startsWith('^')) return null; // ^2026.7.0 would accept 2026.10.x
  return `${match[1]}-${match[2].padStart(2, '0')}`;
}

/** The version Node's resolution finds from the extension's folder (its node_modules, then the parents'). */
function installedVersion(pkg: string, fromDir: string): string {
  // Not require.resolve(`${pkg}/package.json`): packages with an "exports" map may not export it.
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
    if (path.dirname(dir) === dir) throw new Error(`${pkg} is not installed for ${fromDir}`);
  }
}

describe('extension library versions', () => {
  it('finds the extensions (the Flow ones are configuration only: no package.json, no API version)', () => {
    expect(extensions.map((e) => `${e.name}:${e.type}`).sort()).toEqual([
      'checkout-booster:ui_extension',
      'flow-ab-test-decided:flow_trigger',
      'flow-conversion-dropped:flow_trigger',
      'flow-item-sold-out:flow_trigger',
      'flow-lifecycle:flow_trigger_lifecycle_callback',
      'look-bundle:function',
      'looks-theme:theme',
    ]);
  });

  it('reads a ui-extensions version as its API version', () => {
    expect(uiExtensionsApiVersion('2026.7.4')).toBe('2026-07');
    expect(uiExtensionsApiVersion('~2026.10.0')).toBe('2026-10');
    expect(uiExtensionsApiVersion('2026.10.0-rc.3')).toBe('2026-10');
    expect(uiExtensionsApiVersion('^2026.7.4')).toBeNull();
    expect(uiExtensionsApiVersion('latest')).toBeNull();
  });

  describe.each(extensions.map((e) => [e.name, e] as const))('%s', (_name, extension) => {
    it('declares an api_version when it is not a theme or Flow extension (configuration only, not versioned by API)', () => {
      if (extension.type === 'theme' || extension.type.startsWith('flow_'))
        return expect(extension.apiVersion).toBeUndefined();
      expect(extension.apiVersion).toMatch(/^\d{4}-(01|04|07|10)$/);
    });

    it('uses no API-versioned library without a rule here', () => {
      const unknown = Object.keys(extension.dependencies).filter(
        (d) => API_VERSIONED_PATTERN.test(d) && !VERSIONED.includes(d),
      );
      expect(unknown).toEqual([]);
    });

    const uiRange = extension.dependencies['@shopify/ui-extensions'];
    if (uiRange) {
      it('asks for and has installed the @shopify/ui-extensions release of its api_version', () => {
        expect(uiExtensionsApiVersion(uiRange)).toBe(extension.apiVersion);
        expect(uiExtensionsApiVersion(installedVersion('@shopify/ui-extensions', extension.dir))).toBe(
          extension.apiVersion,
        );
      });
    }

    const functionRange = extension.dependencies['@shopify/shopify_function'];
    if (functionRange) {
      it(`asks for and has installed @shopify/shopify_function ${FUNCTION_LIBRARY_MAJOR}.x`, () => {
        expect(/^[~^=]?\s*(\d+)\./.exec(functionRange)?.[1]).toBe(String(FUNCTION_LIBRARY_MAJOR));
        expect(installedVersion('@shopify/shopify_function', extension.dir).split('.')[0]).toBe(
          String(FUNCTION_LIBRARY_MAJOR),
        );
      });
    }
    if (extension.type === 'function') {
      it('is a JavaScript Function on the Functions library', () => expect(functionRange).toBeDefined());
    }
  });
});
