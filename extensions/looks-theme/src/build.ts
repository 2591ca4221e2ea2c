/**
 * Builds the storefront script: src/index.ts → assets/looks.js (one minified ES2019 IIFE, no source
 * map). `npm run build:storefront` writes it; the asset test compares the committed file to a fresh build.
 */
import path from 'node:path';
import { build } from 'esbuild';

export const ROOT = path.resolve(__dirname, '..');
export const ASSET = path.join(ROOT, 'assets', 'looks.js');

export async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(ROOT, 'src', 'index.ts')],
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
  void bundle().then(async (code) => {
    const { writeFileSync } = await import('node:fs');
    const { gzipSync } = await import('node:zlib');
    writeFileSync(ASSET, code);
    console.log(`${path.relative(process.cwd(), ASSET)}: ${code.length} B, ${gzipSync(code).length} B gzip`);
  });
}
