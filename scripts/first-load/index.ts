/**
 * `npx tsx scripts/first-load/index.ts [stats.json]`: per list route (/, /looks, /analytics, /gallery),
 * the files loaded on a first visit, their gzip size, their size as the server sends them (the
 * build's brotli) and whether yup is among their modules.
 *
 * Without an argument it builds the admin first (webpack's `client` build, production) into
 * FIRST_LOAD_DIST (default /tmp/first-load-dist) and writes the stats next to it; with
 * FIRST_LOAD_FAST=1 the build is not minified and has no source maps (the same modules in the
 * same chunks, faster; sizes then mean nothing). Given a stats file (STATS_OPTIONS, or
 * `webpack --json` with those), it reads the files from FIRST_LOAD_DIST.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildClient } from './build';
import { brotliBytes, firstLoad, gzipBytes, LIST_ROUTES, packageModules, type BuildStats } from './firstLoad';

async function main() {
  const dist = path.resolve(process.env.FIRST_LOAD_DIST ?? '/tmp/first-load-dist');
  const statsFile = process.argv[2];
  const fast = process.env.FIRST_LOAD_FAST === '1';
  const stats: BuildStats = statsFile
    ? JSON.parse(fs.readFileSync(statsFile, 'utf8'))
    : await buildClient(dist, { fast });
  if (!statsFile) fs.writeFileSync(`${dist}.stats.json`, JSON.stringify(stats));
  for (const [route, group] of Object.entries(LIST_ROUTES)) {
    const load = firstLoad(stats, group);
    const yup = packageModules(load.modules, 'yup');
    const kb = (bytes: number) => (bytes / 1024).toFixed(1);
    const size = fast
      ? ''
      : ` ${kb(gzipBytes(dist, load.files))} KB gzip, ${kb(brotliBytes(dist, load.files))} KB as sent (brotli)`;
    process.stdout.write(
      `${route.padEnd(11)} ${group.padEnd(10)} ${load.files.length} files${size}, yup: ${yup.length ? `${yup.length} modules` : 'none'}\n`,
    );
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
