import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import webpack from 'webpack';
import { MIN_BYTES, PrecompressAssets } from './precompressAssets';

jest.setTimeout(60_000);

describe('PrecompressAssets', () => {
  let dir: string;
  beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'))));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes .br and .gz beside each text asset under assets/ of 1 KB or more, byte for byte the minified file', async () => {
    const big = Array.from(
      { length: 300 },
      (_, i) => `export const value${i} = ${JSON.stringify(`value number ${i}`)};`,
    ).join('\n');
    fs.writeFileSync(path.join(dir, 'big.js'), `${big}\nconsole.log(Object.keys(await import('./small.js')));\n`);
    fs.writeFileSync(path.join(dir, 'small.js'), 'export const tiny = 1;\n');
    fs.writeFileSync(
      path.join(dir, 'index.js'),
      "import * as all from './big.js';\nconsole.log(Object.values(all).join(','));\n",
    );
    const out = path.join(dir, 'dist');
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: dir,
          entry: { main: './index.js' },
          output: { path: out, filename: 'assets/[name].js', chunkFilename: 'assets/[name].chunk.js' },
          devtool: 'source-map',
          plugins: [new PrecompressAssets()],
        },
        (error, result) => (error || !result ? reject(error) : resolve(result)),
      ),
    );
    expect(stats.hasErrors()).toBe(false);
    const files = fs.readdirSync(path.join(out, 'assets')).sort();
    const main = fs.readFileSync(path.join(out, 'assets/main.js'));
    expect(main.length).toBeGreaterThanOrEqual(MIN_BYTES);
    expect(brotliDecompressSync(fs.readFileSync(path.join(out, 'assets/main.js.br')))).toEqual(main);
    expect(gunzipSync(fs.readFileSync(path.join(out, 'assets/main.js.gz')))).toEqual(main);
    expect(fs.statSync(path.join(out, 'assets/main.js.br')).size).toBeLessThan(
      fs.statSync(path.join(out, 'assets/main.js.gz')).size,
    );
    // A small chunk and the source maps stay as they are.
    const small = files.find((f) => f.endsWith('.chunk.js'))!;
    expect(fs.statSync(path.join(out, 'assets', small)).size).toBeLessThan(MIN_BYTES);
    expect(files.filter((f) => f.endsWith('.br'))).toEqual(['main.js.br']);
    expect(files.some((f) => f.endsWith('.map.br') || f.endsWith('.map.gz'))).toBe(false);
  });
});
