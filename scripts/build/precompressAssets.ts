/**
 * The production build's assets compressed once, at the highest levels, next
 * to the originals (`x.js.br`, `x.js.gz`): the server sends them as they are
 * (@fastify/static `preCompressed`, server/app.ts) instead of compressing each
 * response on the fly at a fast, weaker level. Brotli at quality 11 is about
 * a sixth smaller than what the server's on-the-fly brotli sent, and costs the
 * build a few seconds instead of each request some CPU.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Compiler } from 'webpack';

/** What is worth compressing: text assets under assets/ (source maps aside: only developers fetch them) of 1 KB or more. */
export const PRECOMPRESSED = /^assets\/.*\.(js|css|svg|json|txt)$/;
export const MIN_BYTES = 1024;

/** `content` as brotli (quality 11) and gzip (level 9). */
export function compressed(content: Buffer): { br: Buffer; gz: Buffer } {
  return {
    br: brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gz: gzipSync(content, { level: 9 }),
  };
}

/** Emits `<asset>.br` and `<asset>.gz` for each compressible asset, after minification and content hashing. */
export class PrecompressAssets {
  apply(compiler: Compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressAssets', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressAssets', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!PRECOMPRESSED.test(name)) continue;
            const content = compilation.getAsset(name)?.source.buffer();
            if (!content || content.length < MIN_BYTES) continue;
            const { br, gz } = compressed(content);
            compilation.emitAsset(`${name}.br`, new sources.RawSource(br), { compressed: true });
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(gz), { compressed: true });
          }
        },
      );
    });
  }
}
