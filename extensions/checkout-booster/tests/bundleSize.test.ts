import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The platform's cap for UI extensions of API version 2025-10 and later: 64 KB compressed. */
const CAP_BYTES = 64 * 1024;

describe('checkout booster bundle', () => {
  it('the esbuild bundle of the extension (Preact, signals, the ui-extensions runtime) stays under the 64 KB compressed cap', async () => {
    const result = await build({
      entryPoints: [path.join(__dirname, '../src/Checkout.tsx')],
      bundle: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2020',
      jsx: 'automatic',
      jsxImportSource: 'preact',
      write: false,
      logLevel: 'silent',
      metafile: true,
    });
    const code = result.outputFiles[0].contents;
    const compressed = gzipSync(code, { level: 9 }).length;
    // The bundle really holds Preact and the component (a broken build would be tiny).
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((i) => i.includes('node_modules/preact/'))).toBe(true);
    expect(inputs.some((i) => i.includes('@preact/signals'))).toBe(true);
    expect(inputs.some((i) => i.endsWith('src/LookItems.tsx'))).toBe(true);
    expect(new TextDecoder().decode(code)).toContain('addCartLine');
    expect(compressed).toBeLessThan(CAP_BYTES);
    // Logged for the README's size notes.
    console.log(`checkout-booster bundle: ${code.length} B, ${compressed} B gzip (cap ${CAP_BYTES} B)`);
  });
});
