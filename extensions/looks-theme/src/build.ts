/**
 * Builds the storefront scripts: src/index.ts → assets/looks.js, src/abMain.ts → assets/looks-ab.js (A/B
 * tests, loaded only next to a look with a running test), src/popupMain.ts → assets/looks-popup.js (the
 * popup dialog, loaded only with a popup widget), src/offerMain.ts → assets/looks-offer.js (a look's
 * mix-and-match offer kept in step with the cart, loaded only next to a look with tiers); each one minified ES2019 IIFE, no source map.
 * `npm run build:storefront` writes them; the asset test compares the committed files to a fresh build.
 */
import path from 'node:path';
import { build } from 'esbuild';

export const ROOT = path.resolve(__dirname, '..');
export const ASSET = path.join(ROOT, 'assets', 'looks.js');
export const AB_ASSET = path.join(ROOT, 'assets', 'looks-ab.js');
export const POPUP_ASSET = path.join(ROOT, 'assets', 'looks-popup.js');
export const OFFER_ASSET = path.join(ROOT, 'assets', 'looks-offer.js');

export async function bundle(entry = 'index.ts'): Promise<string> {
  const result = await build({
    entryPoints: [path.join(ROOT, 'src', entry)],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2019',
    platform: 'browser',
    legalComments: 'none',
    charset: 'utf8',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

if (require.main === module) {
  void (async () => {
    const { writeFileSync } = await import('node:fs');
    const { gzipSync } = await import('node:zlib');
    for (const [entry, asset] of [
      ['index.ts', ASSET],
      ['abMain.ts', AB_ASSET],
      ['popupMain.ts', POPUP_ASSET],
      ['offerMain.ts', OFFER_ASSET],
    ] as const) {
      const code = await bundle(entry);
      writeFileSync(asset, code);
      console.log(`${path.relative(process.cwd(), asset)}: ${code.length} B, ${gzipSync(code).length} B gzip`);
    }
  })();
}
